/**
 * Time as the bot sees it. Production uses SystemClock; tests and the sandbox share one
 * AdjustableClock (src/sandbox/clock.ts) between bot and emulator so that "wait 16 minutes"
 * takes no real time and both sides agree on the deadline.
 *
 * A host has two clocks: the wall clock (epoch ms, which an operator or NTP may step) and a
 * monotonic one (which never steps). The bot keeps its time with `steadyClock`: the wall time
 * read once when the process starts, carried forward on the monotonic clock. Deadlines are
 * measured on it while the process runs, so a step of the wall clock neither delays a deadline
 * nor makes an answer look older than its question; wall time counts only across restarts, when
 * the next process reads it again.
 */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Milliseconds on a clock that never steps back or jumps (performance.now()). */
  monotonic(): number;
  /**
   * run fn at epoch-ms `at` (as this clock's now() counts it); returns a cancel function. fn may
   * be async: AdjustableClock.advance awaits it before firing the next timer.
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

/** The host's clocks as they are: the wall clock (may step) and performance.now(). */
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

/**
 * The bot's time: `host`'s wall time when this is called, carried forward on its monotonic
 * clock, so it never steps while the process runs. Timers are handed to `host` as delays.
 */
export function steadyClock(host: Clock): Clock {
  const anchor = host.now() - host.monotonic();
  const now = (): number => Math.floor(anchor + host.monotonic());
  return {
    now,
    monotonic: () => host.monotonic(),
    schedule: (at, fn) => host.schedule(host.now() + (at - now()), fn),
  };
}
