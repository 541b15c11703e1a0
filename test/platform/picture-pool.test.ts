/** The picture pool (src/bot/discord/pictures.ts): PNGs drawn in worker threads, and failures kept to one picture. */
import { readdirSync, readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { closePictures, PictureCache, PicturePool } from '../../src/bot/discord/pictures.ts';
import type { Picture } from '../../src/games/picture.ts';
import { sampleStates } from '../../src/games/picture-samples.ts';

/** A 40×20 picture: red on the left half, blue on the right. */
const halves: Picture = {
  kind: 'halves',
  width: 40,
  height: 20,
  alt: 'red and blue halves',
  svg:
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">' +
    '<rect x="0" y="0" width="20" height="20" fill="#ff0000"/>' +
    '<rect x="20" y="0" width="20" height="20" fill="#0000ff"/></svg>',
};
const broken: Picture = { ...halves, kind: 'broken', svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect' };

function pixel(png: PNG, x: number, y: number): number[] {
  const at = (y * png.width + x) * 4;
  return [...png.data.subarray(at, at + 4)];
}

const pool = new PicturePool(2);
afterAll(() => Promise.all([pool.close(), closePictures()]));

/** A thread's nice value from its `stat` file (Linux: field 19, counted after the name's ")"). */
const nice = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

/** Each thread of this process with its nice value (/proc/self/task/<tid>/stat). */
function threadNice(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      out.set(tid, nice(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended while we looked.
    }
  }
  return out;
}

describe('GIVEN the picture pool', () => {
  it.runIf(process.platform === 'linux')(
    'WHEN its workers draw THEN they run at a lower priority than the thread that answers clicks',
    async () => {
      const own = () => nice(readFileSync('/proc/thread-self/stat', 'utf8'));
      const before = threadNice();
      const mine = own();
      const fresh = new PicturePool(2);
      try {
        await Promise.all([fresh.draw(halves), fresh.draw({ ...halves, alt: 'again' })]);
        const started = [...threadNice()].filter(([tid]) => !before.has(tid));
        // The two workers yield to this thread; the thread itself keeps its priority.
        expect(started.filter(([, nice]) => nice >= mine + 10).length).toBeGreaterThanOrEqual(2);
        expect(own()).toBe(mine);
      } finally {
        await fresh.close();
      }
    },
  );

  it('WHEN a picture is drawn THEN it is a PNG of the stated size with the drawn colours', async () => {
    const png = PNG.sync.read(await pool.draw(halves));
    expect([png.width, png.height]).toEqual([40, 20]);
    expect(pixel(png, 5, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 35, 10)).toEqual([0, 0, 255, 255]);
  });

  it('WHEN a game picture is drawn twice THEN the same bytes, at the picture’s size', async () => {
    const picture = sampleStates().cd.picture(null);
    if (!picture) throw new Error('no sample picture');
    const [first, second] = await Promise.all([pool.draw(picture), pool.draw(picture)]);
    expect(first.equals(second)).toBe(true);
    const png = PNG.sync.read(first);
    expect([png.width, png.height]).toEqual([picture.width, picture.height]);
  });

  it('WHEN an SVG cannot be read THEN that draw is refused and the pictures around it are drawn', async () => {
    const results = await Promise.allSettled([pool.draw(halves), pool.draw(broken), pool.draw(halves)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: { message: /Could not draw the broken picture: .*SVG/ } });
    expect(PNG.sync.read(await pool.draw(halves)).width).toBe(40);
  });

  it('WHEN the workers are asked for their memory THEN each running one answers, drawing or not', async () => {
    const one = new PicturePool(1);
    try {
      expect(await one.memory()).toEqual([]);
      await one.draw(halves);
      const picture = sampleStates().cd.picture(null);
      if (!picture) throw new Error('no sample picture');
      const [drawing, memory] = await Promise.all([one.draw(picture), one.memory()]);
      expect(PNG.sync.read(drawing).width).toBe(picture.width);
      expect(memory).toHaveLength(1);
      expect(memory[0]?.heapUsed).toBeGreaterThan(0);
      const [after] = await one.memory();
      expect(after?.canvases).toBe(2); // the two sizes drawn, each kept to draw on again
      expect(after?.scratch).toBeGreaterThanOrEqual((picture.width * 4 + 1) * picture.height);
    } finally {
      await one.close();
    }
  });

  it('WHEN more pictures are asked for than there are workers THEN they wait their turn and all are drawn', async () => {
    const drawing = Array.from({ length: 12 }, () => pool.draw(halves));
    expect(pool.pending).toBe(12);
    const pngs = await Promise.all(drawing);
    expect(pngs.every((png) => png.equals(pngs[0] ?? Buffer.alloc(0)))).toBe(true);
    expect(pool.pending).toBe(0);
  });

  it('WHEN boards wait for a worker and a private view is asked for THEN the view is drawn before them', async () => {
    const one = new PicturePool(1);
    const done: string[] = [];
    const draw = (name: string, first = false) =>
      one.draw({ ...halves, kind: name }, { first }).then(() => done.push(name));
    // The first board is being drawn; the rest wait, and the two views go ahead of them, in order.
    await Promise.all([
      draw('board 1'),
      draw('board 2'),
      draw('board 3'),
      draw('view 1', true),
      draw('board 4'),
      draw('view 2', true),
    ]);
    expect(done).toEqual(['board 1', 'view 1', 'view 2', 'board 2', 'board 3', 'board 4']);
    await one.close();
  });

  it('WHEN the cache holds more PNG bytes than allowed THEN the least recently used are dropped and redrawn', async () => {
    const coloured = (fill: string): Picture => ({ ...halves, svg: halves.svg.replace('#ff0000', fill) });
    const [red, green, blue] = ['#ff0000', '#00ff00', '#0000ff'].map(coloured) as [Picture, Picture, Picture];
    const one = (await new PictureCache().draw(red)).png.byteLength;
    const cache = new PictureCache(2 * one + one / 2); // room for two of these pictures, not three
    for (const picture of [red, green, blue]) await cache.draw(picture);
    expect([cache.size, cache.rasterised]).toEqual([2, 3]);
    expect(cache.bytes).toBeLessThanOrEqual(2 * one + one / 2);
    await cache.draw(blue); // kept: not drawn again
    expect(cache.rasterised).toBe(3);
    await cache.draw(red); // dropped first: drawn again
    expect(cache.rasterised).toBe(4);
  });

  it('WHEN a picture takes longer than the time allowed THEN it is refused, not waited for', async () => {
    const slow = new PicturePool(1, 1);
    await expect(slow.draw(halves)).rejects.toThrow(/took over 1 ms/);
    await slow.close();
  });

  it('WHEN the pool is closed THEN the pictures already asked for are drawn and later ones refused', async () => {
    const closing = new PicturePool(1);
    const asked = closing.draw(halves);
    const closed = closing.close();
    await expect(asked).resolves.toBeInstanceOf(Buffer);
    await closed;
    await expect(closing.draw(halves)).rejects.toThrow(/closed/);
  });
});
