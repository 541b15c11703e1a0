/**
 * A whole game played by computer seats only, for benchmarks and soak tests.
 */
import { SYSTEM_ACTOR, type Seat } from '../contract.ts';
import { nextInt, seedRng } from '../rng.ts';
import { itemCollection } from './index.ts';
import { COMPUTER_STRATEGIES } from './strategies.ts';
import type { IcgState } from './state.ts';

/** Upper bound on actions: a game ends within 17 rounds of at most 12 actions each. */
const ACTION_LIMIT = 10_000;

export function playoutSeats(seed: string) {
  const rng = seedRng(`seats|${seed}`);
  return [0, 1, 2, 3].map((i) => ({
    id: `cpu:${i}`,
    name: `Computer ${i + 1}`,
    computer: COMPUTER_STRATEGIES[nextInt(rng, COMPUTER_STRATEGIES.length)]?.id ?? 'honest',
  }));
}

/** Plays one game from `seed` with a mix of strategies; returns the final state too. */
export function playGame(seed: string): IcgState {
  return playTable(seed, playoutSeats(seed));
}

/** Plays one game from `seed` between these computer seats to the end. */
export function playTable(seed: string, players: Seat[]): IcgState {
  const setup = itemCollection.setup({ players, options: {}, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  for (let n = 0; n < ACTION_LIMIT && !itemCollection.outcome(state); n++) {
    const actor = itemCollection.activePlayers(state)[0];
    const action = actor === undefined ? null : itemCollection.computerAction(state, actor);
    const result =
      actor === undefined || action === null
        ? itemCollection.apply(state, SYSTEM_ACTOR, { type: 'endNegotiation' })
        : itemCollection.apply(state, actor, action);
    if (!result.ok) throw new Error(`playout ${seed}: ${result.error.code} ${result.error.message}`);
    state = result.value.state;
  }
  if (!itemCollection.outcome(state)) throw new Error(`playout ${seed} did not end`);
  return state;
}

export function randomPlayout(seed: string): { rounds: number } {
  return { rounds: playGame(seed).history.length };
}
