/**
 * What the platform does when a decision's time runs out (see Wait in contract.ts): apply the
 * default for the player who owes it, and keep applying the defaults listed under the same key
 * until that decision is complete. Pure, so tests and the platform share one definition.
 */
import type { Applied, GameEngine, Result, Wait } from './contract.ts';
import { fail, ok } from './contract.ts';

/** A decision never takes more actions than this; more means the engine's default is stuck. */
export const MAX_DEFAULTS_PER_WAIT = 8;

export interface RanOut<S, A> extends Applied<S> {
  /** The defaults applied, in order (for the move history). */
  applied: Wait<A>[];
}

export function runOutWait<S, A extends { type: string }, O, V>(
  engine: GameEngine<S, A, O, V>,
  state: S,
  key: string,
): Result<RanOut<S, A>> {
  let current = state;
  const announce: string[] = [];
  const applied: Wait<A>[] = [];
  for (let n = 0; n < MAX_DEFAULTS_PER_WAIT; n++) {
    const wait = engine.waits(current).find((w) => w.key === key);
    if (!wait) {
      return applied.length > 0
        ? ok({ state: current, announce, applied })
        : fail('no-such-wait', 'The game is no longer waiting for that decision.');
    }
    const result = engine.apply(current, wait.player, wait.default);
    if (!result.ok) return result;
    current = result.value.state;
    announce.push(...result.value.announce);
    applied.push(wait);
  }
  return fail('wait-does-not-end', `The defaults for ${key} did not complete the decision.`);
}
