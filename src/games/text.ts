/**
 * Text helpers the engines and the bot share (src/bot/kernel/text.ts re-exports them): cutting
 * text without splitting a character people see as one.
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
