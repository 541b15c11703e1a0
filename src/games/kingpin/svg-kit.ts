/**
 * The few SVG helpers Kingpin's pictures need (a shared toolkit is coming on another branch;
 * until then these stay inside the game). Every text is at least MIN_TEXT_PX.
 */
import { MIN_TEXT_PX, PICTURE_FONT } from '../picture.ts';

export const esc = (t: string): string =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TextOpts {
  size?: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
}

export function text(x: number, y: number, body: string, o: TextOpts = {}): string {
  const size = Math.max(MIN_TEXT_PX, o.size ?? 16);
  return `<text x="${x}" y="${y}" font-family="${PICTURE_FONT}" font-size="${size}"${o.bold ? ' font-weight="bold"' : ''} fill="${o.fill ?? '#1b1b1b'}" text-anchor="${o.anchor ?? 'start'}">${esc(body)}</text>`;
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  stroke = 'none',
  r = 8,
  extra = '',
): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" stroke="${stroke}" stroke-width="2"${extra}/>`;
}

/** Cuts a line to fit about `width` pixels at `size` (DejaVu Sans averages ~0.6 em a glyph). */
export function fit(body: string, width: number, size = 16): string {
  const max = Math.max(4, Math.floor(width / (size * 0.6)));
  return body.length <= max ? body : `${body.slice(0, max - 1)}…`;
}

export function svgDoc(width: number, height: number, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body.join('')}</svg>`;
}
