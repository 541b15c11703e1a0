/**
 * A seeded Collection Deck game for the review tests: both seats are people who play what the
 * computer strategy suggests, except that the first seat passes at its first `passes` building
 * turns instead of choosing a crisis. Returns the record a finished session would hold.
 */
import type { AnyAction, AnyEngine, Seat } from '../../src/games/contract.ts';
import { SYSTEM_ACTOR } from '../../src/games/contract.ts';
import type { ReviewRecord } from '../../src/games/review.ts';

export const TWO_PEOPLE: Seat[] = [
  { id: '100000000000000001', name: 'alice' },
  { id: '100000000000000002', name: 'bob' },
];

export function passingGame(
  engine: AnyEngine,
  seed: string,
  passes: number,
  seats: Seat[] = TWO_PEOPLE,
): ReviewRecord & { passedAt: number[]; final: unknown } {
  const passer = seats[0]?.id;
  const options = engine.optionsSchema.parse({});
  const setup = engine.setup({ players: seats, options, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const history: ReviewRecord['history'][number][] = [];
  const passedAt: number[] = [];
  for (let step = 0; step < 4000 && !engine.outcome(state); step++) {
    const actor = engine.activePlayers(state).find((p: string) => engine.computerAction(state, p) !== null);
    const suggested = actor ? engine.computerAction(state, actor) : engine.timer(state)?.action;
    if (!suggested) throw new Error('nobody can move');
    let action: AnyAction = suggested;
    const choosing = action.type === 'select-crisis';
    if (actor === passer && choosing && passedAt.length < passes) {
      action = { type: 'pass' };
      passedAt.push(history.length + 1);
    }
    const result = engine.apply(state, actor ?? SYSTEM_ACTOR, action);
    if (!result.ok) throw new Error(`${result.error.code}`);
    history.push({ seq: history.length + 1, actor: actor ?? SYSTEM_ACTOR, action });
    state = result.value.state;
  }
  return { seats, options, seed, history, passedAt, final: state };
}

/**
 * A seeded game where every seat plays what the computer strategy suggests, except where
 * `change` returns another action for the first seat (return undefined to keep the suggestion).
 */
export function changedGame(
  engine: AnyEngine,
  seed: string,
  seats: Seat[],
  change: (action: AnyAction, state: unknown) => AnyAction | undefined,
): ReviewRecord & { changedAt: number[]; final: unknown } {
  const first = seats[0]?.id;
  const options = engine.optionsSchema.parse({});
  const setup = engine.setup({ players: seats, options, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const history: ReviewRecord['history'][number][] = [];
  const changedAt: number[] = [];
  for (let step = 0; step < 4000 && !engine.outcome(state); step++) {
    const actor = engine.activePlayers(state).find((p: string) => engine.computerAction(state, p) !== null);
    const suggested = actor ? engine.computerAction(state, actor) : engine.timer(state)?.action;
    if (!suggested) throw new Error('nobody can move');
    let action: AnyAction = suggested;
    if (actor !== undefined && actor === first) {
      const other = change(action, state);
      if (other !== undefined && engine.apply(state, actor, other).ok) {
        action = other;
        changedAt.push(history.length + 1);
      }
    }
    const result = engine.apply(state, actor ?? SYSTEM_ACTOR, action);
    if (!result.ok) throw new Error(`${result.error.code}`);
    history.push({ seq: history.length + 1, actor: actor ?? SYSTEM_ACTOR, action });
    state = result.value.state;
  }
  return { seats, options, seed, history, changedAt, final: state };
}
