/**
 * The adjustable clock the sandbox and the tests share between bot and emulator: real time plus
 * an offset that advance() grows, so "wait 16 minutes" takes no real time.
 */
import { armRealTimer, type Clock } from '../bot/kernel/clock.ts';

export type { Clock } from '../bot/kernel/clock.ts';

interface PendingTimer {
  at: number;
  /** Tie-breaker: timers due at the same instant fire in the order they were scheduled. */
  order: number;
  fn: () => unknown;
  real: { cancel(): void };
}

/** Real time plus an offset that advance() grows. */
export class AdjustableClock implements Clock {
  #offset = 0;
  #nextOrder = 0;
  readonly #pending = new Set<PendingTimer>();
  readonly #running = new Set<Promise<unknown>>();

  now(): number {
    return Date.now() + this.#offset;
  }

  schedule(at: number, fn: () => unknown): () => void {
    const timer: PendingTimer = { at, order: this.#nextOrder++, fn, real: { cancel: () => undefined } };
    this.#pending.add(timer);
    this.#armReal(timer);
    return () => {
      timer.real.cancel();
      this.#pending.delete(timer);
    };
  }

  /**
   * Moves time forward by `ms`, firing every timer that falls due in order, each at its own
   * due time (so a timer that schedules another within the jump sees that one fire too).
   * Async timer functions are awaited before the next timer fires.
   */
  async advance(ms: number): Promise<void> {
    if (ms < 0) throw new RangeError('AdjustableClock.advance: time only moves forward');
    const target = this.now() + ms;
    for (let next = this.#nextDue(target); next; next = this.#nextDue(target)) {
      const lag = next.at - this.now();
      if (lag > 0) this.#offset += lag;
      await this.#fire(next);
    }
    const rest = target - this.now();
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
    timer.real = armRealTimer(
      timer.at,
      () => this.now(),
      () => void this.#fire(timer),
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

  async #fire(timer: PendingTimer): Promise<void> {
    // Removing first makes each timer fire exactly once, whichever path reaches it first.
    if (!this.#pending.delete(timer)) return;
    timer.real.cancel();
    const running = Promise.resolve()
      .then(timer.fn)
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
    await running;
  }

  /** Resolves once every timer that has fired (on its own, in real time) has finished its work. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}
