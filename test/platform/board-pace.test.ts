/**
 * Boards drawn at the global budget's pace (src/bot/kernel/board-pace.ts, issue #25): the picture
 * pool draws a board bound for the budget ahead of the private views only while the budget's next
 * quarter second has room for it, and then once every two views, and holds the rest back
 * until their slot, so boards reach the budget as fast as it lets them go and no faster.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardPace } from '../../src/bot/kernel/board-pace.ts';
import { PicturePool } from '../../src/bot/discord/pictures.ts';
import type { Picture } from '../../src/games/picture.ts';

const tiny: Picture = {
  kind: 'tiny',
  width: 8,
  height: 8,
  alt: 'a dot',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="4" height="4"/></svg>',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('GIVEN the pace of a budget of 50 requests a second', () => {
  it('WHEN boards are taken THEN 12 fit in a quarter second, and the next when the first leaves the window', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const pace = new BoardPace(50, 250);
    for (let n = 0; n < 12; n++) {
      expect(pace.wait()).toBe(0);
      pace.take();
      vi.advanceTimersByTime(5);
    }
    // 12 taken within 60 ms: the 13th waits until the first is 250 ms old.
    expect(pace.wait()).toBe(190);
    vi.advanceTimersByTime(190);
    expect(pace.wait()).toBe(0);
  });
});

describe('GIVEN a pool of one worker drawing by a pace of 4 boards a second', () => {
  it('WHEN boards and private views wait together THEN a board goes ahead of every two views up to the pace, and the rest wait for their slot', async () => {
    const pace = new BoardPace(6, 1000); // 4 slots a second
    const pool = new PicturePool(1, 30_000, pace);
    await pool.draw(tiny); // the worker started
    const t0 = performance.now();
    const done: Array<{ name: string; at: number }> = [];
    const draw = (name: string, options: { first?: boolean; paced?: boolean }) =>
      pool.draw({ ...tiny, kind: name }, options).then(() => done.push({ name, at: performance.now() - t0 }));
    await Promise.all([
      draw('busy', {}),
      ...[1, 2, 3, 4, 5, 6].map((n) => draw(`board ${n}`, { paced: true })),
      ...[1, 2, 3].map((n) => draw(`view ${n}`, { first: true })),
    ]);
    expect(done.map((d) => d.name)).toEqual([
      'busy',
      'board 1',
      'view 1',
      'view 2',
      'board 2',
      'view 3',
      'board 3',
      'board 4',
      'board 5',
      'board 6',
    ]);
    const at = (name: string) => done.find((d) => d.name === name)?.at ?? 0;
    // Four boards in the first second; the fifth waited for the first one's slot to leave it.
    expect(at('board 4')).toBeLessThan(900);
    expect(at('board 5')).toBeGreaterThanOrEqual(at('board 1') + 900);
    await pool.close();
  });

  it('WHEN no board is bound for the budget THEN views go ahead of other pictures as before, with no wait', async () => {
    const pace = new BoardPace(6, 1000);
    for (let n = 0; n < 4; n++) pace.take(); // the window is full
    const pool = new PicturePool(1, 30_000, pace);
    await pool.draw(tiny); // the worker started
    const done: string[] = [];
    const t0 = performance.now();
    const draw = (name: string, first = false) =>
      pool.draw({ ...tiny, kind: name }, { first }).then(() => done.push(name));
    await Promise.all([draw('busy'), draw('chart'), draw('view', true)]);
    expect(done).toEqual(['busy', 'view', 'chart']);
    expect(performance.now() - t0).toBeLessThan(900);
    await pool.close();
  });

  it('WHEN boards edited through a click (not bound for the budget) wait with views THEN one goes ahead of every two views, without waiting for a slot', async () => {
    const pace = new BoardPace(6, 1000);
    for (let n = 0; n < 4; n++) pace.take(); // the window is full: a paced board would wait
    const pool = new PicturePool(1, 30_000, pace);
    await pool.draw(tiny); // the worker started
    const done: string[] = [];
    const t0 = performance.now();
    const draw = (name: string, options: { first?: boolean; board?: boolean }) =>
      pool.draw({ ...tiny, kind: name }, options).then(() => done.push(name));
    await Promise.all([
      draw('busy', {}),
      ...[1, 2, 3].map((n) => draw(`board ${n}`, { board: true })),
      ...[1, 2, 3, 4].map((n) => draw(`view ${n}`, { first: true })),
    ]);
    // Before, such boards waited for every view of the wave.
    expect(done).toEqual(['busy', 'board 1', 'view 1', 'view 2', 'board 2', 'view 3', 'view 4', 'board 3']);
    expect(performance.now() - t0).toBeLessThan(900);
    await pool.close();
  });
});
