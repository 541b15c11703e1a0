/**
 * Step 3 of a move: showing what was saved. Runs after the table's lock is released, in order
 * per table: the announcements, then the board (edited in place, or posted anew when someone
 * new must act or the game ended), then the debrief once a game ends. Changes saved while an
 * earlier publish of the same table was running are shown together: their announcements in one
 * message and one board for all of them, so no board is drawn that a newer version replaced.
 */
import type { AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import { VersionConflictError } from '../../storage/sessions.ts';
import { putBoard, retireBoard, type Shown } from './board-message.ts';
import type { Committed } from './commit.ts';
import type { TableService } from './service.ts';
import { wrapUp } from './wrap-up.ts';

interface Job {
  committed: Committed;
  done: (session: Session) => void;
  fail: (err: unknown) => void;
}

/** Posted anew (and pinging) only when someone new must act; a Ready press edits in place. */
function turnMovedOn(engine: AnyEngine, before: Session, after: Session): boolean {
  const activeBefore: string[] = before.status === 'playing' ? engine.activePlayers(before.state) : [];
  const activeAfter: string[] = after.status === 'playing' ? engine.activePlayers(after.state) : [];
  return activeAfter.some((id) => !activeBefore.includes(id)) || before.status !== after.status;
}

const shownAs = (session: Session, shown: Shown): Session => {
  const { unpublished: _u, ...rest } = session;
  return { ...rest, boardMessageId: shown.messageId };
};

export class Publisher {
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Set<string>();
  /** TableService whose coalesced change needed a fresh board that a newer change will show. */
  private readonly owedRepost = new Set<string>();

  /**
   * Boards this process posted: the announcements each carried above it (null: none) and the ids
   * of its attachments (its picture), which an edit must list to keep.
   */
  private readonly boards = new Map<string, { announce: string | null; attachments: string[] }>();

  constructor(private readonly tables: TableService) {}

  /** Remembers what a board posted by this process carries, so it can be retired without a read. */
  remember(messageId: string, announce: string | null, attachments: readonly string[] = []): void {
    this.boards.set(messageId, { announce, attachments: [...attachments] });
    // Only recent boards are ever retired: keep the newest few thousand.
    if (this.boards.size > 5000)
      for (const id of [...this.boards.keys()].slice(0, 1000)) this.boards.delete(id);
  }

  /** A remembered board was edited in place: these are its attachments now. */
  reattached(messageId: string, attachments: readonly string[]): void {
    const board = this.boards.get(messageId);
    if (board) board.attachments = [...attachments];
  }

  /** What a board carried above it; undefined when this process did not post it. */
  carried(messageId: string): string | null | undefined {
    return this.boards.get(messageId)?.announce;
  }

  /** The ids of a remembered board's attachments (none when this process did not post it). */
  attachmentsOf(messageId: string): string[] {
    return this.boards.get(messageId)?.attachments ?? [];
  }

  /** Shows a committed change once the lock is released; resolves with the session as shown. */
  publish(committed: Committed): Promise<Session> {
    const channelId = committed.saved.channelId;
    return new Promise((done, fail) => {
      const queue = this.queues.get(channelId) ?? [];
      queue.push({ committed, done, fail });
      this.queues.set(channelId, queue);
      if (!this.running.has(channelId)) void this.drain(channelId);
    });
  }

  private async drain(channelId: string): Promise<void> {
    this.running.add(channelId);
    try {
      for (let batch = this.take(channelId); batch.length; batch = this.take(channelId)) {
        try {
          const shown = await this.showBatch(channelId, batch);
          for (const job of batch) job.done(shown);
        } catch (err) {
          for (const job of batch) job.fail(err);
        }
      }
    } finally {
      this.running.delete(channelId);
    }
  }

  private take(channelId: string, upTo = Infinity, sid?: string): Job[] {
    const queue = this.queues.get(channelId) ?? [];
    const taken = queue.filter(
      (j) => j.committed.saved.version <= upTo && (sid === undefined || j.committed.saved.id === sid),
    );
    const rest = queue.filter((j) => !taken.includes(j));
    if (rest.length) this.queues.set(channelId, rest);
    else this.queues.delete(channelId);
    return taken;
  }

  private async showBatch(channelId: string, batch: Job[]): Promise<Session> {
    const { tables } = this;
    const current = await tables.load(channelId);
    // Changes already saved by the time we look are shown by this board too.
    if (current) batch.push(...this.take(channelId, current.version, current.id));
    const commits = batch.map((j) => j.committed);
    const first = commits[0];
    const last = commits.at(-1);
    if (!first || !last) throw new Error('empty publish batch');
    const announce = commits.flatMap((c) => c.announce);
    const repost =
      this.owedRepost.has(channelId) || commits.some((c) => turnMovedOn(c.engine, c.before, c.saved));
    let result = last.saved;
    const same = current?.id === last.saved.id;
    const newer = same && current.version > last.saved.version;
    if (same && newer && current.unpublished) {
      // A newer change is on its way to the board: it shows this one too.
      if (repost) this.owedRepost.add(channelId);
    } else if (same && (current.unpublished || (repost && newer))) {
      // Unpublished, or shown meanwhile by an edit in place when this change must ping.
      this.owedRepost.delete(channelId);
      const shown = await putBoard(tables, current, repost, first.before, announce);
      if (announce.length && !shown.announced) await tables.post(channelId, announce.join('\n'));
      result = await this.markShown(current, shown);
    } else if (announce.length) await tables.post(channelId, announce.join('\n'));
    // Marked by the save that ended the game (commit.ts).
    for (const c of commits) if (c.saved.wrapUp) await wrapUp(tables, c.engine, c.saved);
    return result;
  }

  /**
   * Records which message shows the session. If the table was saved again meanwhile, our board
   * is still the newest one unless another process posted its own: then ours gives way.
   */
  private markShown(session: Session, shown: Shown): Promise<Session> {
    const { tables } = this;
    return tables.deps.store.withLock(session.channelId, async () => {
      const latest = await tables.load(session.channelId);
      if (latest?.id !== session.id) return session;
      if (latest.version === session.version) return tables.save(shownAs(latest, shown), latest.version);
      if (latest.boardMessageId === session.boardMessageId)
        return tables.save({ ...latest, boardMessageId: shown.messageId }, latest.version);
      if (shown.posted)
        await retireBoard(tables, await tables.channel(session.channelId), shown.messageId, session);
      return latest;
    });
  }

  /**
   * Brings the board up to date under the caller's lock and records it. If another process
   * saved meanwhile, its board (published after its save) is the current one: a board we just
   * posted is retired, and the fresh state is shown once more.
   */
  async showLocked(
    session: Session,
    repost: boolean,
    previous?: Session | null,
    announce: string[] = [],
  ): Promise<Session> {
    const { tables } = this;
    const shown = await putBoard(tables, session, repost, previous, announce);
    if (announce.length && !shown.announced) await tables.post(session.channelId, announce.join('\n'));
    try {
      if (!session.unpublished && shown.messageId === session.boardMessageId) return session;
      return await tables.save(shownAs(session, shown), session.version);
    } catch (err) {
      if (!(err instanceof VersionConflictError)) throw err;
      if (shown.posted)
        await retireBoard(tables, await tables.channel(session.channelId), shown.messageId, session);
      const fresh = await tables.load(session.channelId);
      return fresh ? this.showLocked(fresh, false) : session;
    }
  }

  /** Resolves once nothing is being published (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
