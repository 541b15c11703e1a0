/**
 * What a table owes its channel, kept in the session record itself (schema 3, issue #22):
 *
 *   - `rev`, bumped by every save whose change the board must show, and `shown`, the revision
 *     the recorded board shows. The board is behind exactly when `shown < rev`. A bookkeeping
 *     save (a reminder sent, a thread recorded, a board id saved) copies both unchanged, so it
 *     can neither hide a change nor invent one, whichever process makes it.
 *   - `repost`, the newest revision whose board must be posted anew (someone new must act, or
 *     the game ended): a board posted anew pings; one edited in place does not.
 *   - `entries`, the announcement lines saved with the change that produced them (in the same
 *     compare-and-set save), each with a sequence number, oldest first; `seq` is the next one.
 *     An entry leaves the outbox only in the save that records it posted.
 *   - `last`, the newest message posted for this game and recorded: a message of ours found
 *     after it (and after the board) was posted by a process that died before recording it.
 *   - `carried`, the lines the recorded board carries above it (a board posted anew carries the
 *     lines owed with it), so that editing the board in place keeps them.
 *
 * Pure functions only; the publisher (src/bot/table/publish.ts) posts and records.
 */
import { z } from 'zod';

const entrySchema = z.object({
  seq: z.number().int().nonnegative(),
  lines: z.array(z.string()).min(1),
  /** Posted before the board is brought up to date, never carried on it (a game's opening line). */
  ahead: z.literal(true).optional(),
});

export const outboxSchema = z.object({
  rev: z.number().int().nonnegative(),
  shown: z.number().int().nonnegative(),
  repost: z.number().int().nonnegative(),
  seq: z.number().int().nonnegative(),
  entries: z.array(entrySchema),
  last: z.string().optional(),
  /** The lines the recorded board carries above it, kept when the board is edited in place. */
  carried: z.string().optional(),
});

export type Outbox = z.infer<typeof outboxSchema>;
export type OutboxEntry = z.infer<typeof entrySchema>;

export const EMPTY_OUTBOX: Outbox = { rev: 0, shown: 0, repost: 0, seq: 0, entries: [] };

/** A record that owes its channel (a session: session.ts stores an `outbox` and the board's id). */
export interface Owing {
  outbox?: Outbox | undefined;
  boardMessageId?: string | undefined;
}

export const outboxOf = (session: Owing): Outbox => session.outbox ?? EMPTY_OUTBOX;

export interface Owed {
  /** Lines to announce, posted once, in order, with this change's board. */
  lines?: readonly string[];
  /** The board must be posted anew (and ping whoever must act), not edited in place. */
  repost?: boolean;
  /** The lines go out before the board is updated and are never carried on it. */
  ahead?: boolean;
}

/** The session with one more change owed to the channel: a board revision and its lines. */
export function owe<S extends Owing>(session: S, owed: Owed = {}): S {
  const o = outboxOf(session);
  const rev = o.rev + 1;
  const lines = [...(owed.lines ?? [])];
  const entry: OutboxEntry | null = lines.length
    ? { seq: o.seq, lines, ...(owed.ahead ? { ahead: true as const } : {}) }
    : null;
  return {
    ...session,
    outbox: {
      ...o,
      rev,
      repost: owed.repost ? rev : o.repost,
      seq: entry ? o.seq + 1 : o.seq,
      entries: entry ? [...o.entries, entry] : o.entries,
    },
  };
}

/** The board shows an older revision than the one stored. */
export const boardBehind = (session: Owing): boolean => {
  const o = outboxOf(session);
  return o.shown < o.rev;
};

/** Anything owed to the channel: a board behind the record, or lines not yet posted. */
export const owes = (session: Owing): boolean => boardBehind(session) || outboxOf(session).entries.length > 0;

/** The board owed must be posted anew (a change since the board shown wants a ping). */
export const repostOwed = (session: Owing): boolean => {
  const o = outboxOf(session);
  return o.repost > o.shown;
};

/** The newer of two message ids (snowflakes), either possibly absent. */
export function newestId(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return BigInt(a) >= BigInt(b) ? a : b;
}

/** What one round of publishing did, to be recorded on the newest record. */
export interface Posted {
  /** Entries up to this sequence number (inclusive) are posted. */
  upTo?: number | undefined;
  /** The newest message posted. */
  last?: string | undefined;
  /**
   * The board brought to revision `rev` as message `messageId`, posted anew or edited in place;
   * a board posted anew says the lines it carries above it (null: none).
   */
  board?: { rev: number; messageId: string; posted: boolean; carried?: string | null };
}

/**
 * Records what was posted on the newest record (which may have moved on since it was read):
 * entries posted leave the outbox, `shown` only ever grows, and the board is ours only if no
 * newer one was recorded meanwhile (a board edited in place, only if it is still the recorded
 * one). Returns the record to save, the recorded board ours replaces, and ours if it lost:
 * either is to be retired (its controls removed).
 */
export function recordPosted<S extends Owing>(
  latest: S,
  posted: Posted,
): { next: S; replaced?: string; lost?: string } {
  const o = outboxOf(latest);
  const entries = posted.upTo === undefined ? o.entries : o.entries.filter((e) => e.seq > posted.upTo!);
  const last = newestId(o.last, posted.last);
  const board = posted.board;
  let { shown } = o;
  let boardMessageId = latest.boardMessageId;
  let { carried } = o;
  let replaced: string | undefined;
  let lost: string | undefined;
  if (board) {
    const current = board.posted || board.messageId === boardMessageId;
    if (current && board.rev >= o.shown) {
      if (boardMessageId !== undefined && boardMessageId !== board.messageId) replaced = boardMessageId;
      shown = Math.min(board.rev, o.rev);
      if (board.posted && board.messageId !== boardMessageId) carried = board.carried ?? undefined;
      boardMessageId = board.messageId;
    } else if (board.messageId !== boardMessageId) lost = board.messageId;
  }
  const { carried: _old, ...rest } = o;
  const next: S = {
    ...latest,
    ...(boardMessageId !== undefined ? { boardMessageId } : {}),
    outbox: {
      ...rest,
      shown,
      entries,
      ...(last !== undefined ? { last } : {}),
      ...(carried !== undefined ? { carried } : {}),
    },
  };
  return { next, ...(replaced ? { replaced } : {}), ...(lost ? { lost } : {}) };
}
