import { describe, expect, it } from 'vitest';
import { COMPUTER_STRATEGIES, levelOf } from '../../../src/games/collection-deck/computer.ts';
import type { CdAction, CdState } from '../../../src/games/collection-deck/types.ts';
import type { Seat } from '../../../src/games/contract.ts';
import type { DealSpec } from './fixtures.ts';
import { deal, engine, run } from './fixtures.ts';

const seats = (...levels: string[]): Seat[] =>
  levels.map((computer, i) => ({ id: `p${i}`, name: `P${i}`, computer }));

const setScore = (s: CdState, seat: number, score: number): CdState => {
  (s.seats[seat] as { score: number }).score = score;
  return s;
};

const act = (s: CdState, player: string): { action: CdAction; state: CdState } => {
  const action = engine.computerAction(s, player);
  if (!action) throw new Error(`${player} has no move`);
  return { action, state: run(s, [[player, action]]).state };
};

/** Lets `player` build until it commits or passes; returns every move it made. */
function build(s: CdState, player: string): { moves: CdAction[]; state: CdState } {
  const moves: CdAction[] = [];
  let state = s;
  while (state.turn.stage === 'build' && state.seats[state.turn.seat]?.id === player && moves.length < 20) {
    const r = act(state, player);
    moves.push(r.action);
    state = r.state;
    if (r.action.type === 'pass') break;
  }
  return { moves, state };
}

/** p0 commits T-card on C01 (Border Incursion, M 5) with the given deal. */
const committed = (spec: DealSpec, tech: string): CdState =>
  run(deal({ field: ['C01'], ...spec }), [
    ['p0', { type: 'select-crisis', crisis: 'C01' }],
    ['p0', { type: 'add-techniques', techniques: [tech] }],
    ['p0', { type: 'commit' }],
  ]).state;

describe('computer levels', () => {
  it('offers Trainee, Analyst and Director, and old saved ids still play', () => {
    expect(COMPUTER_STRATEGIES.map((s) => s.name).sort()).toEqual(['Analyst', 'Director', 'Trainee']);
    expect(COMPUTER_STRATEGIES[0].id).toBe('analyst');
    expect(levelOf('random')).toBe('trainee');
    expect(levelOf('analyst')).toBe('analyst');
    expect(levelOf(undefined)).toBe('analyst');
  });
});

describe('Director takes the win it holds', () => {
  // Score 8. Missile Test (2 pt, MW 8) wins, but Imagery Pass (2-6) needs Long Reach (+2) to reach 8;
  // Border Incursion (1 pt, M 5) fits Imagery Pass as it is.
  const hand = ['T03', 'T05', 'R10'];
  const spec = (level: string): DealSpec => ({
    hands: [hand, []],
    field: ['C02', 'C01'],
    seats: seats(level, 'trainee'),
  });

  it('GIVEN a winning strategy that needs a range extension THEN the Director plays it and wins', () => {
    const { moves, state } = build(setScore(deal(spec('director')), 0, 8), 'p0');
    expect(moves[0]).toEqual({ type: 'select-crisis', crisis: 'C02' });
    expect(moves).toContainEqual({ type: 'play', card: 'R10', on: 'T03' });
    expect(moves.at(-1)).toEqual({ type: 'commit' });
    const end = run(state, [['p1', { type: 'pass' }]]).state;
    expect(engine.outcome(end)?.winners).toEqual(['p0']);
  });

  it('GIVEN the same hand THEN a Trainee plays the first crisis its techniques fit as they are, and does not win', () => {
    const { moves, state } = build(setScore(deal(spec('trainee')), 0, 8), 'p0');
    expect(moves[0]).toEqual({ type: 'select-crisis', crisis: 'C01' });
    const end = run(state, [['p1', { type: 'pass' }]]).state;
    expect(engine.outcome(end)).toBeNull();
    expect(end.seats[0]?.score).toBe(9);
  });
});

describe('mulligan (Collect It All)', () => {
  // Arms Shipment (W 7) is reachable only with Imagery Pass (MW 2-6) plus Extended Reach or a Soft Target.
  const field = ['C07', 'C03', 'C06', 'C12', 'C11'];
  const helperHand = ['T03', 'R09', 'R01', 'R02', 'R05', 'R06', 'R08'];
  // Phone Tap only targets crime, the filler only cyber: neither is on this Field.
  const hopeless = ['T07', 'T100', 'R01', 'R03', 'R05', 'R06', 'R08'];
  const opening = (hand: string[], level: string) =>
    deal({
      hands: [hand, []],
      field,
      seats: seats(level, 'trainee'),
      options: { edition: 'collect-it-all' },
    });

  it('GIVEN a hand that can score with a helper card THEN the Director keeps it and targets the crisis', () => {
    expect(engine.computerAction(opening(helperHand, 'director'), 'p0')).toEqual({
      type: 'select-crisis',
      crisis: 'C07',
    });
  });

  it('GIVEN a hand that can score nothing THEN the Director throws it back', () => {
    expect(engine.computerAction(opening(hopeless, 'director'), 'p0')).toEqual({ type: 'mulligan' });
  });

  it('an Analyst, who does not count helper cards, throws back the hand the Director keeps', () => {
    expect(engine.computerAction(opening(helperHand, 'analyst'), 'p0')).toEqual({ type: 'mulligan' });
  });
});

describe('Director disrupts a winning strategy with whatever it holds', () => {
  const against = (tech: string, hand: string[]) =>
    setScore(committed({ hands: [[tech], hand], seats: seats('trainee', 'director') }, tech), 0, 9);

  it('with a counter', () => {
    expect(engine.computerAction(against('T01', ['R05']), 'p1')).toEqual({
      type: 'play',
      card: 'R05',
      on: 'T01',
    });
  });

  it('with a Target card that takes the technique out of range', () => {
    // Imagery Pass reaches 6; Very Hard Target makes Border Incursion 7.
    expect(engine.computerAction(against('T03', ['R03']), 'p1')).toEqual({
      type: 'play',
      card: 'R03',
      on: 'C01',
    });
  });

  it('not with a Target card that leaves the technique in range', () => {
    // Agent Recruitment reaches 7: a Very Hard Target (5 + 2) does not stop it.
    expect(engine.computerAction(against('T01', ['R03']), 'p1')).toEqual({ type: 'pass' });
  });

  it('with a Manager Challenge when it has nothing else', () => {
    expect(engine.computerAction(against('T01', ['R15']), 'p1')).toEqual({
      type: 'play',
      card: 'R15',
      on: 'T01',
    });
  });

  it('a Trainee lets it through most of the time', () => {
    let passes = 0;
    for (let seq = 0; seq < 40; seq++) {
      const s = against('T01', ['R05']);
      s.seq += seq; // a different seeded draw each time
      (s.seats[1] as { computer?: string }).computer = 'trainee';
      if (engine.computerAction(s, 'p1')?.type === 'pass') passes++;
    }
    expect(passes).toBeGreaterThan(25);
    expect(passes).toBeLessThan(40);
  });
});

describe('Director defends its strategy', () => {
  it('GIVEN a counter on its technique THEN it answers with Think Outside the Box, and scores', () => {
    const s = committed({ hands: [['T01', 'R12'], ['R05']], seats: seats('director', 'trainee') }, 'T01');
    const hit = run(s, [['p1', { type: 'play', card: 'R05', on: 'T01' }]]).state;
    const r = act(hit, 'p0');
    expect(r.action).toEqual({ type: 'play', card: 'R12', on: 'R05' });
    const end = run(r.state, [
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
  });

  it('GIVEN a Target card that puts its technique out of range THEN it plays a range extension', () => {
    const s = committed({ hands: [['T03', 'R09'], ['R01']], seats: seats('director', 'trainee') }, 'T03');
    // Border Incursion 5 + Hard Target 1 = 6 is still in reach of Imagery Pass (2-6): nothing to answer.
    const hard = run(s, [['p1', { type: 'play', card: 'R01', on: 'C01' }]]).state;
    expect(engine.computerAction(hard, 'p0')).toEqual({ type: 'pass' });
    const s2 = committed({ hands: [['T03', 'R10'], ['R03']], seats: seats('director', 'trainee') }, 'T03');
    const veryHard = run(s2, [['p1', { type: 'play', card: 'R03', on: 'C01' }]]).state;
    expect(engine.computerAction(veryHard, 'p0')).toEqual({ type: 'play', card: 'R10', on: 'T03' });
  });
});
