/**
 * A picture of a view, described as an SVG document. Games draw pictures from views only (so a
 * public picture cannot show what the public view does not hold), as pure functions: the same
 * view gives the same SVG, byte for byte. Rasterising to PNG happens in src/bot (pictures.ts),
 * with the font that ships through npm, so every machine draws the same pixels.
 *
 * Drawing rules the rasteriser relies on:
 * - `font-family` is always PICTURE_FONT (regular or bold weight); no other font is loaded.
 * - No text smaller than MIN_TEXT_PX at the natural width, so a phone can read it.
 * - No external references (images, fonts, CSS): the SVG is self-contained.
 */
export const PICTURE_FONT = 'DejaVu Sans';
export const MIN_TEXT_PX = 14;

export interface Picture {
  /** Stable, short and file-name safe: 'field', 'hand', 'table'. Used in file names and benchmarks. */
  kind: string;
  /** Natural size in pixels (the SVG's width and height). */
  width: number;
  height: number;
  svg: string;
  /** Alt text for screen readers (the attachment's description; at most 1,024 characters). */
  alt: string;
}
