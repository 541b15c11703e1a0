/**
 * Per-decision deadlines at work (issue #10). Each table's next wake-up (a reminder or a
 * deadline) is armed on the clock and written to the deadline index, so a restart re-arms every
 * table from the index alone, without reading sessions. On waking, the table's session is read
 * under its lock: reminders go out, and a decision whose time is up gets its default played
 * (runOutWait) as the player who owed it. The session is saved before anything is posted, and
 * the clock leaves the record in the same save, so each deadline fires once and only once.
 *
 * Deadlines always fire (issue #24): a wake-up whose work fails (the store did not answer) is
 * tried again after a back-off; a table is armed before its index entry is written, and an index
 * write that fails is tried again in the background (the table keeps its armed deadline
 * meanwhile); and the start-up sweep reconciles the index with every session it reads
 * (`reconcile`), so a crash between a session's save and its index entry loses nothing.
 */
import type { AnyEngine, PlayerId } from '../../games/contract.ts';
import { runOutWait } from '../../games/waits.ts';
import { seatUsers, type Session } from '../../storage/session.ts';
import type { DecisionClock } from '../../storage/table-clock.ts';
import { defaultMoves, nextWake, reminded, tableClockOf } from '../kernel/pace.ts';
import { settle } from '../kernel/play.ts';
import { retryDelay } from '../kernel/retry.ts';
import { ownsGuild } from '../kernel/shard-ownership.ts';
import type { Committed } from './commit.ts';
import type { TableService } from './service.ts';
import { appendHistory } from '../../storage/history.ts';
import { playerName } from '../kernel/names.ts';
import { closedIfGone } from './channel-gone.ts';
import { plural } from '../kernel/text.ts';

export interface RestoreReport {
  /** Index records read (shards), never sessions. */
  indexReads: number;
  /** TableService re-armed. */
  deadlines: number;
}

export class Decisions {
  private readonly armed = new Map<string, { at: number; cancel: () => void }>();
  /** Failed wake-ups in a row per table, for the back-off; cleared by the next sync. */
  private readonly attempts = new Map<string, number>();
  /** Index entries still to be written (their write failed), each with its retry. */
  private readonly owed = new Map<string, { cancel: () => void }>();
  /** The latest index write per channel, so an older one that failed does not retry over it. */
  private readonly indexWrites = new Map<string, number>();
  private stopped = false;

  constructor(private readonly tables: TableService) {}

  /** After every save: the armed wake-up and the index follow the session. */
  async sync(session: Session): Promise<void> {
    const { channelId } = session;
    const at = nextWake(session);
    this.attempts.delete(channelId);
    const current = this.armed.get(channelId);
    if (current?.at === at && !this.owed.has(channelId)) return;
    if (current?.at !== at) {
      current?.cancel();
      this.armed.delete(channelId);
      // Armed first: whatever happens to the index write, this process keeps the deadline.
      if (at !== undefined) this.arm(channelId, at);
    }
    await this.writeIndex(channelId, at);
  }

  /**
   * Start-up sweep: the index entry and the armed wake-up are brought in line with the session
   * read (an entry a crash or a failed write left missing or stale is written again).
   */
  async reconcile(session: Session): Promise<boolean> {
    const at = nextWake(session);
    if (this.armed.get(session.channelId)?.at === at && !this.owed.has(session.channelId)) return false;
    await this.sync(session);
    return true;
  }

  /** Forgets a channel whose record was removed. */
  async forget(channelId: string): Promise<void> {
    this.armed.get(channelId)?.cancel();
    this.armed.delete(channelId);
    this.attempts.delete(channelId);
    await this.writeIndex(channelId, undefined);
  }

  /**
   * Start-up: every table's wake-up from the index (those `mine` accepts: this process's
   * shards' tables); late ones fire at once.
   */
  async restore(mine: (channelId: string) => boolean = () => true): Promise<RestoreReport> {
    const { entries, reads } = await this.tables.deps.records.deadlines.all();
    const own = entries.filter(([channelId]) => mine(channelId));
    for (const [channelId, at] of own) this.arm(channelId, at);
    return { indexReads: reads, deadlines: own.length };
  }

  stop(): void {
    this.stopped = true;
    for (const a of this.armed.values()) a.cancel();
    this.armed.clear();
    for (const o of this.owed.values()) o.cancel();
    this.owed.clear();
  }

  private arm(channelId: string, at: number): void {
    if (this.stopped) return;
    this.armed.get(channelId)?.cancel();
    const cancel = this.tables.deps.clock.schedule(at, () => this.wake(channelId, at));
    this.armed.set(channelId, { at, cancel });
  }

  /**
   * Writes the channel's index entry; when the write fails, it is tried again after a back-off
   * until it lands, unless a newer write for the channel took over meanwhile. Never throws: the
   * deadline is armed already, and the start-up sweep would write the entry from the session.
   */
  private async writeIndex(channelId: string, at: number | undefined, attempt = 0): Promise<void> {
    const seq = (this.indexWrites.get(channelId) ?? 0) + 1;
    this.indexWrites.set(channelId, seq);
    this.owed.get(channelId)?.cancel();
    this.owed.delete(channelId);
    try {
      await this.tables.deps.records.deadlines.set(channelId, at);
      if (this.indexWrites.get(channelId) === seq) this.indexWrites.delete(channelId);
    } catch (err) {
      if (this.stopped || this.indexWrites.get(channelId) !== seq) return;
      const retryInMs = retryDelay(attempt + 1);
      this.tables.deps.logger.warn(
        { err, channelId, retryInMs },
        'could not write the deadline index; trying again',
      );
      const entry = { cancel: () => undefined as void };
      entry.cancel = this.tables.deps.clock.schedule(this.tables.now() + retryInMs, () => {
        if (this.owed.get(channelId) !== entry) return;
        return this.writeIndex(channelId, at, attempt + 1);
      });
      this.owed.set(channelId, entry);
    }
  }

  private async wake(channelId: string, at: number): Promise<void> {
    if (this.armed.get(channelId)?.at === at) this.armed.delete(channelId);
    try {
      const due = await this.tables.deps.store.withLock(channelId, () => this.attend(channelId));
      // Told after the lock is released, as a move is: reminders, then the defaults played.
      if (due?.reminding.length) await this.tables.hooks.remind(this.tables, due.session, due.reminding);
      if (due?.committed) await this.tables.publisher.publish(due.committed);
    } catch (err) {
      // A deleted channel closes its table (which disarms it); nothing to try again.
      if (await closedIfGone(this.tables, channelId, err)) return;
      // Tried again after a back-off, unless a save re-armed the table meanwhile.
      if (this.stopped || this.armed.has(channelId)) {
        this.tables.deps.logger.error({ err, channelId }, 'deadline failed');
        return;
      }
      const attempt = (this.attempts.get(channelId) ?? 0) + 1;
      this.attempts.set(channelId, attempt);
      const retryInMs = retryDelay(attempt);
      this.tables.deps.logger.error({ err, channelId, retryInMs }, 'deadline failed; trying again');
      this.arm(channelId, this.tables.now() + retryInMs);
    }
  }

  /** What a wake-up saved under the lock: reminders to send and defaults to show. */
  private async attend(
    channelId: string,
  ): Promise<{ session: Session; reminding: DecisionClock[]; committed?: Committed } | undefined> {
    const { tables } = this;
    const loaded = await tables.load(channelId);
    // Another shard's table: its own process keeps the clock (the index entry stays).
    if (loaded && !ownsGuild(tables.deps.client, loaded.guildId)) return;
    if (!loaded?.tableClock || loaded.status !== 'playing') {
      await this.forget(channelId);
      return undefined;
    }
    const now = tables.now();
    let session = loaded;
    const tc = loaded.tableClock;
    // A reminder an outage held back goes out first, with its grace period (pace.ts `reminded`).
    const clocks = tc.clocks.map((c) =>
      c.remindAt !== undefined && c.remindAt <= now ? reminded(c, now, tc.pace) : c,
    );
    const reminding = clocks.filter((c, i) => c !== tc.clocks[i]);
    if (reminding.length) {
      // Saved first: a crash after this sends no second reminder.
      session = await tables.save({ ...session, tableClock: { ...tc, clocks } }, session.version);
    }
    const due = (session.tableClock?.clocks ?? []).filter((c) => c.due !== undefined && c.due <= now);
    if (!due.length) {
      await this.sync(session);
      return { session, reminding };
    }
    const committed = await this.runOut(
      session,
      due.map((c) => c.key),
      now,
    );
    return { session, reminding, committed };
  }

  /**
   * Plays the defaults of the given decisions, tells the table, counts missed decisions and
   * lets a computer keep a seat warm after too many in a row. Used by deadlines and by the host's
   * "skip now". The caller holds the lock, and publishes the result after releasing it.
   */
  async runOut(session: Session, keys: string[], now: number, by?: string): Promise<Committed> {
    const { tables } = this;
    const engine = tables.engine(session.gameId);
    const settings = await tables.deps.records.settings.get(session.guildId);
    const tc = tableClockOf(session);
    let next: Session = { ...session, seats: [...session.seats] };
    const missed = { ...tc.missed };
    const reserves = { ...tc.reserves };
    const standIns = { ...tc.standIns };
    const announce: string[] = [];
    for (const key of keys) {
      const wait = engine.waits(next.state).find((w) => w.key === key);
      if (!wait) continue;
      const who = playerName(next.seats, wait.player, 'mention');
      const result = runOutWait(engine, next.state, key);
      if (!result.ok) {
        tables.deps.logger.error(
          { channelId: session.channelId, key, error: result.error },
          'default refused by engine',
        );
        continue;
      }
      next.history = appendHistory(next.history, defaultMoves(result.value.applied, now));
      next.state = result.value.state;
      announce.push(
        `⏱ ${by ? `${by} skipped` : 'Out of time:'} ${who} (${wait.for}): the default was played for them (${wait.rule}).`,
      );
      announce.push(...result.value.announce);
      missed[wait.player] = (missed[wait.player] ?? 0) + 1;
      reserves[wait.player] = 0;
      const standIn = standInFor(
        engine,
        next,
        wait.player,
        missed[wait.player] ?? 0,
        settings.missed,
        standIns,
      );
      if (standIn) {
        next.seats = standIn;
        standIns[wait.player] = 'away';
        announce.push(
          `🤖 After ${plural(settings.missed, 'missed decision')} in a row, a computer plays ${who}'s seat. Any click of theirs on this table gives it back.`,
        );
      }
    }
    const clocks = tc.clocks.filter((c) => !keys.includes(c.key));
    next = { ...next, tableClock: { ...tc, clocks, missed, reserves, standIns } };
    const settled = settle(engine, next, now, announce);
    return tables.commitStep(engine, session, { session: settled, announce });
  }

  /** A seat's owner clicked on the table: a computer keeping it warm hands it back. */
  async reclaim(channelId: string, userId: string): Promise<void> {
    const peek = await this.tables.load(channelId);
    if (!peek || !awaySeat(peek, userId)) return;
    await this.tables.deps.store.withLock(channelId, async () => {
      const session = await this.tables.load(channelId);
      const seat = session && awaySeat(session, userId);
      if (!session?.tableClock || !seat || session.status !== 'playing') return;
      const { [seat.id]: _gone, ...standIns } = session.tableClock.standIns;
      const seats = session.seats.map((s) => {
        if (s.id !== seat.id) return s;
        const { computer: _c, ...human } = s;
        return human;
      });
      const missed = { ...session.tableClock.missed, [seat.id]: 0 };
      const saved = await this.tables.save(
        { ...session, seats, tableClock: { ...session.tableClock, standIns, missed } },
        session.version,
      );
      await this.tables.post(
        channelId,
        `👋 <@${userId}> is back: the seat is theirs again from the next decision.`,
      );
      await this.tables.showBoard(saved, false);
    });
  }
}

/** The seats with a computer in `player`'s, when they have just missed one decision too many. */
function standInFor(
  engine: AnyEngine,
  session: Session,
  player: PlayerId,
  missed: number,
  limit: number,
  standIns: Record<string, string>,
): Session['seats'] | null {
  const strategy = engine.computerStrategies[0]?.id;
  const seat = session.seats.find((s) => s.id === player);
  if (!strategy || !seat || seat.computer || standIns[player] || missed < limit) return null;
  return session.seats.map((s) => (s.id === player ? { ...s, computer: strategy } : s));
}

/** The seat a computer keeps warm for this user, if any. */
function awaySeat(session: Session, userId: string): Session['seats'][number] | undefined {
  const away = session.tableClock?.standIns ?? {};
  return session.seats.find((s) => away[s.id] === 'away' && seatUsers(s).includes(userId));
}
