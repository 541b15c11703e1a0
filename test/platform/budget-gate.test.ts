/**
 * The order the global budget is spent in (src/bot/app/rest-budget.ts, BudgetGate): boards first,
 * requests marked to wait after them (and after boards still to be drawn), never starved, and a
 * channel's requests in the order made.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BudgetGate } from '../../src/bot/app/rest-budget.ts';
import { BoardPace } from '../../src/bot/kernel/board-pace.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Requests taken through a gate of 2 a second, and the order they were let go in. */
function gate() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const g = new BudgetGate(2);
  const order: string[] = [];
  const take = (name: string, later: boolean, channel?: string) =>
    void g.take(later, channel).then(() => order.push(name));
  return { take, order };
}

describe('GIVEN a gate letting 2 requests a second go', () => {
  it('WHEN retirements wait and boards arrive after them THEN the boards go first', async () => {
    const { take, order } = gate();
    take('a', false, '1');
    take('b', false, '2');
    take('retire 3', true, '3');
    take('retire 4', true, '4');
    take('board 5', false, '5');
    take('board 6', false, '6');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(order).toEqual(['a', 'b', 'board 5', 'board 6', 'retire 3', 'retire 4']);
  });

  it('WHEN boards keep coming THEN a request that may wait goes after 3 s anyway', async () => {
    const { take, order } = gate();
    take('a', false);
    take('b', false);
    take('retire', true);
    for (let s = 0; s < 6; s++) {
      take(`board ${s}a`, false);
      take(`board ${s}b`, false);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    const at = order.indexOf('retire');
    expect(at).toBeGreaterThan(2);
    // Let go within about 3 s (6 more requests at 2 a second), though boards were still waiting.
    expect(at).toBeLessThanOrEqual(2 + 8);
    expect(order.length).toBeLessThan(15);
  });

  it('WHEN a request that may wait is followed in its channel by one that may not THEN they keep their order', async () => {
    const { take, order } = gate();
    take('a', false, '9');
    take('b', false, '9');
    take('line below board', true, '1');
    take('other board', false, '2');
    take('next board', false, '1');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(order.indexOf('line below board')).toBeLessThan(order.indexOf('next board'));
  });
});

describe('GIVEN a gate of 50 a second, and a board waiting to be drawn for the budget (board-pace.ts)', () => {
  function paced() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const pace = new BoardPace(50, 250);
    const held: boolean[] = [];
    const g = new BudgetGate(50, (later) => held.push(later), pace);
    const order: string[] = [];
    const take = (name: string, later: boolean, channel?: string) =>
      void g.take(later, channel).then(() => order.push(name));
    return { pace, held, take, order };
  }

  it('WHEN an old board’s retirement is sent while the window is spoken for THEN it waits until the board is drawn, then leaves', async () => {
    const { pace, held, take, order } = paced();
    for (let n = 0; n < 11; n++) pace.take(); // 11 of the window's 12 slots taken: one left, for the board
    pace.boardWaiting(1);
    take('retire', true, '1');
    await vi.advanceTimersByTimeAsync(200);
    expect(order).toEqual([]);
    pace.boardWaiting(-1); // the board's drawing started
    take('board', false, '2');
    await vi.advanceTimersByTimeAsync(50);
    expect(order.sort()).toEqual(['board', 'retire']);
    // Only the retirement waited; the board left at once, though the retirement was queued.
    expect(held).toEqual([true]);
  });

  it('WHEN a board waits for a worker while the window has slots to spare THEN a line below a board leaves at once', async () => {
    const { pace, held, take, order } = paced();
    for (let n = 0; n < 9; n++) pace.take();
    pace.boardWaiting(1);
    pace.boardWaiting(1); // 12 slots: 9 taken, 2 for the boards waiting, 1 spare
    take('line below board', true, '1');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['line below board']);
    expect(held).toEqual([]);
    take('another line', true, '3'); // now the two boards need the last two slots
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual(['line below board']);
    expect(held).toEqual([true]);
  });

  it('WHEN boards keep waiting THEN the retirement leaves after 3 s anyway', async () => {
    const { pace, take, order } = paced();
    for (let n = 0; n < 13; n++) pace.boardWaiting(1); // more boards than the window holds: none to spare
    take('retire', true, '1');
    await vi.advanceTimersByTimeAsync(2_900);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(order).toEqual(['retire']);
  });

  it('WHEN nothing waits to be drawn THEN a retirement leaves at once, taking a slot of the pace', async () => {
    const { pace, held, take, order } = paced();
    for (let n = 0; n < 11; n++) pace.take();
    take('retire', true, '1');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['retire']);
    expect(held).toEqual([]);
    expect(pace.wait()).toBeGreaterThan(0);
  });
});
