/**
 * The few SVG helpers the board picture needs (a shared src/games/svg.ts is on its way on
 * another branch; these stay local until then). Text always uses the picture font.
 */
import { MIN_TEXT_PX, PICTURE_FONT } from '../picture.ts';

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TextOpts {
  size?: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
}

export function text(x: number, y: number, s: string, o: TextOpts = {}): string {
  const size = Math.max(MIN_TEXT_PX, o.size ?? 16);
  return `<text x="${x}" y="${y}" font-family="${PICTURE_FONT}" font-size="${size}"${o.bold ? ' font-weight="bold"' : ''} fill="${o.fill ?? '#1d2430'}" text-anchor="${o.anchor ?? 'start'}">${esc(s)}</text>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** Cuts a line to about `max` characters (DejaVu Sans averages ~0.6 em a character). */
export const fit = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

export function doc(width: number, height: number, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body.join('')}</svg>`;
}
