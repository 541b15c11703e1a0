/**
 * Discord's Markdown subset as a tree the page turns into DOM nodes (never into HTML strings):
 * the rules the emulator reads text by (`readMarkdown` in emulator/markdown.ts: escapes, code
 * blocks and spans, `#`–`###` headings, `-#` subtext, `>` and `>>>` quotes, lists, bold, italics,
 * underline, strike-through, spoilers, masked links, mentions), plus bare links, which Discord
 * also draws. CommonMark renderers draw a different language (tables, images, no `__underline__`,
 * no `||spoilers||`, no `-#`), so the page would show what Discord does not.
 */
import { closing, ESCAPABLE } from '../emulator/markdown.ts';

/** Who a mention names, resolved by the server (names are plain text, escaped by the page). */
export interface Names {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
  role(id: string): string | undefined;
}

export type Inline =
  | string
  | { t: 'b' | 'i' | 'u' | 's' | 'spoiler'; c: Inline[] }
  | { t: 'code'; text: string }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'mention'; kind: 'user' | 'channel' | 'role' | 'everyone' | 'command'; id?: string; label: string }
  | { t: 'time'; unix: number; style: string }
  | { t: 'emoji'; name: string };

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: number; c: Inline[] }
  | { t: 'sub'; c: Inline[] }
  | { t: 'li'; marker: string; depth: number; c: Inline[] }
  | { t: 'quote'; c: Block[] }
  | { t: 'pre'; text: string };

const PAIRS: [string, 'b' | 'u' | 's' | 'spoiler' | 'i'][] = [
  ['**', 'b'],
  ['__', 'u'],
  ['~~', 's'],
  ['||', 'spoiler'],
  ['*', 'i'],
  ['_', 'i'],
];

const MENTION = /^<(@[!&]?|#)(\d+)>/;
const TIME = /^<t:(-?\d+)(?::([tTdDfFR]))?>/;
const EMOJI = /^<a?:(\w+):\d+>/;
const COMMAND = /^<\/([\w -]+):\d+>/;
const MASKED_LINK = /^\[([^\]\n]+)\]\(<?(https?:\/\/[^)\s>]+)>?\)/;
const BARE_LINK = /^https?:\/\/[^\s<]+[^\s<.,:;"')\]]/;

function mention(sigil: string, id: string, names: Names): Inline {
  if (sigil === '#')
    return { t: 'mention', kind: 'channel', id, label: `#${names.channel(id) ?? 'unknown'}` };
  if (sigil === '@&')
    return { t: 'mention', kind: 'role', id, label: `@${names.role(id) ?? 'unknown-role'}` };
  return { t: 'mention', kind: 'user', id, label: `@${names.user(id) ?? 'unknown-user'}` };
}

/** Appends text, merging it into a preceding string. */
function push(out: Inline[], piece: Inline): void {
  const last = out[out.length - 1];
  if (typeof piece === 'string' && typeof last === 'string') out[out.length - 1] = last + piece;
  else out.push(piece);
}

export function inline(s: string, names: Names): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? '';
    const rest = s.slice(i);
    if (c === '\\' && ESCAPABLE.test(s[i + 1] ?? '')) {
      push(out, s[i + 1] ?? '');
      i += 2;
      continue;
    }
    if (c === '`') {
      const fence = rest.startsWith('``') ? '``' : '`';
      const end = s.indexOf(fence, i + fence.length);
      if (end > i + fence.length - 1) {
        out.push({ t: 'code', text: s.slice(i + fence.length, end) });
        i = end + fence.length;
        continue;
      }
    }
    const pair = PAIRS.find(([d]) => rest.startsWith(d));
    if (pair) {
      const [d, t] = pair;
      const end = closing(s, i + d.length, d);
      if (end > 0) {
        out.push({ t, c: inline(s.slice(i + d.length, end), names) });
        i = end + d.length;
        continue;
      }
    }
    const link = MASKED_LINK.exec(rest);
    if (link) {
      out.push({ t: 'link', href: link[2] ?? '', c: inline(link[1] ?? '', names) });
      i += link[0].length;
      continue;
    }
    const bare = BARE_LINK.exec(rest);
    if (bare && (i === 0 || /\W/.test(s[i - 1] ?? ''))) {
      out.push({ t: 'link', href: bare[0], c: [bare[0]] });
      i += bare[0].length;
      continue;
    }
    const everyone = /^@(everyone|here)\b/.exec(rest);
    if (everyone) {
      out.push({ t: 'mention', kind: 'everyone', label: everyone[0] });
      i += everyone[0].length;
      continue;
    }
    const token = matchToken(rest, names);
    if (token) {
      out.push(token.piece);
      i += token.length;
      continue;
    }
    push(out, c);
    i++;
  }
  return out;
}

function matchToken(rest: string, names: Names): { piece: Inline; length: number } | null {
  const m = MENTION.exec(rest);
  if (m) return { piece: mention(m[1] ?? '@', m[2] ?? '', names), length: m[0].length };
  const t = TIME.exec(rest);
  if (t) return { piece: { t: 'time', unix: Number(t[1]), style: t[2] ?? 'f' }, length: t[0].length };
  const e = EMOJI.exec(rest);
  if (e) return { piece: { t: 'emoji', name: e[1] ?? '' }, length: e[0].length };
  const cmd = COMMAND.exec(rest);
  if (cmd)
    return { piece: { t: 'mention', kind: 'command', label: `/${cmd[1] ?? ''}` }, length: cmd[0].length };
  return null;
}

/** One line outside a code block: heading, subtext or list item, then its inline Markdown. */
function lineBlock(s: string, names: Names): Block {
  const heading = /^(#{1,3}) (?=\S)/.exec(s);
  if (heading)
    return { t: 'h', level: heading[1]?.length ?? 1, c: inline(s.slice(heading[0].length), names) };
  const subtext = /^-# (?=\S)/.exec(s);
  if (subtext) return { t: 'sub', c: inline(s.slice(subtext[0].length), names) };
  const item = /^(\s*)([-*]|\d+\.) (?=\S)/.exec(s);
  if (item) {
    const marker = item[2] === '-' || item[2] === '*' ? '•' : (item[2] ?? '•');
    const depth = Math.min(3, Math.floor((item[1]?.length ?? 0) / 2));
    return { t: 'li', marker, depth, c: inline(s.slice(item[0].length), names) };
  }
  return { t: 'p', c: inline(s, names) };
}

/** Text as Discord lays it out: blocks of lines, quotes grouped, code blocks verbatim. */
export function markdownTree(source: string, names: Names): Block[] {
  const blocks: Block[] = [];
  let quoteAll = false;
  const addLine = (row: string): void => {
    let s = row;
    let quoted = quoteAll;
    if (!quoted && /^>>> /.test(s)) {
      s = s.slice(4);
      quoteAll = true;
      quoted = true;
    } else if (!quoted && /^> /.test(s)) {
      s = s.slice(2);
      quoted = true;
    }
    const block = lineBlock(s, names);
    const last = blocks[blocks.length - 1];
    if (!quoted) blocks.push(block);
    else if (last?.t === 'quote') last.c.push(block);
    else blocks.push({ t: 'quote', c: [block] });
  };
  const parts = source.split(/(?<!\\)```/);
  parts.forEach((part, n) => {
    if (n % 2 === 1 && n < parts.length - 1) {
      blocks.push({ t: 'pre', text: part.replace(/^\w*\n/, '').replace(/\n$/, '') });
      return;
    }
    const text = n % 2 === 1 ? `\`\`\`${part}` : part;
    const rows = text.split('\n');
    // Text right after a code block continues its line; a line break right before one ends nothing.
    if (n > 0 && rows[0] === '') rows.shift();
    if (n < parts.length - 1 && rows[rows.length - 1] === '') rows.pop();
    rows.forEach(addLine);
  });
  return blocks;
}
