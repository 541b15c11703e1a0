/**
 * `npx tsx scripts/picture-settings.ts`: what the PNG settings cost, per picture kind, over the
 * pictures of a seeded game (issue #25). For each picture: the time to decode and draw the SVG
 * (`draw`), its distinct colours (a palette PNG holds 256: above that a palette is lossy), and for
 * each encoding (row filter None/Up/Sub, zlib level 1/3/6 or run-length) the time to compress and
 * the file's size. Medians. Every encoding here is lossless: the pixels, hence legibility, are the
 * same; only time and size change. Skia's own encoder is left out: encoding on the main thread is
 * what crashed the process in issue #22 (see picture-worker.mjs). Numbers vary with the machine's load.
 */
import { performance } from 'node:perf_hooks';
import { deflateSync, constants } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { GAMES } from '../src/games/index.ts';
import { playthrough, tableOf } from '../src/games/playthrough.ts';
import { PICTURE_FONT } from '../src/games/picture.ts';

const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
for (const face of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
  GlobalFonts.registerFromPath(join(fontDir, face), PICTURE_FONT);

function scan(pixels: Uint8Array, w: number, h: number, filter: number) {
  const stride = w * 4;
  const rows = Buffer.alloc((stride + 1) * h);
  for (let y = 0; y < h; y++) {
    const o = y * (stride + 1);
    rows[o] = filter;
    const cur = pixels.subarray(y * stride, (y + 1) * stride);
    if (filter === 0) rows.set(cur, o + 1);
    else if (filter === 2) {
      // Up
      const prev = y ? pixels.subarray((y - 1) * stride, y * stride) : null;
      for (let x = 0; x < stride; x++) rows[o + 1 + x] = (cur[x]! - (prev ? prev[x]! : 0)) & 255;
    } else if (filter === 1) {
      // Sub
      for (let x = 0; x < stride; x++) rows[o + 1 + x] = (cur[x]! - (x >= 4 ? cur[x - 4]! : 0)) & 255;
    }
  }
  return rows;
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
/** kind → figure → samples */
const out: Record<string, Record<string, number[]>> = {};
const add = (k: string, f: string, v: number) => ((out[k] ??= {})[f] ??= []).push(v);
for (const engine of GAMES) {
  if (!engine.picture) continue;
  const seats = tableOf(Math.max(engine.minPlayers, Math.min(engine.maxPlayers, 4)));
  let step = 0;
  for (const state of playthrough(engine, seats, { seed: 'pictures-0' })) {
    if (step++ % 8 !== 0) continue;
    for (const viewer of [null, seats[0]!.id]) {
      const p = engine.picture(engine.view(state, viewer), { viewer });
      if (!p) continue;
      const k = `${engine.id}/${p.kind}`;
      if ((out[k]?.draw?.length ?? 0) >= 12) continue;
      let t = performance.now();
      const img = await loadImage(Buffer.from(p.svg));
      const c = createCanvas(p.width, p.height);
      c.getContext('2d').drawImage(img, 0, 0, p.width, p.height);
      const px = c.data();
      add(k, 'draw', performance.now() - t);
      const colours = new Set<number>();
      const dv = new DataView(px.buffer, px.byteOffset, px.byteLength);
      for (let i = 0; i < px.length; i += 4) colours.add(dv.getUint32(i));
      add(k, 'colours', colours.size);
      add(k, 'width', p.width);
      for (const [name, filter, opts] of [
        ['none-l6', 0, {}],
        ['none-l1', 0, { level: 1 }],
        ['none-l3', 0, { level: 3 }],
        ['none-rle', 0, { strategy: constants.Z_RLE }],
        ['up-l3', 2, { level: 3 }],
        ['up-l6', 2, {}],
        ['sub-l3', 1, { level: 3 }],
      ] as const) {
        t = performance.now();
        const z = deflateSync(scan(px, p.width, p.height, filter), opts);
        add(k, `${name}-ms`, performance.now() - t);
        add(k, `${name}-kb`, z.length / 1024);
      }
    }
  }
}
for (const [k, f] of Object.entries(out))
  console.log(
    k,
    Object.entries(f)
      .map(([n, v]) => `${n}=${med(v).toFixed(n === 'colours' || n === 'width' ? 0 : 1)}`)
      .join(' '),
  );
