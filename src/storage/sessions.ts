/**
 * Session persistence: one record per channel. Every save is a compare-and-set in the store
 * itself (atomic.ts), so of two processes saving over the same version exactly one wins and
 * the other gets a VersionConflictError; `withLock` then runs the operation again from a fresh
 * load, as long as it had not saved anything yet. Store failures and timeouts are thrown as
 * StoreUnavailableError, never mistaken for an empty channel.
 */
import type Keyv from 'keyv';
import { atomicStore, type AtomicStore } from './atomic.ts';
import {
  STORE_TIMEOUT_MS,
  type StoreCall,
  StoreUnavailableError,
  storeCall,
  VersionConflictError,
} from './errors.ts';
import { chunksToStore, type HistoryEntry } from './history.ts';
import { HistoryChunks } from './history-chunks.ts';
import { migrate } from './migrations.ts';
import { noteSave } from './save-trace.ts';
import { KeyedMutex } from './mutex.ts';
import { HANDLED_MEMORY, SESSION_PREFIX, sessionKey, sessionSchema, type Session } from './session.ts';
import { studyKey, studySchema, type Study } from './study.ts';
import { SetAsideRecords } from './set-aside.ts';
import { TableIndex } from './table-index.ts';
import { TimerIndex } from './timer-index.ts';

export { VersionConflictError } from './errors.ts';

export type LoadResult =
  | { kind: 'none' }
  | { kind: 'ok'; session: Session }
  /** The record could not be read; it was moved to `quarantineKey` and the channel is free. */
  | { kind: 'corrupt'; quarantineKey: string; problem: string }
  /** Written by a newer build of the bot (schema `found`): left untouched. */
  | { kind: 'newer'; found: number };

/** How often an operation that lost a save race is run again from a fresh load. */
const MAX_ATTEMPTS = 8;
/** Records remembered as last read or written, so a save need not read its record again. */
const KNOWN_TEXTS = 256;
/** Channels remembered as listed in the table index (a few bytes each). */
const INDEXED_MEMORY = 100_000;

/**
 * A short random pause before running a lost race again, growing with each attempt, so two
 * processes retrying the same table at once do not keep colliding in step.
 */
const backoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));

/** A record as last read or written: its version, stored text and how many recent moves it holds. */
interface Known {
  version: number;
  text: string;
  recent: number;
  /** Whether it has a running phase timer (so its channel is in the timer index). */
  timed: boolean;
}

const timed = (s: Session): boolean => s.timer !== undefined && s.status === 'playing';

export class SessionStore {
  private readonly locks = new KeyedMutex();
  private readonly atomic: AtomicStore;
  private readonly chunks: HistoryChunks;
  /** How long one store call may take before it is reported as failed. */
  timeoutMs = STORE_TIMEOUT_MS;
  /** Channels whose current locked operation has saved at least once (so it must not rerun). */
  private readonly committed = new Set<string>();
  /**
   * The stored text of each recently loaded or saved session, by channel, with its version. A
   * save over that version compares against this text in the store itself instead of reading
   * the record first; if another process wrote meanwhile, the compare fails like any lost race.
   */
  private readonly known = new Map<string, Known>();
  /** Each server's tables, so a shard finds its own without reading others' (table-index.ts). */
  readonly tableIndex: TableIndex;
  /** The channels with a running phase timer, re-armed after a restart (timer-index.ts). */
  readonly timerIndex: TimerIndex;
  /** Records set aside as unreadable (set-aside.ts). */
  readonly setAside: SetAsideRecords;
  /**
   * Channels this process has listed in the table index, or seen saved there, while their record
   * existed: an entry is only ever removed once its record is gone (table-index.ts), so their
   * saves need not look at the index again. Forgotten when the record is found gone.
   */
  private readonly indexed = new Set<string>();

  constructor(
    private readonly keyv: Keyv,
    private readonly now: () => number,
  ) {
    this.atomic = atomicStore(keyv);
    this.tableIndex = new TableIndex(this.atomic, now);
    const call: StoreCall = (operation, fn, write) => this.call(operation, fn, write);
    this.chunks = new HistoryChunks(this.atomic, call);
    this.timerIndex = new TimerIndex(this.atomic, this.locks, call);
    this.setAside = new SetAsideRecords(this.atomic, call);
  }

  /**
   * Runs `fn` with exclusive access (in this process) to the channel's session. If another
   * process saved first, `fn` runs again from a fresh load — unless it had already saved,
   * in which case the conflict is the caller's to handle.
   */
  async withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(channelId, async () => {
      for (let attempt = 1; ; attempt++) {
        this.committed.delete(channelId);
        try {
          return await fn();
        } catch (err) {
          const saved = this.committed.has(channelId);
          if (err instanceof StoreUnavailableError) err.committed ||= saved;
          if (!(err instanceof VersionConflictError) || saved || attempt >= MAX_ATTEMPTS) throw err;
        } finally {
          this.committed.delete(channelId);
        }
        await backoff(attempt);
      }
    });
  }

  private call<T>(operation: string, fn: () => Promise<T>, write = false): Promise<T> {
    return storeCall(operation, fn, this.timeoutMs, write);
  }

  /**
   * Fails unless the store answers and takes a write (start-up check): a SQLite file on a
   * read-only filesystem reads fine and would refuse every save.
   */
  async ping(): Promise<void> {
    const text = await this.call('a health check', () => this.atomic.get('health'));
    const next = await this.atomic.encode({ checkedAt: this.now() });
    // Lost to another process checking at the same moment: that write proves the same.
    await this.call('a health check write', () => this.atomic.swap('health', text, next), true);
  }

  async load(channelId: string): Promise<LoadResult> {
    const key = sessionKey(channelId);
    const text = await this.call('a read', () => this.atomic.get(key));
    if (text === undefined) {
      this.known.delete(channelId);
      this.indexed.delete(channelId);
      return { kind: 'none' };
    }
    const result = await this.parse(channelId, text);
    if (result.kind === 'ok')
      this.remember(channelId, {
        version: result.session.version,
        text,
        recent: result.session.history.recent.length,
        timed: timed(result.session),
      });
    return result;
  }

  private remember(channelId: string, known: Known): void {
    this.known.delete(channelId);
    this.known.set(channelId, known);
    if (this.known.size > KNOWN_TEXTS) this.known.delete(this.known.keys().next().value ?? '');
  }

  private async parse(channelId: string, text: string): Promise<LoadResult> {
    let value: unknown;
    try {
      value = await this.atomic.decode(text);
    } catch (err) {
      return this.quarantine(channelId, text, text, `(record): not readable (${(err as Error).message})`);
    }
    const migrated = migrate(value);
    if (migrated.kind === 'newer') return migrated;
    if (migrated.kind === 'unknown') return this.quarantine(channelId, text, value, migrated.problem);
    const parsed = sessionSchema.safeParse(migrated.record);
    if (parsed.success) return { kind: 'ok', session: parsed.data };
    const problem = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
      .join('; ');
    return this.quarantine(channelId, text, value, problem);
  }

  /** Moves an unreadable record aside (as it was, for inspection) and frees the channel. */
  private async quarantine(
    channelId: string,
    text: string,
    value: unknown,
    problem: string,
  ): Promise<LoadResult> {
    const quarantineKey = this.setAside.keyFor(channelId, this.now());
    const encoded = await this.atomic.encode(value);
    await this.call('setting a record aside', async () => {
      await this.atomic.swap(quarantineKey, await this.atomic.get(quarantineKey), encoded);
      // Only if it is still the same unreadable record: another process may have replaced it.
      if (!(await this.atomic.swap(sessionKey(channelId), text, undefined)))
        throw new VersionConflictError(channelId, -1, -1);
    });
    this.indexed.delete(channelId);
    await this.timerIndex.untrack(channelId);
    return { kind: 'corrupt', quarantineKey, problem };
  }

  /**
   * Saves `session` as the next version. `expectedVersion` is the version that was loaded
   * (or -1 for a new session); if the stored one differs, or changes before the write lands,
   * nothing is written and VersionConflictError is thrown.
   */
  async save(session: Session, expectedVersion: number): Promise<Session> {
    const key = sessionKey(session.channelId);
    const current = await this.expected(session.channelId, expectedVersion);
    // Moves an earlier save committed go to their chunks first (history.ts says why that is safe).
    const { chunks, kept } = chunksToStore(session.history, current.recent);
    await this.chunks.write(session, chunks);
    const next: Session = {
      ...session,
      history: kept,
      version: expectedVersion + 1,
      updatedAt: this.now(),
      handled: session.handled.slice(-HANDLED_MEMORY),
    };
    sessionSchema.parse(next);
    const text = await this.atomic.encode(next);
    // Listed before it is written: a crash between the two leaves an entry without a record
    // (removed later), never a record no shard finds. A new record renews its entry.
    if (current.text === undefined || !this.indexed.has(next.channelId))
      await this.tableIndex.add(next.guildId, next.channelId, current.text === undefined);
    const written = await this.call('a save', () => this.atomic.swap(key, current.text, text), true);
    if (!written) {
      this.known.delete(session.channelId);
      throw new VersionConflictError(session.channelId, expectedVersion, -1);
    }
    this.remember(session.channelId, {
      version: next.version,
      text,
      recent: kept.recent.length,
      timed: timed(next),
    });
    this.indexed.delete(next.channelId);
    this.indexed.add(next.channelId);
    if (this.indexed.size > INDEXED_MEMORY) this.indexed.delete(this.indexed.values().next().value ?? '');
    this.committed.add(session.channelId);
    noteSave();
    // The index changes only when the timer starts or stops: the version replaced said which.
    if (timed(next) && !current.timed) await this.timerIndex.track(next.channelId);
    else if (!timed(next) && current.timed) await this.timerIndex.untrack(next.channelId);
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

  /**
   * The stored record a save of `expectedVersion` must replace (its text, undefined when absent,
   * and how many recent moves it holds), read only when not known.
   */
  private async expected(
    channelId: string,
    expectedVersion: number,
  ): Promise<{ text: string | undefined; recent: number; timed: boolean }> {
    const known = this.known.get(channelId);
    if (known?.version === expectedVersion) return known;
    const text = await this.call('a read before saving', () => this.atomic.get(sessionKey(channelId)));
    const found = text === undefined ? { version: -1, recent: 0, timed: false } : await this.summaryOf(text);
    if (found.version !== expectedVersion)
      throw new VersionConflictError(channelId, expectedVersion, found.version);
    return { text, recent: found.recent, timed: found.timed };
  }

  /** The version of stored text and the number of recent moves it holds (-1, 0 if unreadable). */
  private async summaryOf(text: string): Promise<{ version: number; recent: number; timed: boolean }> {
    try {
      const value = await this.atomic.decode(text);
      const parsed = sessionSchema.safeParse(value);
      if (parsed.success)
        return {
          version: parsed.data.version,
          recent: parsed.data.history.recent.length,
          timed: timed(parsed.data),
        };
      const version = value && typeof value === 'object' && 'version' in value ? value.version : undefined;
      // Unreadable as a session: whether it is indexed is unknown, so assume it is (an untrack is harmless).
      return { version: typeof version === 'number' ? version : -1, recent: 0, timed: true };
    } catch {
      return { version: -1, recent: 0, timed: true };
    }
  }

  /**
   * The game's whole move history: the stored chunks, then the record's recent moves. For
   * export, replay, review and debrief only; a move never needs it. Throws StoreUnavailableError
   * when the store does not answer, and HistoryDamagedError (with every move that could be read)
   * when it answers without a chunk or with one it cannot read: never a short history.
   */
  history(session: Session): Promise<HistoryEntry[]> {
    return this.chunks.read(session);
  }

  /** Removes the stored history of the channel's earlier games (all but `keepSessionId`'s). */
  pruneHistory(channelId: string, keepSessionId: string | null): Promise<number> {
    return this.chunks.prune(channelId, keepSessionId);
  }

  async delete(channelId: string): Promise<void> {
    // History first: a failure then leaves a record whose history is gone, which is being deleted anyway.
    await this.pruneHistory(channelId, null);
    await this.call('a delete', async () => {
      // Deleting whatever is there, atomically: retried if it changes between read and delete.
      for (;;) {
        const current = await this.atomic.get(sessionKey(channelId));
        if (current === undefined || (await this.atomic.swap(sessionKey(channelId), current, undefined)))
          break;
      }
    });
    this.known.delete(channelId);
    this.indexed.delete(channelId);
    await this.timerIndex.untrack(channelId);
  }

  /** Every channel that has a session record (a listing of every key: `tableIndex` lists a shard's own). */
  async sessionChannels(): Promise<string[]> {
    const keys = await this.call('listing sessions', () => this.atomic.keys(SESSION_PREFIX));
    return keys.map((k) => k.slice(SESSION_PREFIX.length));
  }

  async drain(): Promise<void> {
    await this.locks.drain();
  }

  async close(): Promise<void> {
    await this.drain();
    await this.keyv.disconnect();
  }
}
