/**
 * The COLLECTION tutorial's first hints teach a good start (walk-through gap): move to a collector
 * that takes your colour, then Engage there, each with the rulebook's reason; never a collector
 * where your gems cannot go, followed by End turn.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, TUTORIALS } from '../../../src/games/index.ts';
import { affinity } from '../../../src/games/collection/rules.ts';
import type { ColState, Collector, RoleId } from '../../../src/games/collection/types.ts';
import { hint, tutorialSeats } from '../../../src/games/tutorial/index.ts';

const NEWCOMER = '800000000000000001';
const tutorial = TUTORIALS.find((t) => t.game === 'collection');
const engine = GAMES.find((g) => g.id === 'collection');

function start(role: RoleId): ColState {
  if (!tutorial || !engine) throw new Error('no COLLECTION tutorial');
  const setup = engine.setup({
    players: tutorialSeats(tutorial, { id: NEWCOMER, name: 'Newcomer' }),
    options: engine.optionsSchema.parse(tutorial.options),
    seed: tutorial.seed,
    arrangement: tutorial.arrangement,
  });
  if (!setup.ok) throw new Error(setup.error.message);
  const picked = engine.apply(setup.value, NEWCOMER, { type: 'role', role });
  if (!picked.ok) throw new Error(picked.error.message);
  let state = picked.value.state as ColState;
  // The computers choose their roles; then the newcomer acts first.
  while (!engine.activePlayers(state).includes(NEWCOMER)) {
    const cpu = engine.activePlayers(state)[0] as string;
    const next = engine.apply(state, cpu, engine.computerAction(state, cpu) ?? { type: 'end' });
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state as ColState;
  }
  return state;
}

function follow(state: ColState) {
  const advice = hint(engine!, state, NEWCOMER, tutorial);
  if (!advice) throw new Error('no hint');
  const next = engine!.apply(state, NEWCOMER, advice.action);
  if (!next.ok) throw new Error(next.error.message);
  return { advice, state: next.value.state as ColState };
}

describe('GIVEN the COLLECTION tutorial, the newcomer’s first turn', () => {
  it.each([
    ['political', '🔵'],
    ['military', '🔴'],
    ['economic', '🟢'],
  ] as const)(
    'WHEN the %s analyst asks for hints THEN the first moves them to a collector that takes %s and the second engages there, each saying why',
    (role, gem) => {
      const first = follow(start(role));
      expect(first.advice.action.type).toBe('move');
      const to = (first.advice.action as unknown as { collector: Collector }).collector;
      expect(affinity(to)).toContain(role);
      expect(first.advice.where).toContain(`${to} in Scenario A`);
      expect(first.advice.why).toContain(`takes ${gem}`);
      expect(first.advice.why).toContain('rulebook 2 and 6');
      const second = follow(first.state);
      expect(second.advice.action.type).toBe('engage');
      expect(second.advice.where).toContain('Engage');
      expect(second.advice.why).toContain('one die per');
      expect(second.advice.why).toContain('(6.1)');
    },
  );

  it('WHEN the Political Analyst stands on DH, which takes no blue gem THEN the hint moves them on, and says DH does not take blue', () => {
    const s = start('political');
    const onDh = engine!.apply(s, NEWCOMER, { type: 'move', scenario: 'A', collector: 'DH' });
    if (!onDh.ok) throw new Error(onDh.error.message);
    const { advice } = follow(onDh.value.state as ColState);
    expect(advice.action.type).toBe('move');
    expect(advice.why).toContain('DH (🔴🟢), where you stand, does not take 🔵');
    expect(advice.move).not.toBe('end');
  });
});
