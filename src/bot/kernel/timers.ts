/**
 * Keeps each session's phase timer armed on the shared clock. The deadline itself lives in the
 * session record, so after a restart `restore` arms every timer again from storage. A timer whose
 * work failed (the store did not answer) is tried again after a back-off (`retry`), until a save
 * of its table re-arms it from the record.
 */
import type { Clock } from './clock.ts';
import { retryDelay } from './retry.ts';
import type { Session } from '../../storage/session.ts';

export type TimerKind = 'remind' | 'due';
export type TimerHandler = (channelId: string, key: string, kind: TimerKind) => Promise<void>;

export class Timers {
  private readonly armed = new Map<string, Array<() => void>>();
  /** Failed attempts in a row per channel, for the back-off; cleared when the timer is re-armed. */
  private readonly attempts = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly onFire: TimerHandler,
  ) {}

  /** Arms (or disarms) the channel's timers to match the saved session. */
  sync(session: Session): void {
    this.cancel(session.channelId);
    const t = session.timer;
    if (this.stopped || !t || session.status !== 'playing' || t.due === undefined) return;
    const remindAt = t.remindAt !== undefined && t.remindAt > this.clock.now() ? t.remindAt : undefined;
    this.arm(session.channelId, t.key, remindAt, t.due);
  }

  /**
   * The timer's work failed: it runs again after a back-off (1 s, 2 s… up to a minute), and again
   * after each failure, until a save of the table re-arms it (sync). Returns the delay.
   */
  retry(channelId: string, key: string, kind: TimerKind): number {
    if (this.stopped) return 0;
    const attempt = (this.attempts.get(channelId) ?? 0) + 1;
    this.attempts.set(channelId, attempt);
    const delay = retryDelay(attempt);
    const cancel = this.clock.schedule(this.clock.now() + delay, () => this.onFire(channelId, key, kind));
    this.armed.set(channelId, [...(this.armed.get(channelId) ?? []), cancel]);
    return delay;
  }

  // Apart from sync so the scheduled callbacks hold two strings, never the session they came from
  // (a closure keeps its whole scope: 1,000 running clocks would keep 1,000 sessions alive).
  private arm(channelId: string, key: string, remindAt: number | undefined, due: number): void {
    // Returning the promise lets an adjustable clock wait for the timer's work when it jumps.
    const fire = (kind: TimerKind) => () => this.onFire(channelId, key, kind);
    const cancels: Array<() => void> = [];
    if (remindAt !== undefined) cancels.push(this.clock.schedule(remindAt, fire('remind')));
    cancels.push(this.clock.schedule(due, fire('due')));
    this.armed.set(channelId, cancels);
  }

  cancel(channelId: string): void {
    for (const c of this.armed.get(channelId) ?? []) c();
    this.armed.delete(channelId);
    this.attempts.delete(channelId);
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.armed.keys()]) this.cancel(id);
  }
}
