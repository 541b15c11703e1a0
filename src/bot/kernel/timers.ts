/**
 * Keeps each session's phase timer armed on the shared clock. The deadline itself lives in the
 * session record, so after a restart `restore` arms every timer again from storage.
 */
import type { Clock } from './clock.ts';
import type { Session } from '../../storage/session.ts';

export type TimerKind = 'remind' | 'due';
export type TimerHandler = (channelId: string, key: string, kind: TimerKind) => Promise<void>;

export class Timers {
  private readonly armed = new Map<string, Array<() => void>>();
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
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.armed.keys()]) this.cancel(id);
  }
}
