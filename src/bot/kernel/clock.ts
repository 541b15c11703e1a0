/**
 * Time as the bot sees it. Production uses SystemClock; tests and the sandbox share one
 * AdjustableClock (src/sandbox/clock.ts) between bot and emulator so that "wait 16 minutes"
 * takes no real time and both sides agree on the deadline.
 */
export interface Clock {
  now(): number;
  /**
   * run fn at epoch-ms `at`; returns a cancel function. fn may be async: AdjustableClock.advance
   * awaits it before firing the next timer.
   */
  schedule(at: number, fn: () => unknown): () => void;
}

/** setTimeout refuses delays above 2^31-1 ms (about 24.8 days); longer waits are chained. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Fires after `delay` ms measured on `monotonic` (a clock that never steps), chaining timeouts
 * for waits longer than setTimeout allows.
 */
export function armAfter(delay: number, monotonic: () => number, fire: () => void): { cancel(): void } {
  const at = monotonic() + Math.max(0, delay);
  let handle: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const left = at - monotonic();
    if (left > MAX_TIMEOUT_MS) {
      handle = setTimeout(arm, MAX_TIMEOUT_MS);
      return;
    }
    handle = setTimeout(fire, Math.max(0, left));
  };
  arm();
  return { cancel: () => clearTimeout(handle) };
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  monotonic(): number {
    return performance.now();
  }

  schedule(at: number, fn: () => unknown): () => void {
    const timer = armAfter(
      at - Date.now(),
      () => performance.now(),
      () => void fn(),
    );
    return () => timer.cancel();
  }
}
