/**
 * Keeps each session's phase timer armed on the shared clock. The deadline itself lives in the
 * session record, so after a restart `restore` arms every timer again from storage.
 */
import type { Clock } from './clock.ts';
import type { Session } from '../storage/session.ts';

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
    const cancels: Array<() => void> = [];
    // Returning the promise lets an adjustable clock wait for the timer's work when it jumps.
    const fire = (kind: TimerKind) => () => this.onFire(session.channelId, t.key, kind);
    if (t.remindAt !== undefined && t.remindAt > this.clock.now())
      cancels.push(this.clock.schedule(t.remindAt, fire('remind')));
    cancels.push(this.clock.schedule(t.due, fire('due')));
    this.armed.set(session.channelId, cancels);
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
