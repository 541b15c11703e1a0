/**
 * The computer levels (issue #30): the Senior Analyst defends completed scenarios the Analyst
 * sits in, each level wins more of the same seeded games than the one below, and every
 * computer gives its reason in COLLECTION's terms.
 */
import { describe, expect, it } from 'vitest';
import { collection } from '../../../src/games/collection/index.ts';
import { computerDecision, computerMove, levelOf } from '../../../src/games/collection/computer.ts';
import { explainAlternative } from '../../../src/games/collection/review.ts';
import { lineUp } from '../../../src/games/collection/tournament.ts';
import { needs } from '../../../src/games/collection/rules.ts';
import type { ColState, Level } from '../../../src/games/collection/index.ts';
import { COLOURS } from '../../../src/games/collection/types.ts';
import { QUIET_DECK, ROLES_BY_COUNT, table } from './helpers.ts';

/** Every seat at `level`. */
function seated(state: ColState, level: Level): ColState {
  return { ...state, seats: state.seats.map((s) => ({ ...s, computer: level })) };
}

/**
 * Seven analysts on DH in completed Scenario A (crisis 3) while open Scenario B sits at crisis 1
 * with its circle empty: the position issue #30 found in 48% of seven-player defeats (every red
 * card that raises the crisis where its drawer stands then climbs A).
 */
function sittingOnCompletedA(): ColState {
  const s = table(ROLES_BY_COUNT[7] ?? [], { deck: QUIET_DECK });
  const [a, b] = s.scenarios;
  if (!a || !b) throw new Error('no scenarios');
  for (const c of COLOURS) a.reports[c] = needs(a)[c];
  a.completed = true;
  a.crisis = 3;
  a.spaces.DH = { gems: { political: 0, military: 3, economic: 3 }, coin: 2 };
  b.card = s.scenarioDeck.shift() ?? null;
  b.crisis = 1;
  for (const seat of s.seats) seat.at = { scenario: 'A', collector: 'DH' };
  return s;
}

describe('GIVEN every analyst on a completed Scenario A while Scenario B sits at crisis 1', () => {
  it('THEN the Senior Analyst walks to Scenario B, and says why; the Analyst stays in A', () => {
    const s = sittingOnCompletedA();
    const actor = s.seats[0]?.id ?? '';
    const senior = computerDecision(seated(s, 'senior'), actor);
    expect(senior?.action).toEqual({ type: 'move', scenario: 'B', collector: 'DH' });
    expect(senior?.why).toMatch(
      /Scenario A is complete and its crisis climbs only while analysts stand in it/,
    );
    const analyst = computerMove(seated(s, 'analyst'), actor);
    expect(analyst?.type === 'move' && analyst.scenario === 'B').toBe(false);
  });

  it('THEN a whole turn of the Senior Analyst ends outside Scenario A', () => {
    let s = seated(sittingOnCompletedA(), 'senior');
    const actor = s.seats[0]?.id ?? '';
    while (s.stage.kind === 'act' && s.stage.seat === 0) {
      const action = computerMove(s, actor);
      if (!action) throw new Error('no move');
      const r = collection.apply(s, actor, action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    expect(s.seats[0]?.at?.scenario).toBe('B');
  });
});

describe('GIVEN completed Scenario A at crisis 8, the worst on the table, and a Political Analyst in it with two actions', () => {
  it('THEN the Senior Analyst rolls to lower it', () => {
    const s = sittingOnCompletedA();
    const a = s.scenarios[0];
    const b = s.scenarios[1];
    if (!a || !b) throw new Error('no scenarios');
    a.crisis = 8;
    a.spaces.DO = { gems: { political: 3, military: 0, economic: 0 }, coin: 4 };
    b.crisis = 3;
    for (const seat of s.seats) seat.at = { scenario: 'B', collector: 'DO' };
    const political = s.seats[0];
    if (!political) throw new Error('no seat');
    political.at = { scenario: 'A', collector: 'DO' };
    const d = computerDecision(seated(s, 'senior'), political.id);
    expect(d?.action).toEqual({ type: 'roll' });
    expect(d?.why).toMatch(/completed Scenario A is at crisis 8, the worst on the table: a report lowers it/);
  });
});

describe('GIVEN the three levels on the same 30 seeded games at 3, 5 and 7 analysts', () => {
  const LEVELS: Level[] = ['trainee', 'analyst', 'senior'];
  const results = LEVELS.map((level) => {
    const r = [3, 5, 7].map((players) => lineUp(level, players, 30, 'level-test'));
    return {
      level,
      wins: r.reduce((n, x) => n + x.wins, 0),
      completedLost: r.reduce((n, x) => n + x.completedLost, 0),
      held: r.reduce((n, x) => n + x.heldAtEnd, 0),
    };
  });

  it('THEN each level wins more games than the one below, and the Trainee wins some', () => {
    const [trainee, analyst, senior] = results.map((r) => r.wins);
    expect(trainee).toBeGreaterThan(0);
    expect(analyst).toBeGreaterThan(trainee ?? 0);
    expect(senior).toBeGreaterThan(analyst ?? 0);
  });

  it('THEN the Senior Analyst loses fewer completed scenarios and ends holding fewer blue cards than the Analyst', () => {
    const [, analyst, senior] = results;
    expect(senior?.completedLost).toBeLessThan(analyst?.completedLost ?? 0);
    expect(senior?.held).toBeLessThan(analyst?.held ?? 0);
  });
});

describe('the levels at a table', () => {
  it('GIVEN the lobby menu THEN it offers Analyst first (the default and the stand-in), Senior Analyst and Trainee', () => {
    expect(collection.computerStrategies.map((s) => s.id)).toEqual(['analyst', 'senior', 'trainee']);
  });

  it('GIVEN a saved game with the old strategy names THEN careful plays as the Analyst, careless as the Trainee', () => {
    expect(levelOf('careful')).toBe('analyst');
    expect(levelOf('careless')).toBe('trainee');
    expect(levelOf(null)).toBe('analyst');
  });

  it('GIVEN a review of a move the computer would not have made THEN it gives the computer’s reason in the game’s terms', () => {
    const s = seated(sittingOnCompletedA(), 'senior');
    const actor = s.seats[0]?.id ?? '';
    const alt = computerMove(s, actor);
    if (!alt) throw new Error('no move');
    expect(explainAlternative(s, actor, alt, { type: 'end' })).toMatch(
      /^Scenario A is complete and its crisis climbs only while analysts stand in it: DH in Scenario B still needs reports/,
    );
  });
});
