/**
 * The Markdown Discord does not render: it sends such a message and shows these as raw text, so
 * it reads badly. In strict mode (the default, used by the tests and the sandbox) the emulator
 * refuses the message with 50035 naming the field and the construct; in lenient mode it records
 * a warning (message.markdownWarnings and a `markdownWarning` event), as Discord shows it anyway.
 * The subset Discord renders (Markdown Text 101 and the developer docs' message formatting):
 * bold, italics, underline, strike-through, spoilers, inline code, code blocks, `#`, `##` and
 * `###` headings, `-#` subtext, `>` and `>>>` quotes, `-`/`*` and numbered lists, masked links,
 * mentions and timestamps.
 */
import type { Json } from './json.ts';
import { textDisplayContents } from './components-v2.ts';
import type { Path } from './form-errors.ts';
import type { EmuMessage } from './types.ts';

const CHECKS: [RegExp, string][] = [
  [
    /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m,
    'a Markdown table (Discord shows the pipes as text)',
  ],
  [/^#{4,} \S/m, 'a heading of level 4 or deeper (Discord draws only #, ## and ###)'],
  [/^\S.*\n=+\s*$/m, 'an underlined (setext) heading (Discord shows the = line)'],
  [
    /<\/?(details|summary|br|b|i|u|em|strong|table|tr|td|th|div|span|p|img|sup|sub|hr|h[1-6])\b[^>]*>/i,
    'an HTML tag',
  ],
  [/!\[[^\]]*\]\([^)]+\)/, 'a Markdown image (Discord shows it as a link)'],
  [/^\s*(\*\s*){3,}$|^\s*-{3,}\s*$|^\s*_{3,}\s*$/m, 'a horizontal rule'],
  [/^\s*[-*] \[[ xX]\] /m, 'a task-list checkbox (Discord shows the brackets)'],
  [/\[\^\w+\]/, 'a footnote'],
  [/^\s*\[[^\]\n]+\]: \S+/m, 'a reference-style link definition'],
];

/** Every text a reader sees, with the field it is in: content, embed texts, Components V2 text displays. */
function fields(body: Json): [Path, string][] {
  const out: [Path, string][] = [];
  if (typeof body.content === 'string') out.push([['content'], body.content]);
  (Array.isArray(body.embeds) ? (body.embeds as Json[]) : []).forEach((e, i) => {
    if (typeof e.description === 'string') out.push([['embeds', i, 'description'], e.description]);
    (Array.isArray(e.fields) ? (e.fields as Json[]) : []).forEach((f, j) => {
      if (typeof f.value === 'string') out.push([['embeds', i, 'fields', j, 'value'], f.value]);
    });
  });
  for (const t of textDisplayContents(body.components)) out.push([['components'], t]);
  return out;
}

const texts = (body: Json): string[] => fields(body).map(([, t]) => t);

/** What in one text Discord would show as raw Markdown. Code blocks show their content verbatim on purpose. */
function unrendered(text: string): string[] {
  const bare = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return CHECKS.filter(([re]) => re.test(bare)).map(([, what]) => what);
}

/** What in the message Discord would show as raw Markdown; empty when all of it renders. */
export function rawMarkdown(body: Json): string[] {
  return [...new Set(fields(body).flatMap(([, t]) => unrendered(t)))];
}

/** Each field holding Markdown Discord would show raw, with what it holds. */
export function rawMarkdownFields(body: Json): { path: Path; what: string[] }[] {
  return fields(body)
    .map(([path, t]) => ({ path, what: unrendered(t) }))
    .filter((f) => f.what.length > 0);
}

// ── How a reader sees it ───────────────────────────────────────────────────────────────────

/** A piece of formatting Discord draws. */
export type MarkdownKind =
  | 'heading'
  | 'subtext'
  | 'quote'
  | 'list'
  | 'codeBlock'
  | 'code'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'spoiler'
  | 'link'
  | 'mention';

export interface Formatted {
  kind: MarkdownKind;
  /** What the reader sees inside it. */
  text: string;
}

/** Text as Discord shows it: what a reader reads, and every piece of formatting drawn. */
export interface ReadMarkdown {
  text: string;
  formats: Formatted[];
}

/** What a backslash escapes: any ASCII punctuation or symbol (Discord, like CommonMark). */
export const ESCAPABLE = /[^0-9A-Za-z\s]/;

/** The next unescaped `delim` at or after `from` (with text before it), or -1. */
export function closing(s: string, from: number, delim: string): number {
  for (let j = from; j < s.length; j++) {
    if (s[j] === '\\' && ESCAPABLE.test(s[j + 1] ?? '')) {
      j++;
      continue;
    }
    if (j > from && s.startsWith(delim, j)) {
      // A single * or _ closes only where it is not half of a double one.
      if (delim.length === 1 && (s[j + 1] === delim || s[j - 1] === delim)) continue;
      return j;
    }
  }
  return -1;
}

const PAIRS: [string, MarkdownKind][] = [
  ['**', 'bold'],
  ['__', 'underline'],
  ['~~', 'strike'],
  ['||', 'spoiler'],
  ['*', 'italic'],
  ['_', 'italic'],
];

const MENTION = /^<(?:@[!&]?\d+|#\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+|\/[\w -]+:\d+)>/;
const MASKED_LINK = /^\[([^\]\n]+)\]\(<?(https?:\/\/[^)\s>]+)>?\)/;

/** Discord's inline Markdown (the subset it draws), read recursively. */
function inline(s: string, formats: Formatted[]): string {
  let out = '';
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? '';
    const rest = s.slice(i);
    if (c === '\\' && ESCAPABLE.test(s[i + 1] ?? '')) {
      out += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const fence = rest.startsWith('``') ? '``' : '`';
      const end = s.indexOf(fence, i + fence.length);
      if (end > i + fence.length - 1) {
        const code = s.slice(i + fence.length, end);
        formats.push({ kind: 'code', text: code });
        out += code;
        i = end + fence.length;
        continue;
      }
    }
    const pair = PAIRS.find(([d]) => rest.startsWith(d));
    if (pair) {
      const [d, kind] = pair;
      const end = closing(s, i + d.length, d);
      if (end > 0) {
        const text = inline(s.slice(i + d.length, end), formats);
        formats.push({ kind, text });
        out += text;
        i = end + d.length;
        continue;
      }
    }
    const link = MASKED_LINK.exec(rest);
    if (link) {
      const text = inline(link[1] ?? '', formats);
      formats.push({ kind: 'link', text });
      out += text;
      i += link[0].length;
      continue;
    }
    const mention = MENTION.exec(rest) ?? /^@(everyone|here)\b/.exec(rest);
    if (mention) {
      const text = `@{${mention[0]}}`;
      formats.push({ kind: 'mention', text: mention[0] });
      out += text;
      i += mention[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** One line outside a code block: headings, subtext, quotes and list items, then its inline Markdown. */
function line(raw: string, quoted: boolean, formats: Formatted[]): { text: string; quoteRest: boolean } {
  let s = raw;
  let quoteRest = false;
  let inQuote = quoted;
  if (!quoted && /^>>> /.test(s)) {
    s = s.slice(4);
    quoteRest = true;
    inQuote = true;
  } else if (!quoted && /^> /.test(s)) {
    s = s.slice(2);
    inQuote = true;
  }
  let block: MarkdownKind | null = null;
  const heading = /^#{1,3} (?=\S)/.exec(s);
  const subtext = /^-# (?=\S)/.exec(s);
  const item = /^\s*(?:[-*]|\d+\.) (?=\S)/.exec(s);
  const marker = heading ?? subtext ?? item;
  if (marker) {
    block = heading ? 'heading' : subtext ? 'subtext' : 'list';
    s = s.slice(marker[0].length);
  }
  const text = inline(s, formats);
  if (block) formats.push({ kind: block, text });
  if (inQuote) formats.push({ kind: 'quote', text });
  return { text, quoteRest };
}

/**
 * Reads text as Discord draws it, close enough to tell formatting from literal text: escapes,
 * code blocks and spans, headings, subtext, quotes (`>>>` quotes everything after it), lists,
 * bold, italics, underline, strike-through, spoilers, masked links and mentions (shown as
 * `@{<@&1>}`). A test can then check that what a user wrote reads literally.
 */
export function readMarkdown(source: string): ReadMarkdown {
  const formats: Formatted[] = [];
  const lines: string[] = [];
  let quoted = false;
  const parts = source.split(/(?<!\\)```/);
  parts.forEach((part, n) => {
    // Odd parts sit between fences: a code block, shown as it is (a first word is its language).
    if (n % 2 === 1 && n < parts.length - 1) {
      const code = part.replace(/^\w*\n/, '');
      formats.push({ kind: 'codeBlock', text: code });
      lines.push(code);
      return;
    }
    const text = n % 2 === 1 ? `\`\`\`${part}` : part;
    const rows = text.split('\n');
    const read: string[] = [];
    for (const row of rows) {
      const r = line(row, quoted, formats);
      if (r.quoteRest) quoted = true;
      read.push(r.text);
    }
    lines.push(read.join('\n'));
  });
  return { text: lines.join(''), formats };
}

/** A message as a reader sees it: every text it shows, read as Markdown. */
export function readMessage(message: Pick<EmuMessage, 'content' | 'embeds' | 'components'>): ReadMarkdown {
  return readMarkdown(texts(message).join('\n'));
}
