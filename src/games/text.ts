/**
 * Text helpers the engines and the bot share (src/bot/kernel/text.ts re-exports them): cutting
 * text without splitting a character people see as one, and showing what a user wrote exactly
 * as written inside Discord Markdown.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The characters a reader sees (grapheme clusters): an emoji, a flag, a letter with its accents. */
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/** Characters as Discord counts them (code points). */
export const charCount = (text: string): number => [...text].length;

/**
 * The longest run of whole graphemes from the start of `parts` that fits in `max` code points;
 * returns how many graphemes fit.
 */
function fitting(parts: readonly string[], max: number): number {
  let used = 0;
  let n = 0;
  for (const g of parts) {
    const size = charCount(g);
    if (used + size > max) break;
    used += size;
    n++;
  }
  return n;
}

/**
 * Cuts `text` to `max` characters, ending with an ellipsis when something was cut. Counted in
 * code points, as Discord counts, and cut only between graphemes, so an emoji, a flag or a
 * family is never split (a lone surrogate Discord refuses, or half a flag).
 */
export function clip(text: string, max: number): string {
  if (charCount(text) <= max) return text;
  const parts = graphemes(text);
  return `${parts.slice(0, fitting(parts, Math.max(0, max - 1))).join('')}…`;
}

/**
 * Splits one line into pieces of at most `max` characters, between graphemes, preferring to
 * break after a space in the second half of a piece. Nothing is lost: joined, the pieces are
 * the line.
 */
export function splitLine(line: string, max: number): string[] {
  if (charCount(line) <= max) return [line];
  const pieces: string[] = [];
  let rest = graphemes(line);
  while (rest.length > 0) {
    let n = Math.max(1, fitting(rest, max));
    if (n < rest.length) {
      const space = rest.slice(0, n).lastIndexOf(' ');
      if (space >= n / 2) n = space + 1;
    }
    pieces.push(rest.slice(0, n).join(''));
    rest = rest.slice(n);
  }
  return pieces;
}

/**
 * Splits long text into message-sized pieces on line breaks where possible. A line longer than
 * `max` is split too (between graphemes, at a space where it can), so no text is lost and no
 * piece is empty.
 */
export function chunkLines(text: string, max: number): string[] {
  const chunks: string[] = [];
  let current: string | null = null;
  for (const line of text.split('\n'))
    for (const piece of splitLine(line, max)) {
      if (current !== null && charCount(current) + 1 + charCount(piece) <= max)
        current = `${current}\n${piece}`;
      else {
        if (current !== null && current.trim()) chunks.push(current);
        current = piece;
      }
    }
  if (current?.trim()) chunks.push(current);
  return chunks;
}

/**
 * A count and its noun, singular for one: `plural(1, 'decision')` is "1 decision",
 * `plural(3, 'crisis', 'crises')` "3 crises". Every "n thing(s)" the bot or a game shows uses it.
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What the helper below adds at a cut: how much was left out, in words a reader understands. */
export const cutNote = (left: number): string =>
  `… (${plural(left, 'more character', 'more characters')} not shown)`;

/**
 * Text a user wrote (a name, a promise, a narration, a justification, a form's answer), made to
 * show literally inside Discord Markdown: every character that could format (bold, italics,
 * underline, strike-through, spoilers, code, masked links, mentions, role and channel badges,
 * custom emoji and timestamps) is escaped, and so is every construct that only counts at the
 * start of a line (headings, subtext, quotes including `>>>`, lists), at the start of the text
 * too, since it may be placed at the start of a line. Line breaks are kept. With `max`, text
 * longer than `max` characters is cut between graphemes and says how much was left out.
 *
 * Only for Markdown: button and select labels, placeholders, modal texts, picture text and alt
 * text are plain text and take the raw text.
 */
export function literal(text: string, max?: number): string {
  let raw = text.replace(/\r\n?/g, '\n');
  if (max !== undefined && charCount(raw) > max) {
    const parts = graphemes(raw);
    const kept = fitting(parts, max);
    raw = `${parts.slice(0, kept).join('')}${cutNote(charCount(parts.slice(kept).join('')))}`;
  }
  return (
    raw
      // A backslash first, so the escapes added below stay escapes.
      .replace(/\\/g, '\\\\')
      // Inline formatting, masked links and anything in angle brackets (<@&role>, <#channel>,
      // <:emoji:id>, <t:…>, </command:id>, <https://…>).
      .replace(/[*_~|`[\]<]/g, '\\$&')
      // @everyone and @here show as a mention even when nobody is pinged.
      .replace(/@(everyone|here)/g, '\\@$1')
      // At the start of a line (or of the text): headings, subtext (-#), quotes, lists.
      .replace(/^([ \t]*)([#>+-])/gm, '$1\\$2')
      .replace(/^([ \t]*\d+)([.)])/gm, '$1\\$2')
  );
}

/**
 * Markdown made by the games back to the plain text it shows: the escapes `literal` adds are
 * removed. For a picture or other plain text that shows a line written for Markdown (an
 * outcome's summary names its players as `literal` made them).
 */
export const plain = (markdown: string): string => markdown.replace(/\\([^0-9A-Za-z\s])/g, '$1');
