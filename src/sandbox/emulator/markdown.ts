/**
 * The Markdown Discord does not render: it shows these as raw text, so a message using them
 * reads badly. The emulator records a warning (message.markdownWarnings and a
 * `markdownWarning` event) instead of refusing, as Discord would send the message anyway.
 */
import type { Json } from './json.ts';
import { textDisplayContents } from './components-v2.ts';
import type { EmuMessage } from './types.ts';

const CHECKS: [RegExp, string][] = [
  [
    /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m,
    'a Markdown table (Discord shows the pipes as text)',
  ],
  [
    /<\/?(details|summary|br|b|i|u|em|strong|table|tr|td|th|div|span|p|img|sup|sub|hr)\b[^>]*>/i,
    'an HTML tag',
  ],
  [/!\[[^\]]*\]\([^)]+\)/, 'a Markdown image (Discord shows it as a link)'],
  [/^\s*(\*\s*){3,}$|^\s*-{3,}\s*$/m, 'a horizontal rule'],
  [/\[\^\w+\]/, 'a footnote'],
];

/** Every text a reader sees: content, embed texts, Components V2 text displays. */
function texts(body: Json): string[] {
  const out: string[] = [];
  if (typeof body.content === 'string') out.push(body.content);
  for (const e of Array.isArray(body.embeds) ? (body.embeds as Json[]) : []) {
    if (typeof e.description === 'string') out.push(e.description);
    for (const f of Array.isArray(e.fields) ? (e.fields as Json[]) : [])
      if (typeof f.value === 'string') out.push(f.value);
  }
  out.push(...textDisplayContents(body.components));
  return out;
}

/** What in the message Discord would show as raw Markdown; empty when all of it renders. */
export function rawMarkdown(body: Json): string[] {
  // Code blocks show their content verbatim on purpose.
  const all = texts(body)
    .map((t) => t.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, ''))
    .join('\n');
  return CHECKS.filter(([re]) => re.test(all)).map(([, what]) => what);
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
