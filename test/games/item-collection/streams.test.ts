/**
 * R12: each seat shuffles its losing cards with its own seeded stream, so one seat's draws do
 * not depend on what the other seats play (several tables of one deal stay comparable).
 */
import { describe, expect, it } from 'vitest';
import { rankValue, type Rank } from '../../../src/games/item-collection/cards.ts';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { act, BOB, declareAll, negotiate, ORDERED, start } from './helpers.ts';

/** One round in Low: Bob starts (so Ann declares last) and keeps; plays per seat as [claim, card]. */
function round(state: IcgState, plays: Record<number, [Rank, Rank]>): IcgState {
  const declared = declareAll(negotiate(state, 'low'), plays);
  return act(declared, declared.seats[declared.startingSeat]?.id ?? BOB, { type: 'keep' }).state;
}

describe('GIVEN two tables with the same seed', () => {
  it('WHEN Ann plays the same cards at both and the other seats play differently THEN Ann draws the same cards at both', () => {
    const arrangement = { decks: ORDERED, startingSeat: 1 };
    let a = start(arrangement);
    let b = start(arrangement);
    // Round 1 (Low, order Bob Cat Dan Ann): Ann's 8 loses at both tables.
    // Table A: 2♥ 3♦ 5♣ 8♠ → the 2 scores alone; Cat's and Dan's cards go back into their decks first.
    // Table B: three 2s score; only Ann's card goes back.
    a = round(a, { 0: ['8', '8'], 1: ['2', '2'], 2: ['3', '3'], 3: ['5', '5'] });
    b = round(b, { 0: ['8', '8'], 1: ['2', '2'], 2: ['2', '2'], 3: ['2', '2'] });
    expect(a.history[0]?.plays.find((p) => p.seat === 0)?.scored).toBe(false);
    expect(b.history[0]?.plays.find((p) => p.seat === 0)?.scored).toBe(false);
    expect(a.seats[2]?.deck).not.toEqual(b.seats[2]?.deck);
    expect(a.seats[0]?.hand).toEqual(b.seats[0]?.hand);
    expect(a.seats[0]?.deck).toEqual(b.seats[0]?.deck);

    // Round 2 (Cat starts, order Cat Dan Ann Bob): Ann plays her top card again and loses at both.
    const highest = (s: IcgState): Rank =>
      [...(s.seats[0]?.hand ?? [])].sort((x, y) => rankValue(y) - rankValue(x))[0] ?? '2';
    expect(highest(a)).toBe(highest(b));
    const annCard = highest(a);
    a = round(a, { 0: [annCard, annCard], 1: ['3', '3'], 2: ['4', '4'], 3: ['4', '4'] });
    b = round(b, { 0: [annCard, annCard], 1: ['5', '5'], 2: ['3', '3'], 3: ['6', '6'] });
    expect(a.history[1]?.plays.find((p) => p.seat === 0)?.scored).toBe(false);
    expect(b.history[1]?.plays.find((p) => p.seat === 0)?.scored).toBe(false);
    expect(a.seats[0]?.hand).toEqual(b.seats[0]?.hand);
    expect(a.seats[0]?.deck).toEqual(b.seats[0]?.deck);
  });

  it('WHEN two tables are dealt with the same seed THEN they get the same four streams, one per seat', () => {
    const one = start();
    const two = start();
    expect(one.seatRng).toEqual(two.seatRng);
    expect(new Set(one.seatRng.map((r) => r.join())).size).toBe(4);
  });
});
