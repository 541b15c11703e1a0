/**
 * Colours and shared pieces of the Collection Deck pictures. Aspects are always spelled out
 * (a newcomer does not know P/M/E/W) and keep one colour each across both pictures.
 */
import { box, chip, px, text, textBlock, textWidth, wrap } from '../svg.ts';
import { statusLine } from './status-line.ts';
import type { CdView } from './view.ts';
import { plain, plural } from '../text.ts';

export const INK = '#1c1f24';
export const MUTED = '#4a5058';
export const PAPER = '#eef1f4';
export const CARD = '#ffffff';
export const EDGE = '#9aa3ad';
export const HIGHLIGHT = '#d99a00';
export const GOOD = '#1b7a3a';
export const BAD = '#b3261e';
export const WARN = '#9a5b00';

const ASPECTS: Record<string, { word: string; fill: string }> = {
  P: { word: 'Political', fill: '#5b3f9e' },
  M: { word: 'Military', fill: '#a23b2a' },
  E: { word: 'Economic', fill: '#1f6e46' },
  W: { word: 'Weapons', fill: '#8a4a00' },
};

export const aspectWord = (code: string): string => ASPECTS[code]?.word ?? code;

/** "political, military and weapons", for alt text. */
export function aspectsInWords(codes: string): string {
  const words = [...codes].map((c) => aspectWord(c).toLowerCase());
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** Aspect chips flowing left to right, wrapping inside `width`; returns the SVG and height. */
export function aspectChips(
  x: number,
  top: number,
  width: number,
  codes: string,
): { svg: string; height: number } {
  const rowHeight = 28;
  let cx = x;
  let y = top;
  const parts: string[] = [];
  for (const code of codes) {
    const style = ASPECTS[code] ?? { word: code, fill: MUTED };
    const probe = chip(0, 0, style.word, { fill: style.fill, text: '#ffffff' });
    if (cx > x && cx + probe.width > x + width) {
      cx = x;
      y += rowHeight;
    }
    parts.push(chip(cx, y, style.word, { fill: style.fill, text: '#ffffff' }).svg);
    cx += probe.width + 6;
  }
  return { svg: parts.join(''), height: codes.length === 0 ? 0 : y - top + rowHeight };
}

export const DISCIPLINE_COLOURS: Record<string, string> = {
  GEOINT: '#1f6f78',
  HUMINT: '#7a4b1f',
  MASINT: '#5b3f9e',
  OSINT: '#8a4a00',
  SIGINT: '#1d4f9c',
};
export const REALITY_COLOUR = '#7a1f3d';

export const STATUS_COLOURS: Record<string, string> = {
  standing: GOOD,
  countered: BAD,
  lost: MUTED,
  misfit: WARN,
  challenged: WARN,
};

/** A coloured band across the top of a card with a white label. */
export function band(x0: number, y0: number, w: number, fill: string, label: string, right = ''): string {
  const [x, y, width] = [px(x0), px(y0), px(w)];
  return (
    `<path d="M${x} ${y + 34}V${y + 10}a10 10 0 0 1 10 -10H${x + width - 10}a10 10 0 0 1 10 10V${y + 34}Z" fill="${fill}"/>` +
    text(x + 12, y + 23, label, { size: 15, bold: true, fill: '#ffffff' }) +
    (right
      ? text(x + width - 12, y + 23, right, { size: 15, bold: true, fill: '#ffffff', anchor: 'end' })
      : '')
  );
}

const editionName = (v: CdView): string => (v.edition === 'cia' ? 'Collection Deck' : 'CIA: Collect It All');

/**
 * The strip at the top of both pictures: title, what is happening, and every seat's score
 * (the seat whose turn it is outlined). Returns the SVG and the height used.
 */
export function header(v: CdView, width: number, title: string): { svg: string; height: number } {
  const parts = [text(24, 38, `${editionName(v)} — ${title}`, { size: 24, bold: true, fill: INK })];
  const status = textBlock(24, 50, wrap(plain(statusLine(v)), width - 48, 17, false, 2), {
    size: 17,
    fill: INK,
  });
  parts.push(status.svg);
  let y = 50 + status.height + 10;
  let x = 24;
  for (const seat of v.seats) {
    const label = `${seat.name}: ${seat.score} pt · ${seat.solved} solved · ${plural(seat.handSize, 'card')}`;
    const w = Math.ceil(Math.min(textWidth(label, 15, true), width - 80) + 24);
    if (x > 24 && x + w > width - 24) {
      x = 24;
      y += 38;
    }
    const turn = !v.result && v.phase === 'play' && seat.name === v.turn.seat;
    parts.push(
      box(x, y, w, 30, {
        fill: turn ? '#fff3cf' : CARD,
        stroke: turn ? HIGHLIGHT : EDGE,
        strokeWidth: turn ? 3 : 1,
        radius: 15,
      }),
    );
    const shown = wrap(label, w - 24, 15, true, 1)[0] ?? '';
    parts.push(text(x + 12, y + 20, shown, { size: 15, fill: INK, bold: turn }));
    x += w + 10;
  }
  return { svg: parts.join(''), height: y + 30 + 16 };
}

/** A row-wrapped grid of cards across a picture: the measures both Collection Deck pictures use. */
export function cardGrid(width: number, perRow: number, gap: number) {
  const margin = 24;
  const pad = 12;
  const cardWidth = Math.floor((width - 2 * margin - (perRow - 1) * gap) / perRow);
  return { width, perRow, gap, margin, pad, cardWidth, inner: cardWidth - 2 * pad };
}
