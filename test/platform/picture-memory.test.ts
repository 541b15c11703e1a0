/**
 * Issue #25: a picture worker frees each decoded SVG image as soon as it is drawn. Before, the
 * images (4 MB of pixels for a Collection Deck field, unknown to V8) waited for the collector,
 * and 60 pictures asked for at once grew the process by 65-90 MiB; freed at once, by about 20.
 * The pictures are drawn in a child process, so its RSS is the pool's alone.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('GIVEN one picture worker asked for 60 Collection Deck fields at once', () => {
  it('THEN the process grows by less than a fifth of the pixels drawn (the images are freed)', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/platform/picture-memory.ts', '60'], {
      encoding: 'utf8',
    });
    const [, grew, width, height] = /grew (-?[\d.]+) MiB over 60 pictures of (\d+)x(\d+)/.exec(out) ?? [];
    const pixelsMiB = (60 * Number(width) * Number(height) * 4) / 2 ** 20;
    expect(Number(grew)).toBeLessThan(pixelsMiB / 5);
  }, 120_000);
});
