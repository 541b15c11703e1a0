/**
 * The record kept for each channel (a thread is a channel): a lobby, then a game in progress,
 * then a finished game. Schema-versioned and validated on every load.
 */
import { z } from 'zod';
import { historySchema } from './history.ts';
import { outboxSchema } from './outbox.ts';
import { tableClockSchema } from './table-clock.ts';

/**
 * 2: the move history moved apart (`history` holds only its newest entries; history.ts).
 * 3: what the channel is owed is stored (`outbox`: board revision shown, announcements not yet
 *    posted) instead of an `unpublished` flag, and `wrapUp` lists the steps still owed.
 * 4: the table clock is stored as `tableClock` (it was `async`, a third meaning of "session").
 */
export const SESSION_SCHEMA_VERSION = 4;

const seatSchema = z.object({
  id: z.string(),
  name: z.string(),
  computer: z.string().optional(),
  members: z.array(z.string()).optional(),
  /** The host handed this seat to another user, who now acts for it instead of its members. */
  handedTo: z.string().optional(),
});

const timerSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Epoch ms when the phase ends; absent while paused. */
  due: z.number().optional(),
  /** Epoch ms of the reminder, if one is still to be sent. */
  remindAt: z.number().optional(),
  /** How long before the end the reminder goes out, to re-plan it after a pause. */
  reminderBeforeMs: z.number().optional(),
  /** Set while the clock is paused. */
  pausedRemaining: z.number().optional(),
});

export const sessionSchema = z.object({
  schema: z.literal(SESSION_SCHEMA_VERSION),
  /** Changes with every new game in the channel, so old buttons are recognised. */
  id: z.string().min(4).max(16),
  channelId: z.string(),
  guildId: z.string(),
  gameId: z.string(),
  status: z.enum(['lobby', 'playing', 'ended']),
  /** Bumped on every save; custom_ids carry it. */
  version: z.number().int().nonnegative(),
  host: z.string(),
  /** The host runs the table without a seat. */
  facilitator: z.boolean(),
  seats: z.array(seatSchema),
  options: z.record(z.string(), z.unknown()),
  /**
   * The string the engine's generator is seeded from (src/games/rng.ts). Unless `deal` says it was
   * chosen, a secret of 128 random bits (32 hex digits) that nobody is shown while the game runs:
   * the engines are open source, so whoever knows the seed knows every hand, draw and die. The
   * debrief and the export reveal it once the game has ended (src/bot/table/deal.ts).
   */
  seed: z.string(),
  /**
   * Where the seed came from (issue #23). `chosenBy`: the user who chose it with `seed:`; only they
   * are shown it (and, at a study session, its facilitator, who is that user); the lobby says only
   * that the deal is fixed. `study`: the study session (src/storage/study.ts) whose tables all
   * share this seed, so it stays hidden until every one of them has ended. Absent: the bot drew the
   * seed for this table alone. Optional, no migration: a record saved before it holds a seed its
   * lobby already showed, and is treated as drawn (kept hidden from now on, revealed at the end).
   */
  deal: z
    .object({
      chosenBy: z.string().optional(),
      study: z.string().optional(),
    })
    .optional(),
  state: z.unknown(),
  boardMessageId: z.string().optional(),
  /**
   * What the channel is owed (outbox.ts): the board revision stored and the one shown, and the
   * announcements saved but not yet posted. Absent: nothing owed, nothing counted yet.
   */
  outbox: outboxSchema.optional(),
  /**
   * Set by the save that ends a game: the wrap-up steps still owed (wrap-up.ts: the debrief, the
   * result in the stats, the team threads closed), each removed once done, so start-up resumes
   * a wrap-up a crash interrupted without repeating the steps already done.
   */
  wrapUp: z.object({ owed: z.array(z.string()) }).optional(),
  timer: timerSchema.optional(),
  /** The table clock: pace and per-decision deadlines (table-clock.ts); absent on records saved before they existed. */
  tableClock: tableClockSchema.optional(),
  /** The newest moves; older ones are stored apart (see history.ts and SessionStore.history). */
  history: historySchema,
  /** Interaction ids already handled, newest last, so a redelivery is not applied twice. */
  handled: z.array(z.string()),
  endedReason: z.string().optional(),
  /**
   * Play is held (issue #29): a study session's facilitator paused every table, so moves are
   * refused until they resume it, at tables with a clock or without. Optional: no migration.
   */
  held: z.literal(true).optional(),
  /**
   * A tutorial table (issue #18): the game id whose tutorial (src/games/tutorial/) fixed its
   * deal and seats, and whose steps the board shows. Optional: no migration.
   */
  tutorial: z.string().optional(),
  /**
   * Private team threads (src/bot/features/team-threads.ts): per team seat, its thread and the members
   * added; `skipped` once the table was told why there are none. Optional: no migration.
   */
  teamThreads: z
    .object({
      threads: z.record(z.string(), z.object({ id: z.string(), members: z.array(z.string()) })),
      skipped: z.string().optional(),
    })
    .optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export type Session = z.infer<typeof sessionSchema>;
export type SessionTimer = z.infer<typeof timerSchema>;
export type SessionSeat = z.infer<typeof seatSchema>;

/** How many handled interaction ids a session remembers. */
export const HANDLED_MEMORY = 100;

/** Whether the user holds a seat, alone or as one of a team seat's members. */
export function holdsSeat(session: Pick<Session, 'seats'>, userId: string): boolean {
  return session.seats.some((s) => seatUsers(s).includes(userId));
}

/** The users who act for a seat: whoever it was handed to, else its members (or its owner). */
export function seatUsers(seat: SessionSeat): string[] {
  if (seat.handedTo !== undefined) return [seat.handedTo];
  return seat.members ?? [seat.id];
}
