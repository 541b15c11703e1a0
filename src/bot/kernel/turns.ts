/**
 * Work that many interactions become ready for at once, spread over turns of the event loop
 * (issue #25). When 100 players press My view or move at once, their private views become ready
 * together (the store's answers arrive in one poll of the loop) and building each one's picture
 * (the SVG, a few ms) ran back to back: the loop did not poll again, nor fire a timer, for
 * hundreds of ms. Each view now waits for its turn: waiters are let through in order for up to
 * `TURN_MS` of a turn, then the rest wait for the next turn (a `setImmediate` from the check
 * phase runs after the next turn's timers and I/O). One per turn would bound the delay as well,
 * but under load a turn of I/O can take tens of ms, and a hundred views would then wait seconds.
 */
import { performance } from 'node:perf_hooks';

/** How long the waiters let through in one turn may run before the loop gets it back. */
export const TURN_MS = 8;

const waiting: Array<() => void> = [];
let scheduled = false;

/** Resolves in a turn of the event loop with time to spare, after those who asked before. */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (scheduled) return;
    scheduled = true;
    setImmediate(letThrough);
  });
}

function letThrough(): void {
  const until = performance.now() + TURN_MS;
  const next = (): void => {
    waiting.shift()?.();
    // Runs after the waiter's synchronous work (its continuation was queued first).
    queueMicrotask(() => {
      if (waiting.length === 0) scheduled = false;
      else if (performance.now() < until) next();
      else setImmediate(letThrough);
    });
  };
  next();
}
