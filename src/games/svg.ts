/**
 * A small SVG toolkit for game pictures (see picture.ts). Everything is a pure string builder;
 * coordinates are rounded to whole pixels so the same view gives the same SVG on every machine.
 *
 * Text widths are estimated, not measured (no font access here): the per-character widths
 * below are at or above DejaVu Sans's real advances, so wrapped text stays inside its box.
 */
import { MIN_TEXT_PX, PICTURE_FONT } from './picture.ts';

export const px = (n: number): number => Math.round(n);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

const NARROW = new Set([...`iljtfrI.,:;'|!()[]{} `]);
const WIDE = new Set([...'mwMW@%']);

/** Estimated advance of one character, in em (bold is about 10% wider). */
function charEm(c: string): number {
  if (NARROW.has(c)) return 0.4;
  if (WIDE.has(c)) return 1.0;
  if (/[A-Z0-9]/.test(c)) return 0.78;
  if (/[a-z]/.test(c)) return 0.64;
  return 0.85; // symbols (suits, arrows, ✓) and anything unusual
}

/** charEm of the ASCII characters, looked up by code: pictures measure text thousands of times. */
const ASCII_EM = Float64Array.from({ length: 128 }, (_, code) => charEm(String.fromCharCode(code)));
const ELLIPSIS_EM = charEm('…');

/**
 * The em of `text` added to `em`, one code point at a time in order (so a running sum gives the
 * same number, to the last bit, as measuring the whole text again).
 */
function addEm(em: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      em += ASCII_EM[code] ?? 0;
      continue;
    }
    const point = text.codePointAt(i) ?? code;
    em += charEm(String.fromCodePoint(point));
    if (point > 0xffff) i++;
  }
  return em;
}

const widthOf = (em: number, size: number, bold: boolean): number => em * size * (bold ? 1.1 : 1);

export function textWidth(text: string, size: number, bold = false): number {
  return widthOf(addEm(0, text), size, bold);
}

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts text to fit a width, ending with an ellipsis when anything was cut. It cuts between
 * graphemes (what a reader sees as one character), so an emoji, a flag or an accented letter is
 * kept whole or left out, never halved into a lone surrogate ("�") or half a flag. Each cut is
 * measured from running sums (`ems[i]`: the em of the text's first i code units), not by
 * measuring the text again for every grapheme dropped.
 */
export function fit(text: string, width: number, size: number, bold = false): string {
  const ems = new Float64Array(text.length + 1);
  for (let i = 0; i < text.length;) {
    const next = i + ((text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);
    ems[next] = addEm(ems[i] ?? 0, text.slice(i, next));
    i = next;
  }
  if (widthOf(ems[text.length] ?? 0, size, bold) <= width) return text;
  const ends = Array.from(GRAPHEMES.segment(text), (g) => g.index + g.segment.length);
  const kept = (graphemes: number) => text.slice(0, ends[graphemes - 1] ?? 0).trimEnd();
  let n = ends.length;
  while (n > 0 && widthOf((ems[kept(n).length] ?? 0) + ELLIPSIS_EM, size, bold) > width) n--;
  return `${kept(n)}…`;
}

/**
 * Greedy word wrap into at most `maxLines` lines (the last one ends in "…" if text was left
 * over). A word longer than a line is cut. The line's width is kept as a running sum.
 */
export function wrap(text: string, width: number, size: number, bold = false, maxLines = 99): string[] {
  const lines: string[] = [];
  let line = '';
  let lineEm = 0;
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const candidateEm = line ? addEm(addEm(lineEm, ' '), word) : addEm(0, word);
    if (widthOf(candidateEm, size, bold) <= width) {
      line = line ? `${line} ${word}` : word;
      lineEm = candidateEm;
      continue;
    }
    if (line) lines.push(line);
    line = fit(word, width, size, bold);
    lineEm = addEm(0, line);
    if (lines.length === maxLines) {
      const last = lines.pop() ?? '';
      lines.push(fit(`${last} ${words.slice(i).join(' ')}`, width, size, bold));
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The default colour of picture text. */
export const INK = '#1b1b1b';

export interface TextStyle {
  size: number;
  /** INK unless given. */
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
}

/** One line of text at a baseline; refuses sizes a phone cannot read. */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  if (style.size < MIN_TEXT_PX)
    throw new Error(`Picture text of ${style.size}px is below the ${MIN_TEXT_PX}px minimum.`);
  const attrs = [
    `x="${px(x)}"`,
    `y="${px(y)}"`,
    `font-family="${PICTURE_FONT}"`,
    `font-size="${px(style.size)}"`,
    style.bold ? 'font-weight="bold"' : '',
    style.anchor && style.anchor !== 'start' ? `text-anchor="${style.anchor}"` : '',
    `fill="${style.fill ?? INK}"`,
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}

/** Lines of text from a top edge; returns the SVG and the height used. */
export function textBlock(
  x: number,
  top: number,
  lines: readonly string[],
  style: TextStyle,
  lineHeight = Math.ceil(style.size * 1.3),
): { svg: string; height: number } {
  // The first baseline sits about one font size below the top edge.
  const svg = lines.map((l, i) => text(x, top + style.size + i * lineHeight, l, style)).join('');
  return { svg, height: lines.length * lineHeight };
}

export interface BoxStyle {
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  radius?: number;
  dash?: boolean;
}

/** A rounded rectangle: a card, a panel, a chip. */
export function box(x: number, y: number, width: number, height: number, style: BoxStyle): string {
  const attrs = [
    `x="${px(x)}"`,
    `y="${px(y)}"`,
    `width="${px(width)}"`,
    `height="${px(height)}"`,
    style.radius ? `rx="${px(style.radius)}"` : '',
    `fill="${style.fill}"`,
    style.stroke ? `stroke="${style.stroke}" stroke-width="${px(style.strokeWidth ?? 1)}"` : '',
    style.dash ? 'stroke-dasharray="6 4"' : '',
  ].filter(Boolean);
  return `<rect ${attrs.join(' ')}/>`;
}

/** A circle, filled, with an optional outline. */
export function circle(
  cx: number,
  cy: number,
  r: number,
  style: { fill: string; stroke?: string; strokeWidth?: number },
): string {
  const stroke = style.stroke ? ` stroke="${style.stroke}" stroke-width="${px(style.strokeWidth ?? 1)}"` : '';
  return `<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r)}" fill="${style.fill}"${stroke}/>`;
}

/** A filled chip with one centred label; returns the SVG and the chip's width. */
export function chip(
  x: number,
  y: number,
  label: string,
  colours: { fill: string; text: string },
  size = 14,
): { svg: string; width: number } {
  const width = Math.ceil(textWidth(label, size, true) + 14);
  const height = Math.ceil(size * 1.6);
  return {
    svg:
      box(x, y, width, height, { fill: colours.fill, radius: height / 2 }) +
      text(x + width / 2, y + height / 2 + size * 0.36, label, {
        size,
        fill: colours.text,
        bold: true,
        anchor: 'middle',
      }),
    width,
  };
}

/** The whole document: a background and the drawn parts, in order. */
export function svgDocument(
  width: number,
  height: number,
  background: string,
  parts: readonly string[],
): string {
  const w = px(width);
  const h = px(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${background}"/>${parts.join('')}</svg>`
  );
}

/** Discord's limit on an attachment's description, which carries the alt text. */
export const ALT_MAX = 1024;

/** Joins alt-text sentences and cuts the result to ALT_MAX characters. */
export function altText(sentences: readonly string[]): string {
  const alt = sentences.filter(Boolean).join(' ');
  const points = [...alt];
  return points.length <= ALT_MAX ? alt : `${points.slice(0, ALT_MAX - 1).join('')}…`;
}
