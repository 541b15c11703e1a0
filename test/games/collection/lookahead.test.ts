/**
 * The Senior Analyst looks a round ahead at a threatened completed scenario (issue #30), in a
 * position from a real defeat: tournament game col-tournament-3-15, which three Senior Analysts
 * (rules alone, before the look ahead) lost at crisis 10 in completed Scenario A. At turn 54 A
 * stood at crisis 6, the worst on the table, with nobody in it; the Economic Analyst engaged in
 * Scenario C, and A climbed to ten over the next twelve turns.
 */
import { describe, expect, it } from 'vitest';
import { computerDecision } from '../../../src/games/collection/computer.ts';
import { sampleFuture } from '../../../src/games/collection/lookahead.ts';
import { seniorRules } from '../../../src/games/collection/senior.ts';
import { seedRng, shuffle } from '../../../src/games/rng.ts';
import type { ColAction, ColState } from '../../../src/games/collection/types.ts';
import { playedOn, replayed } from './helpers.ts';

/** The position at turn 54, replayed from the seed and the recorded moves. */
const turn54 = (): ColState => replayed('col-tournament-3-15.json');

const WALK_IN: ColAction = { type: 'move', scenario: 'A', collector: 'STATE' };

describe('GIVEN col-tournament-3-15 at turn 54: completed Scenario A at crisis 6 with nobody in it, the Economic Analyst in Scenario C', () => {
  it('THEN the position is the one the Senior Analysts lost from', () => {
    const s = turn54();
    const [a, b, c] = s.scenarios;
    expect([a?.completed, a?.crisis]).toEqual([true, 6]);
    expect([b?.crisis, c?.crisis]).toEqual([1, 4]);
    expect(s.stage).toMatchObject({ kind: 'act', seat: 2, actionsLeft: 2 });
    expect(s.seats.map((x) => x.at?.scenario)).toEqual(['C', 'C', 'C']);
    // The lost game engaged in C; the rules alone now cross to DH there, a door into A
    // (door.test.ts), but still leave A alone this turn.
    expect(seniorRules(s, 2)?.action).toEqual({ type: 'move', scenario: 'C', collector: 'DH' });
  });

  it('THEN the Senior Analyst walks into A, and says what the round ahead showed', () => {
    const d = computerDecision(turn54(), 'cpu:2');
    expect(d?.action).toEqual(WALK_IN);
    expect(d?.why).toMatch(
      /^completed Scenario A is at crisis 6: walk in to STATE in Scenario A; played a round ahead 12 times, Scenario A ends it at crisis [\d.]+ on average and the table loses \d+ of them, against [\d.]+ and \d+ after a move to DH in Scenario C$/,
    );
  });

  it('THEN played on by Senior Analysts, four reports bring A down to four by turn 61', () => {
    const start = turn54();
    const lowered = start.stats.lowered;
    const s = playedOn(start, 61);
    expect(s.outcome).toBeNull();
    expect(s.scenarios[0]?.crisis).toBe(4);
    expect(s.stats.lowered).toBe(lowered + 4);
  });

  it('THEN its choice reads nothing hidden: another deck order and generator give the same move', () => {
    const s = turn54();
    const rng = seedRng('another future');
    const other: ColState = { ...s, deck: shuffle(rng, s.deck), rng };
    expect(computerDecision(other, 'cpu:2')?.action).toEqual(WALK_IN);
  });

  it('THEN each future it tries keeps the board and its own hand, and deals the others as many blue cards', () => {
    const s = turn54();
    const f = sampleFuture(s, 2, 0);
    expect(f.scenarios).toEqual(s.scenarios);
    expect(f.seats[2]?.held).toEqual(s.seats[2]?.held);
    expect(f.seats.map((x) => x.held.length)).toEqual(s.seats.map((x) => x.held.length));
    const unseen = (x: ColState): string[] =>
      [...x.deck, ...x.seats.flatMap((seat, i) => (i === 2 ? [] : seat.held))].sort();
    expect(unseen(f)).toEqual(unseen(s));
  });
});
