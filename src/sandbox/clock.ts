/**
 * The adjustable clock the sandbox and the tests share between bot and emulator: real time plus
 * an offset that advance() grows, so "wait 16 minutes" takes no real time.
 *
 * It models a host's two clocks: the wall clock (`now()`, epoch ms), which an operator or NTP may
 * step (`stepWall`), and the monotonic clock (`monotonic()`), which never steps. Timers behave as
 * the host's do: `schedule(at)` turns `at` into a delay from the wall time at that moment, and the
 * delay then runs on the monotonic clock, so a wall step does not move a timer already armed.
 */
import { armAfter, type Clock } from '../bot/kernel/clock.ts';

export type { Clock } from '../bot/kernel/clock.ts';

interface PendingTimer {
  /** When it fires, on the monotonic clock. */
  at: number;
  /** Tie-breaker: timers due at the same instant fire in the order they were scheduled. */
  order: number;
  fn: () => unknown;
  real: { cancel(): void };
}

/** Real time plus an offset that advance() grows (and a wall-clock step that stepWall() sets). */
export class AdjustableClock implements Clock {
  /** Wall time minus monotonic time, fixed when made: the two clocks move in step. */
  readonly #anchor = Date.now() - performance.now();
  /** Time advanced by advance(): both clocks move. */
  #offset = 0;
  /** Steps of the wall clock alone. */
  #wallStep = 0;
  #nextOrder = 0;
  readonly #pending = new Set<PendingTimer>();
  readonly #running = new Set<Promise<unknown>>();

  now(): number {
    return Math.floor(this.#anchor + this.monotonic()) + this.#wallStep;
  }

  monotonic(): number {
    return performance.now() + this.#offset;
  }

  schedule(at: number, fn: () => unknown): () => void {
    const timer: PendingTimer = {
      // The wall time `at` as a delay from now, run on the monotonic clock (exact: no jitter
      // between two readings, so timers for one instant keep the order they were set in).
      at: at - this.#wallStep - this.#anchor,
      order: this.#nextOrder++,
      fn,
      real: { cancel: () => undefined },
    };
    this.#pending.add(timer);
    this.#armReal(timer);
    return () => {
      timer.real.cancel();
      this.#pending.delete(timer);
    };
  }

  /**
   * Steps the wall clock by `ms` (negative: back) without moving monotonic time, as an operator
   * setting the host's clock or NTP correcting it would. Armed timers keep their real delays.
   */
  stepWall(ms: number): void {
    this.#wallStep += ms;
  }

  /**
   * Moves time forward by `ms`, firing every timer that falls due in order, each at its own
   * due time (so a timer that schedules another within the jump sees that one fire too).
   * Async timer functions are awaited before the next timer fires, and so are timers that fired
   * on their own meanwhile: one set for an instant already reached (a wake-up re-armed for its
   * own time) fires on a real zero-delay timeout, and the clock must not jump hours ahead while
   * its work is under way, or it would read a time far past its own and, say, play a default
   * whose reminder it was sending.
   */
  async advance(ms: number): Promise<void> {
    if (ms < 0) throw new RangeError('AdjustableClock.advance: time only moves forward');
    const target = this.monotonic() + ms;
    for (;;) {
      await this.idle();
      const next = this.#nextDue(target);
      if (!next) break;
      const lag = next.at - this.monotonic();
      if (lag > 0) this.#offset += lag;
      await this.#fire(next);
    }
    const rest = target - this.monotonic();
    if (rest > 0) this.#offset += rest;
    // The remaining timers are now due sooner in real time: re-arm them.
    for (const timer of this.#pending) {
      timer.real.cancel();
      this.#armReal(timer);
    }
  }

  /** How many timers are waiting (useful to assert that nothing leaks). */
  get pendingTimers(): number {
    return this.#pending.size;
  }

  #armReal(timer: PendingTimer): void {
    timer.real = armAfter(
      timer.at - this.monotonic(),
      () => this.monotonic(),
      () => void this.#fire(timer, true),
    );
  }

  #nextDue(limit: number): PendingTimer | undefined {
    let best: PendingTimer | undefined;
    for (const timer of this.#pending) {
      if (timer.at > limit) continue;
      if (!best || timer.at < best.at || (timer.at === best.at && timer.order < best.order)) best = timer;
    }
    return best;
  }

  /**
   * Fires a timer once. One that fires on its own, in real time (`inRealTime`), is tracked so
   * idle() can wait for it; advance() awaits the ones it fires itself (and a settle() from inside
   * one of those must not wait for it, or it would wait for itself).
   */
  async #fire(timer: PendingTimer, inRealTime = false): Promise<void> {
    // Removing first makes each timer fire exactly once, whichever path reaches it first.
    if (!this.#pending.delete(timer)) return;
    timer.real.cancel();
    if (!inRealTime) return void (await timer.fn());
    const running = Promise.resolve()
      .then(timer.fn)
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
    await running;
  }

  /** Resolves once every timer that fired on its own, in real time, has finished its work. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}
