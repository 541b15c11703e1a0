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

/** Where a channel's table record is kept. */
export const SESSION_PREFIX = 'session:';
export const sessionKey = (channelId: string): string => `${SESSION_PREFIX}${channelId}`;

const seatSchema = z.object({
  id: z.string(),
  name: z.string(),
  computer: z.string().optional(),
  members: z.array(z.string()).optional(),
  /** The host handed this (one-person) seat to another user, who now acts for it instead of its owner. */
  handedTo: z.string().optional(),
  /**
   * A team seat whose members the host changed one at a time: per member the game knows (`members`),
   * the user who holds that place now, or null once the host removed them and nobody took it.
   * Members not listed hold their own place. Optional: no migration.
   */
  places: z.record(z.string(), z.string().nullable()).optional(),
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
   * The names of the options the host gave at `/game start` (the others in `options` are the
   * game's defaults): a phase clock they set keeps its time at any pace (kernel/play.ts). Optional,
   * no migration: on a record from before, every option counts as given (its clocks run as before).
   */
  optionsGiven: z.array(z.string()).optional(),
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

/*
 * Who holds a seat: the one place that says it. The game knows each seat by its id and each team
 * member by the id they joined with (a "place"); the host may hand a seat, or one place of a team
 * seat, to another user, who then acts as that id. Everything that mentions, reminds, lists or
 * offers choices asks these functions, never the seat's ids directly.
 */

/** Whether the user holds a seat, alone or as one of a team seat's members. */
export function holdsSeat(session: Pick<Session, 'seats'>, userId: string): boolean {
  return session.seats.some((s) => seatUsers(s).includes(userId));
}

/** A seat's places (the ids the game knows) and who holds each now (null: nobody, the host removed them). */
export function seatPlaces(seat: SessionSeat): { place: string; user: string | null }[] {
  if (seat.handedTo !== undefined)
    return (seat.members ?? [seat.id]).map((place) => ({ place, user: seat.handedTo ?? null }));
  return (seat.members ?? [seat.id]).map((place) => {
    const held = seat.places?.[place];
    return { place, user: held === undefined ? place : held };
  });
}

/** The users who act for a seat now: whoever holds each of its places. */
export function seatUsers(seat: SessionSeat): string[] {
  return [...new Set(seatPlaces(seat).flatMap((p) => (p.user === null ? [] : [p.user])))];
}

/**
 * The users a game id stands for now: a seat's holders, or the holder of one team member's place.
 * A seat a computer plays has none (nobody is asked to act for it). Ids the table does not know
 * (the facilitator's, a computer's) are returned unchanged for the caller to judge.
 */
export function holdersOf(seats: readonly SessionSeat[], player: string): string[] {
  const seat = seats.find((s) => s.id === player);
  if (seat) return seat.computer ? [] : seatUsers(seat);
  for (const s of seats) {
    const place = seatPlaces(s).find((p) => p.place === player);
    if (place) return s.computer || place.user === null ? [] : [place.user];
  }
  return [player];
}

/** The seat `userId` acts for now, and the game id they act as (a team member's place, or the seat). */
export function seatOfUser(
  seats: readonly SessionSeat[],
  userId: string,
): { seat: SessionSeat; actor: string } | undefined {
  for (const seat of seats) {
    const place = seatPlaces(seat).find((p) => p.user === userId);
    if (!place) continue;
    // A seat handed whole is played as the seat; a team member's place as that member.
    return { seat, actor: seat.handedTo !== undefined || !seat.members ? seat.id : place.place };
  }
  return undefined;
}
