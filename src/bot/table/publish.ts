/**
 * Step 3 of a move: showing what was saved. The session records what the channel is owed
 * (src/storage/outbox.ts): the board revision stored and the one shown, and the announcement
 * lines saved with each change but not yet posted. Publishing drains that outbox, in order:
 * it never skips a change on the assumption that someone else will show it, and loops until
 * what is shown is what is stored (issue #22).
 *
 * One round (`post`): lines owed ahead of the board (a game's opening line) are posted; the
 * board is edited in place, or, when someone new must act (or the game ended), posted anew at
 * the bottom with the remaining lines above it (one message where there were two; lines too
 * long for that go in their own messages just before it) and the old board retired; lines left
 * over go below an edited board. Then one compare-and-set save records, on the newest record,
 * the entries posted (they leave the outbox), the board and the revision it shows, and the
 * newest message posted (`recordPosted`). A round refused half-way (a missing permission, a
 * 5xx) records what it did post, and what is left stays owed: the next move, a retry a little
 * later, the six-hourly sweep or start-up recovery posts it.
 *
 * Posting at most once. Every message posted for the outbox carries a nonce derived from what
 * it posts (the session, and the first entry's sequence number or the board's revision), sent
 * with `enforce_nonce`: for a few minutes Discord returns the message created earlier with that
 * nonce instead of a second one. So a process that dies between posting and recording, or two
 * processes publishing one table at once (replicas, a rolling deploy), get the same message
 * back; what came back is checked (`covered`: which of our entries it carries; `drawnAt`: which
 * version of the session its board shows) and only what it really shows is recorded. Beyond the
 * nonce window, start-up recovery finds what a dead process posted but never recorded: every
 * message of ours after the newest one the record knows (`adoptUnrecorded`), whose lines are
 * adopted as posted and whose boards are disarmed (or, drawn from the stored version, adopted;
 * adopt-unrecorded.ts).
 *
 * Then, once nothing is owed, a finished game's wrap-up (wrap-up.ts). Within a process one drain
 * runs per table; a commit's `publish` resolves once its change is shown (and, for the game's
 * last move, its wrap-up done).
 */
import type { Message, SendableChannels } from 'discord.js';
import { metrics } from '../kernel/metrics.ts';
import { behindBoards } from '../kernel/rest-priority.ts';
import {
  newestId,
  outboxOf,
  owes,
  recordPosted,
  repostOwed,
  type OutboxEntry,
  type Posted,
} from '../../storage/outbox.ts';
import type { Session } from '../../storage/session.ts';
import { StoreUnavailableError } from '../../storage/errors.ts';
import { VersionConflictError } from '../../storage/sessions.ts';
import {
  carriedText,
  drawBoard,
  drawnAt,
  type DrawnBoard,
  editMessage,
  hasControlsOf,
  payloadHasControls,
  retireBoard,
  sendOnce,
  shownKey,
  withAnnouncement,
} from './board-message.ts';
import { adoptUnrecorded } from './adopt-unrecorded.ts';
import { BoardMemory } from './board-memory.ts';
import { nonceFor } from './nonce.ts';
import { covered, pack } from './outbox-messages.ts';
import type { CatchUpOptions, ClickedMessage, Committed, TableService } from './service.ts';
import { wrapUp } from './wrap-up.ts';
import { channelGone, closedIfGone } from './channel-gone.ts';

interface Waiter {
  /** The session as the commit saved it (what the caller gets if the record is gone). */
  saved: Session;
  sid: string;
  rev: number;
  seq: number;
  done: (session: Session) => void;
  fail: (err: unknown) => void;
}

/** Whether the change a waiter committed is shown (and, for a game's end, wrapped up). */
function shownFor(session: Session | null, w: Waiter): boolean {
  if (session?.id !== w.sid) return true;
  const o = outboxOf(session);
  if (o.shown < w.rev || o.entries.some((e) => e.seq < w.seq)) return false;
  return !(session.status === 'ended' && session.wrapUp);
}

/**
 * Rounds in a row that post and record nothing (another process is showing the table and has
 * not recorded it yet) before a drain leaves the rest to a retry; it waits a little between them.
 */
const IDLE_ROUNDS = 20;
const IDLE_WAIT_MS = 100;
/** Rounds one call under the lock runs at most (each records what it posted). */
const MAX_ROUNDS = 25;
/** Waits before the retries of a table whose publishing failed (Discord refused, or was down). */
const RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];

/** Whether message `id` came after message `than` in the channel (snowflakes grow with time). */
const below = (id: string, than: string | undefined): boolean =>
  than !== undefined && BigInt(id) > BigInt(than);

/** What one round did: what it posted (to record), and the old board it retired. */
interface Round {
  posted: Posted;
  retired?: string;
}

const posting = (done: Round): boolean =>
  done.posted.upTo !== undefined || done.posted.board !== undefined || done.posted.last !== undefined;

type Options = CatchUpOptions;

export class Publisher {
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly retries = new Map<string, { attempt: number; cancel: () => void }>();
  private stopped = false;

  /** What this process knows of the boards it posted or drew, and the clicks that can edit them. */
  private readonly memory = new BoardMemory(() => this.tables.deps.clock.now());

  constructor(private readonly tables: TableService) {}

  /** What a board carried above it; undefined when this process did not post it. */
  carried(messageId: string): string | null | undefined {
    return this.memory.carried(messageId);
  }

  /**
   * A click acknowledged on a board (a move, or My view), whose interaction can edit that board
   * outside the global rate limit for the next 14 minutes (board-tokens.ts).
   */
  offer(clicked: ClickedMessage): void {
    this.memory.tokens.offer(clicked);
  }

  /** The ids of a remembered board's attachments (none when this process did not post it). */
  attachmentsOf(messageId: string): string[] {
    return this.memory.attachmentsOf(messageId);
  }

  /**
   * Shows a committed change once the lock is released; resolves with the session as shown.
   * `clicked`: the board the move was clicked on, edited (or retired) through that click.
   */
  publish(committed: Committed, clicked?: ClickedMessage): Promise<Session> {
    const { saved, before } = committed;
    if (clicked) this.offer(clicked);
    // The board before this change showed `before` if nothing was owed: it can be retired without a read.
    if (before.boardMessageId && !owes(before) && !this.memory.hasDrawn(before.channelId))
      this.memory.drew(before.boardMessageId, before);
    const o = outboxOf(saved);
    const started = performance.now();
    return new Promise((done, fail) => {
      const list = this.waiters.get(saved.channelId) ?? [];
      const shown = (session: Session) => {
        metrics.boardSeconds.observe((performance.now() - started) / 1000);
        done(session);
      };
      list.push({ saved, sid: saved.id, rev: o.rev, seq: o.seq, done: shown, fail });
      this.waiters.set(saved.channelId, list);
      this.kick(saved.channelId);
    });
  }

  /** Publishes whatever the channel is owed, in the background (recovery, the sweep, a retry). */
  kick(channelId: string): void {
    if (this.running.has(channelId) || this.stopped) return;
    this.running.set(channelId, this.drain(channelId));
  }

  /** Publishes whatever the channel is owed (its wrap-up included) and waits until it is done. */
  async flush(channelId: string): Promise<void> {
    this.kick(channelId);
    await this.running.get(channelId);
  }

  /**
   * A change was saved but something after the save failed (issue #24): what the table owes is
   * posted by a retry a little later, unless one is already under way or scheduled.
   */
  retrySoon(channelId: string): void {
    if (this.running.has(channelId) || this.retries.has(channelId) || this.stopped) return;
    this.retryLater(channelId, undefined, true);
  }

  private async drain(channelId: string): Promise<void> {
    try {
      // The record a round saved is the newest one (compare-and-set): no read needed after it.
      let known: Session | null = this.retries.has(channelId) ? await this.adoptBeforeRetry(channelId) : null;
      for (let idle = 0; ;) {
        const session: Session | null = known ?? (await this.tables.load(channelId));
        known = null;
        this.settle(channelId, session);
        if (!session) break;
        if (owes(session)) {
          const recorded: Session | null = await this.round(session);
          if (recorded) {
            idle = 0;
            // A round whose record found a new game (or nothing) is followed by a fresh read.
            known = recorded.id === session.id && recorded.version > session.version ? recorded : null;
          } else if (++idle >= IDLE_ROUNDS) throw new Error(`the board of ${channelId} did not settle`);
          else await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
        } else if (session.status === 'ended' && session.wrapUp) await wrapUp(this.tables, session);
        else break;
      }
      this.retries.get(channelId)?.cancel();
      this.retries.delete(channelId);
    } catch (err) {
      const waiting = this.waiters.get(channelId) ?? [];
      this.waiters.delete(channelId);
      for (const w of waiting) w.fail(err);
      // A deleted channel is never coming back: its table is closed, not retried.
      if (channelGone(err)) {
        this.retries.get(channelId)?.cancel();
        this.retries.delete(channelId);
        void closedIfGone(this.tables, channelId, err);
      } else this.retryLater(channelId, err, waiting.length > 0);
    } finally {
      this.running.delete(channelId);
      // A change committed after the last look gets a drain of its own.
      if (this.waiters.get(channelId)?.length) this.kick(channelId);
    }
  }

  private settle(channelId: string, session: Session | null): void {
    const list = this.waiters.get(channelId);
    if (!list) return;
    const left = list.filter((w) => !shownFor(session, w));
    for (const w of list) if (!left.includes(w)) w.done(session?.id === w.sid ? session : w.saved);
    if (left.length) this.waiters.set(channelId, left);
    else this.waiters.delete(channelId);
  }

  /**
   * A retry's first step: a failed round may have posted a board it never recorded (the store
   * failed while recording it), and past Discord's nonce window the retry would post another.
   * What it posted is adopted and any other board of the game disarmed, as start-up recovery does.
   */
  private async adoptBeforeRetry(channelId: string): Promise<Session | null> {
    return this.tables.deps.store.withLock(channelId, async () => {
      const fresh = await this.tables.load(channelId);
      return fresh && owes(fresh) ? (await this.adopt(fresh)).session : fresh;
    });
  }

  /**
   * What is still owed is posted a little later (the next move or the sweep may come first).
   * While the store is unreachable the retries go on at the longest wait: its coming back is only
   * a matter of time, and the board should not wait for the six-hourly sweep.
   */
  private retryLater(channelId: string, err: unknown, told: boolean): void {
    const attempt = (this.retries.get(channelId)?.attempt ?? -1) + 1;
    const wait =
      RETRY_MS[attempt] ?? (err instanceof StoreUnavailableError ? RETRY_MS[RETRY_MS.length - 1] : undefined);
    // Told to a player through the move that failed; a background attempt is logged here.
    if (!told) this.tables.deps.logger.warn({ err, channelId, attempt }, 'could not publish a table');
    if (this.stopped || wait === undefined) return;
    const { clock } = this.tables.deps;
    const cancel = clock.schedule(clock.now() + wait, () => this.kick(channelId));
    this.retries.set(channelId, { attempt, cancel });
  }

  /**
   * One round, outside the lock: post what is owed, then record it under the lock (even if a
   * post failed). Returns the record as saved; null when there was nothing of ours to record.
   */
  private async round(session: Session): Promise<Session | null> {
    const done: Round = { posted: {} };
    let recorded: Session | null = null;
    try {
      await this.post(session, done, {});
    } finally {
      if (posting(done))
        recorded = await this.tables.deps.store.withLock(session.channelId, async () =>
          this.record(session, done, await this.tables.load(session.channelId)),
        );
    }
    return recorded ?? (posting(done) ? session : null);
  }

  /**
   * Brings the board up to date under the caller's lock, posts what is owed and records it. A
   * save by another process meanwhile is merged into (`recordPosted`): what it shows wins if newer.
   */
  showLocked(session: Session, repost: boolean, previous?: Session | null): Promise<Session> {
    return this.catchUpLocked(session, {
      force: repost ? 'repost' : 'edit',
      ...(previous !== undefined ? { previous } : {}),
    });
  }

  /** Posts what the record owes, under the caller's lock (start-up recovery); records it. */
  async catchUpLocked(session: Session, first: Options = {}): Promise<Session> {
    let current = session;
    let opts = first;
    for (let round = 0; round < MAX_ROUNDS && (opts.force || owes(current)); round++) {
      const done: Round = { posted: {} };
      try {
        await this.post(current, done, opts);
      } finally {
        if (posting(done)) current = await this.recordLocked(current, done);
      }
      opts = {};
    }
    return current;
  }

  private async recordLocked(session: Session, done: Round): Promise<Session> {
    let latest: Session | null = session;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.record(session, done, latest)) ?? session;
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= 8) throw err;
        latest = await this.tables.load(session.channelId);
      }
    }
  }

  /**
   * Records a round on the newest record (the caller holds the lock). A board that lost to a
   * newer one, or the recorded board ours replaced, is retired.
   */
  private async record(session: Session, done: Round, latest: Session | null): Promise<Session | null> {
    const { tables } = this;
    const { posted, retired } = done;
    if (latest?.id !== session.id) {
      // A new game took the channel meanwhile: a board of ours for the old one keeps no controls.
      if (posted.board?.posted) await this.retire(session, posted.board.messageId);
      return latest;
    }
    const { next, replaced, lost } = recordPosted(latest, posted);
    const saved = await tables.save(next, latest.version);
    const board = saved.boardMessageId;
    // Two processes posting at once: a board that lost lands anywhere, even below the newer one.
    if (replaced && replaced !== retired)
      await this.retire(latest, replaced, outboxOf(latest).carried, below(replaced, board));
    if (lost) await this.retire(session, lost, posted.board?.carried, below(lost, board));
    return saved;
  }

  /**
   * Retires an old board: its controls go, its text and picture stay. A board that lost and sits
   * below the newer one would read as the table's state: it is withdrawn instead (only the lines
   * it carried above it stay, or the message goes when it carried none).
   */
  private async retire(
    session: Session,
    messageId: string,
    carried?: string | null,
    withdraw = false,
  ): Promise<void> {
    const channel = await this.tables.channel(session.channelId);
    const above = carried ?? this.memory.carried(messageId);
    if (withdraw) {
      try {
        if (above)
          await channel.messages.edit(messageId, {
            components: [{ type: 10, content: above }],
            attachments: [],
            allowedMentions: { parse: [] },
          });
        else await channel.messages.delete(messageId);
        return;
      } catch (err) {
        this.tables.deps.logger.debug({ err, messageId }, 'could not withdraw a board that lost');
      }
    }
    await retireBoard(
      this.tables,
      channel,
      messageId,
      this.memory.showing(session.channelId, messageId),
      above,
    );
  }

  /**
   * Posts what `s` owes the channel, noting in `done` what went out (even when a later step
   * fails) and the old board it retired, if it posted a new one.
   */
  private async post(s: Session, done: Round, opts: Options): Promise<void> {
    const { tables } = this;
    const { posted } = done;
    const o = outboxOf(s);
    const { entries } = o;
    const channel = await tables.channel(s.channelId);
    const owedBoard = o.shown < o.rev;
    let repost = opts.force === 'repost' || repostOwed(s) || s.boardMessageId === undefined;
    let i = 0;
    const advance = (k: number, message: Message) => {
      i += k;
      posted.upTo = entries[i - 1]?.seq;
      posted.last = newestId(posted.last, message.id);
    };
    const postLines = async (end: number) => {
      while (i < end) {
        const { count, parts } = pack(entries, i, end);
        const seq = entries[i]?.seq ?? 0;
        if (parts.length > 1 || count === 0) {
          // One entry too long for a message: its parts, each posted once.
          let last: Message | undefined;
          for (const [n, part] of parts.entries())
            last = await sendOnce(
              channel,
              { content: part, allowedMentions: { parse: [] } },
              nonceFor(s.id, 'a', seq, n),
            );
          if (last) advance(1, last);
          else i += 1;
          continue;
        }
        const content = parts[0] ?? '';
        const message = await sendOnce(
          channel,
          { content, allowedMentions: { parse: [] } },
          nonceFor(s.id, 'a', seq),
        );
        const k = covered(message, entries, i);
        if (k === 0) throw new Error(`message ${message.id} answered announcement ${seq} with other text`);
        advance(k, message);
      }
    };

    await postLines(entries.findLastIndex((e) => e.ahead === true) + 1);
    if (owedBoard || opts.force) {
      const old = s.boardMessageId;
      const editing = !repost && old !== undefined;
      // Sent on the global budget unless edited through the click: drawn at its pace (board-pace.ts).
      const paced = !editing || !this.memory.tokens.on(old);
      let drawn = await drawBoard(tables, s, editing ? this.memory.get(old) : undefined, paced);
      if (editing) {
        // Edited in place, the board keeps the lines it carries above it (or, when they no longer
        // fit beside it, it is posted anew and the old one keeps them).
        const above = o.carried ?? this.memory.carried(old) ?? null;
        const kept = withAnnouncement(drawn.payload, above);
        const key = kept ? shownKey(kept, drawn.picture) : '';
        const was = this.memory.get(old);
        // Showing what the board already shows (a move only its mover sees): no edit is sent.
        const same = was?.shown?.key === key && was.shown.rev === o.shown;
        const attachments = !kept
          ? null
          : same
            ? was.attachments
            : await editMessage(tables, channel, old, kept, this.memory.tokens.on(old));
        if (attachments) {
          this.memory.reattached(old, attachments, drawn.picture, { rev: o.rev, key });
          posted.board = { rev: o.rev, messageId: old, posted: false };
          this.memory.drew(old, s);
        } else repost = true;
      }
      if (repost) {
        // A new message uploads its picture.
        if (drawn.kept) drawn = await drawBoard(tables, s, undefined, true);
        const board = await this.postBoard(channel, s, drawn, entries, () => i, advance, postLines, {
          nonce: owedBoard,
        });
        if (board) {
          const carried = this.memory.carried(board.id) ?? carriedText(board) ?? null;
          posted.board = { rev: o.rev, messageId: board.id, posted: true, carried };
          posted.last = newestId(posted.last, board.id);
          if (old && old !== board.id && opts.previous !== null) {
            const shows =
              this.memory.showing(s.channelId, old) ??
              (opts.previous?.id === s.id ? opts.previous : undefined);
            const carried = o.carried ?? this.memory.carried(old);
            const clicked = this.memory.tokens.on(old);
            // Other tables' new boards first: this one is up (rest-budget.ts).
            await behindBoards(() => retireBoard(tables, channel, old, shows, carried, clicked));
            done.retired = old;
          }
          this.memory.drew(board.id, s);
        }
      }
    }
    // Lines below the board: after other tables' boards in the global budget (rest-budget.ts).
    if (i < entries.length) await behindBoards(() => postLines(entries.length));
  }

  /**
   * Posts the board anew, carrying the lines still owed above it when they fit (else they go
   * first in their own messages). Returns the board now showing `s`, or null when the message
   * Discord returned for our nonce is a newer board another process posted (and records).
   */
  private async postBoard(
    channel: SendableChannels,
    s: Session,
    { payload, picture }: DrawnBoard,
    entries: readonly OutboxEntry[],
    at: () => number,
    advance: (k: number, message: Message) => void,
    postLines: (end: number) => Promise<void>,
    opts: { nonce: boolean },
  ): Promise<Message | null> {
    const o = outboxOf(s);
    for (;;) {
      const rest = entries.slice(at());
      const text = rest.length ? rest.map((e) => e.lines.join('\n')).join('\n') : null;
      const carrying = withAnnouncement(payload, text);
      if (!carrying) {
        await postLines(entries.length);
        continue;
      }
      const first = rest[0];
      const nonce = first ? nonceFor(s.id, 'a', first.seq) : opts.nonce ? nonceFor(s.id, 'b', o.rev) : null;
      const message = nonce ? await sendOnce(channel, carrying, nonce) : await channel.send(carrying);
      // Live as we drew it (a board whose moves are all made in private views has no game controls).
      const live = hasControlsOf(message, s.id) || !payloadHasControls(payload, s.id);
      if (text === null) {
        // The same revision's board, disarmed since (a crash's orphan at start-up): armed again.
        if (nonce && !live) await channel.messages.edit(message.id, payload);
        this.memory.remember(
          message.id,
          null,
          message.attachments.map((a) => a.id),
          picture,
          { rev: o.rev, key: shownKey(payload, picture) },
        );
        return message;
      }
      const k = covered(message, entries, at());
      if (k === 0)
        throw new Error(`message ${message.id} answered announcement ${first?.seq} with other text`);
      advance(k, message);
      // Another message took our nonce: it carried only some of our lines, or is no live board.
      if (at() < entries.length || !live) continue;
      const drawn = drawnAt(message);
      if (drawn === undefined || drawn === s.version) {
        const carried = carriedText(message) ?? null;
        // What it shows is known when it carries exactly our lines (another process's may carry more).
        const shown = carried === text ? { rev: o.rev, key: shownKey(carrying, picture) } : undefined;
        this.memory.remember(
          message.id,
          carried,
          message.attachments.map((a) => a.id),
          picture,
          shown,
        );
        return message;
      }
      // A newer board, carrying our lines: the process that drew it records it.
      if (drawn > s.version) return null;
      // An older board carried our lines; ours is still to post, without them.
    }
  }

  /** What a dead process or a failed round posted but never recorded, adopted and recorded (adopt-unrecorded.ts). */
  private async adopt(session: Session): Promise<{ session: Session; orphans: number }> {
    const { posted, orphans } = await adoptUnrecorded(this.tables, session);
    if (posted.upTo === undefined && !posted.board) return { session, orphans };
    return { session: await this.recordLocked(session, { posted }), orphans };
  }

  /**
   * Start-up recovery and the six-hourly sweep: what a table was left owing (by a process that
   * died, or a publish whose retries gave up) is posted, after adopting what was posted but never
   * recorded; then a finished game's wrap-up is resumed from the step it stopped at.
   */
  async resume(
    channelId: string,
  ): Promise<{ session: Session | null; republished: boolean; orphans: number; wrappedUp: boolean }> {
    const { tables } = this;
    let orphans = 0;
    let republished = false;
    let session = await tables.deps.store.withLock(channelId, async () => {
      const fresh = await tables.load(channelId);
      if (!fresh || !owes(fresh)) return fresh;
      const adopted = await this.adopt(fresh);
      orphans = adopted.orphans;
      republished = true;
      return this.catchUpLocked(adopted.session);
    });
    const wrappedUp = session?.status === 'ended' && session.wrapUp !== undefined;
    if (session && wrappedUp) {
      await wrapUp(tables, session);
      session = await tables.load(channelId);
    }
    return { session, republished, orphans, wrappedUp };
  }

  /** Resolves once nothing is being published (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /** No new drains or retries (shutdown); drains under way finish. */
  stop(): void {
    this.stopped = true;
    for (const r of this.retries.values()) r.cancel();
    this.retries.clear();
  }
}
