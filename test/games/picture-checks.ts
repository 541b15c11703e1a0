/**
 * Checks every game picture must pass: readable text, self-contained SVG, alt text within
 * Discord's limit, and a PNG of the stated size well under Discord's upload limit.
 */
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { rasterise } from '../../src/bot/discord/pictures.ts';
import { MIN_TEXT_PX, type Picture } from '../../src/games/picture.ts';

/** The picture's words in drawing order, one space between text elements. */
export function svgWords(svg: string): string {
  const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
  return texts
    .join(' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

export function expectWellFormed(picture: Picture): void {
  const sizes = [...picture.svg.matchAll(/font-size="(\d+(?:\.\d+)?)"/g)].map((m) => Number(m[1]));
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(MIN_TEXT_PX);
  expect(picture.svg).not.toMatch(/href="http|<image|url\(/);
  expect(picture.svg).toContain(`width="${picture.width}" height="${picture.height}"`);
  expect([...picture.alt].length).toBeLessThanOrEqual(1024);
  expect(picture.alt.length).toBeGreaterThan(20);
}

export async function expectPng(picture: Picture): Promise<void> {
  const first = await rasterise(picture);
  const second = await rasterise(picture);
  expect(first.equals(second)).toBe(true);
  const png = PNG.sync.read(first);
  expect([png.width, png.height]).toEqual([picture.width, picture.height]);
  expect(first.length).toBeLessThan(1024 * 1024);
}
