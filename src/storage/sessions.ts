/**
 * Session persistence: one keyv record per channel, read and written only inside a per-channel
 * lock, with a version check on save so that a write based on an old read is refused.
 */
import type Keyv from 'keyv';
import { KeyedMutex } from './mutex.ts';
import { HANDLED_MEMORY, sessionSchema, type Session } from './session.ts';
import { studyKey, studySchema, type Study } from './study.ts';

export type LoadResult =
  | { kind: 'none' }
  | { kind: 'ok'; session: Session }
  /** The record could not be read; it was moved to `quarantineKey` and the channel is free. */
  | { kind: 'corrupt'; quarantineKey: string; problem: string };

export class VersionConflictError extends Error {
  constructor(channelId: string, expected: number, found: number) {
    super(`Session ${channelId} changed underneath us (expected version ${expected}, found ${found}).`);
  }
}

const sessionKey = (channelId: string) => `session:${channelId}`;
const TIMER_INDEX_KEY = 'index:timers';

export class SessionStore {
  private readonly locks = new KeyedMutex();

  constructor(
    private readonly keyv: Keyv,
    private readonly now: () => number,
  ) {}

  /** Runs `fn` with exclusive access to the channel's session. */
  withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(channelId, fn);
  }

  async load(channelId: string): Promise<LoadResult> {
    const raw: unknown = await this.keyv.get(sessionKey(channelId));
    if (raw === undefined || raw === null) return { kind: 'none' };
    const parsed = sessionSchema.safeParse(raw);
    if (parsed.success) return { kind: 'ok', session: parsed.data };
    const quarantineKey = `quarantine:${channelId}:${this.now()}`;
    await this.keyv.set(quarantineKey, raw);
    await this.keyv.delete(sessionKey(channelId));
    await this.untrackTimer(channelId);
    const problem = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
      .join('; ');
    return { kind: 'corrupt', quarantineKey, problem };
  }

  /** Reads a set-aside record back (for admins and tests). */
  async quarantined(key: string): Promise<unknown> {
    return this.keyv.get(key);
  }

  /**
   * Saves `session` as the next version. `expectedVersion` is the version that was loaded
   * (or -1 for a new session); if the stored one differs, nothing is written.
   */
  async save(session: Session, expectedVersion: number): Promise<Session> {
    const current: unknown = await this.keyv.get(sessionKey(session.channelId));
    const found =
      current && typeof current === 'object' && 'version' in current && typeof current.version === 'number'
        ? current.version
        : -1;
    if (found !== expectedVersion) throw new VersionConflictError(session.channelId, expectedVersion, found);
    const next: Session = {
      ...session,
      version: expectedVersion + 1,
      updatedAt: this.now(),
      handled: session.handled.slice(-HANDLED_MEMORY),
    };
    sessionSchema.parse(next);
    await this.keyv.set(sessionKey(session.channelId), next);
    if (next.timer && next.status === 'playing') await this.trackTimer(next.channelId);
    else await this.untrackTimer(next.channelId);
    return next;
  }

  /** A study session (several tables as one), or null when there is none or it cannot be read. */
  async loadStudy(id: string): Promise<Study | null> {
    const parsed = studySchema.safeParse(await this.keyv.get(studyKey(id)));
    return parsed.success ? parsed.data : null;
  }

  async saveStudy(study: Study): Promise<void> {
    await this.keyv.set(studyKey(study.id), studySchema.parse(study));
  }

  async delete(channelId: string): Promise<void> {
    await this.keyv.delete(sessionKey(channelId));
    await this.untrackTimer(channelId);
  }

  /** Channels whose sessions have a running timer, so they can be rescheduled after a restart. */
  async channelsWithTimers(): Promise<string[]> {
    return (await this.keyv.get<string[]>(TIMER_INDEX_KEY)) ?? [];
  }

  // The index is shared by all channels, so its read-modify-write has a lock of its own.
  private trackTimer(channelId: string): Promise<void> {
    return this.locks.run(TIMER_INDEX_KEY, async () => {
      const list = await this.channelsWithTimers();
      if (!list.includes(channelId)) await this.keyv.set(TIMER_INDEX_KEY, [...list, channelId]);
    });
  }

  private untrackTimer(channelId: string): Promise<void> {
    return this.locks.run(TIMER_INDEX_KEY, async () => {
      const list = await this.channelsWithTimers();
      if (list.includes(channelId))
        await this.keyv.set(
          TIMER_INDEX_KEY,
          list.filter((c) => c !== channelId),
        );
    });
  }

  async drain(): Promise<void> {
    await this.locks.drain();
  }

  async close(): Promise<void> {
    await this.drain();
    await this.keyv.disconnect();
  }
}
