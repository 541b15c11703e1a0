/** Dice come from the arrangement first (tests), then from the seeded generator in the state. */
import { roll } from '../rng.ts';
import type { ColState } from './types.ts';

/** A d10 face, 1-10, where 10 is the die's 0 (always a failure, rulebook 6.2). */
export function nextRollFace(state: ColState): number {
  return state.dice.shift() ?? roll(state.rng, 10);
}
