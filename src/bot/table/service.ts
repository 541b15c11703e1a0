/**
 * The table service as the rest of the bot sees it. Features (moves, host controls, review,
 * study sessions…) and the table layer's own modules depend on this interface, never on the
 * class in tables.ts, so the composition root is the only place that knows the whole service.
 * What the table core must call at fixed moments (team threads when a game starts, the wrap-up
 * when it ends, reminders before a deadline) it receives as `TableHooks`, wired once in
 * src/bot/app/app.ts: the table layer never imports a feature.
 */
import type {
  Client,
  InteractionEditReplyOptions,
  Message,
  MessageEditOptions,
  SendableChannels,
} from 'discord.js';
import type { AnyEngine, PlayerId } from '../../games/contract.ts';
import type { DeadlineIndex, SeatIndex } from '../../storage/indexes.ts';
import type { Session } from '../../storage/session.ts';
import type { SessionStore } from '../../storage/sessions.ts';
import type { SettingsStore } from '../../storage/settings.ts';
import type { StatsStore } from '../../storage/stats.ts';
import type { DecisionClock } from '../../storage/table-clock.ts';
import type { Pace } from '../../storage/table-clock.ts';
import type { AckGate } from '../kernel/acks.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Logger } from '../kernel/logger.ts';
import type { Step } from '../kernel/play.ts';
import type { Timers } from '../kernel/timers.ts';
import type { MessagePayload } from '../discord/layout.ts';
import type { PictureCache } from '../discord/pictures.ts';

export interface TablesDeps {
  client: Client;
  store: SessionStore;
  games: readonly AnyEngine[];
  clock: Clock;
  logger: Logger;
  /** Records kept beside the sessions (indexes, settings, stats). */
  records: { deadlines: DeadlineIndex; seats: SeatIndex; settings: SettingsStore; stats: StatsStore };
}

/** A saved change that is still to be shown: what the table looked like, and what it is now. */
export interface Committed {
  engine: AnyEngine;
  before: Session;
  saved: Session;
  announce: string[];
}

/** Turns the freshly loaded session into who acts and what they do (a click, a slash command). */
export type ResolveMove = (
  session: Session,
  engine: AnyEngine,
) => {
  actor: PlayerId;
  action: unknown;
  /** The move in the words of the control that made it, for a refusal (default: the action described). */
  tried?: string | undefined;
};

/** How a table transaction finds its record and what follows it (TableService.transact). */
export interface TransactionOptions {
  /** The game the control belongs to: a record of another game is refused as stale. */
  sid?: string | undefined;
  /** The interaction being answered: one already handled is not applied again (null). */
  interactionId?: string | undefined;
  /** After the lock is released: post what the table owes (a game computers finished in it). */
  flush?: boolean;
}

export interface LobbyRequest {
  guildId: string;
  channelId: string;
  hostId: string;
  hostName: string;
  gameId: string;
  /** A seed chosen with `seed:`, or a study session's shared one; none: a new secret is drawn. */
  seed: string | undefined;
  /** Where `seed` came from (session.ts); absent for a drawn seed. */
  deal?: Session['deal'];
  facilitate: boolean;
  options: Record<string, unknown>;
  /** The options the host gave (the rest are the game's defaults): a clock they set keeps its time at any pace. */
  optionsGiven?: string[];
  pace: Pace;
  /** Rematch: the seats of the finished game, dealt at once without a lobby (unless `gather`). */
  seats?: Session['seats'];
  /** With `seats`: open a lobby with them seated instead of dealing (a rematch with absentees). */
  gather?: boolean;
  /** A tutorial table (src/games/tutorial/): its arranged deal, dealt at once with `seats`. */
  tutorial?: string;
}

export interface RestoreReport {
  /** Index records read (shards), never sessions. */
  indexReads: number;
  /** Tables re-armed. */
  deadlines: number;
}

/** How a catch-up treats the board (publish.ts). */
export interface CatchUpOptions {
  /** Bring the board up to date even if the record says it is: edited in place, or posted anew. */
  force?: 'edit' | 'repost';
  /** The session the old board shows (null: it has no controls left to retire). */
  previous?: Session | null;
}

/** An edit Discord takes by either path: the channel's message route, or an interaction's @original. */
export type BoardEdit = MessageEditOptions & InteractionEditReplyOptions;

/**
 * The message a click was made on, editable through that click's own interaction: after
 * `deferUpdate`, the interaction's `@original` is the message its component belongs to (Discord,
 * *Interaction Callback Type* 6 DEFERRED_UPDATE_MESSAGE, and *Edit Original Interaction
 * Response*), and interaction endpoints are not counted against the bot's global rate limit
 * (rest-budget.ts). The token edits nothing else: not another message, not after 15 minutes.
 */
export interface ClickedMessage {
  messageId: string;
  /** When the click arrived (the table clock's time): its token lasts 15 minutes. */
  at: number;
  edit: (payload: BoardEdit) => Promise<Message>;
}

/** Shows what each table owes its channel, in order per table (publish.ts, outbox.ts). */
export interface BoardPublisher {
  /**
   * Shows a committed change once the lock is released; resolves with the session as shown.
   * `clicked`: the board the move was clicked on, edited (or retired) through that click.
   */
  publish(committed: Committed, clicked?: ClickedMessage): Promise<Session>;
  /**
   * A click acknowledged with `deferUpdate` on a board (My view, say): the board's next edit or
   * its retirement may go through that click's interaction while its token lives (board-tokens.ts).
   */
  offer(clicked: ClickedMessage): void;
  /** Publishes whatever the channel is owed, in the background (recovery, the sweep, a retry). */
  kick(channelId: string): void;
  /**
   * A change was saved but something after the save failed: what the channel is owed is posted
   * by a retry with back-off (adopting a board posted but never recorded), by itself.
   */
  retrySoon(channelId: string): void;
  /** Publishes whatever the channel is owed (its wrap-up included) and waits until it is done. */
  flush(channelId: string): Promise<void>;
  /** Brings the board up to date under the caller's lock, posts what is owed and records it. */
  showLocked(session: Session, repost: boolean, previous?: Session | null): Promise<Session>;
  /** Posts what the record owes, under the caller's lock; records it. */
  catchUpLocked(session: Session, first?: CatchUpOptions): Promise<Session>;
  /** Start-up recovery of one table: adopt what was posted unrecorded, post what is owed, wrap up. */
  resume(
    channelId: string,
  ): Promise<{ session: Session | null; republished: boolean; orphans: number; wrappedUp: boolean }>;
  /** What a board this process posted carried above it; undefined for another's. */
  carried(messageId: string): string | null | undefined;
  /** The ids of a remembered board's attachments, which an edit lists to keep them. */
  attachmentsOf(messageId: string): string[];
  idle(): Promise<void>;
  stop(): void;
}

/** The decision clocks: deadlines armed per table (decisions.ts). */
export interface DecisionClocks {
  sync(session: Session): Promise<void>;
  /** Start-up sweep: the index entry and armed wake-up brought in line with the session; true if they were not. */
  reconcile(session: Session): Promise<boolean>;
  forget(channelId: string): Promise<void>;
  restore(mine?: (channelId: string) => boolean): Promise<RestoreReport>;
  stop(): void;
  runOut(session: Session, keys: string[], now: number, by?: string): Promise<Committed>;
  reclaim(channelId: string, userId: string): Promise<void>;
}

/** What the table core calls at fixed moments; features supply it (app/app.ts wires them). */
export interface TableHooks {
  /** A game was dealt or someone joined late: open the missing team threads. */
  teamsChanged(tables: TableService, session: Session): Promise<Session>;
  /** A finished game's debrief, as the messages it takes (the wrap-up posts them once). */
  debrief(tables: TableService, engine: AnyEngine, session: Session): Promise<MessagePayload[]>;
  /** A finished game's line in the server's stats, counted once per game. */
  recordResult(tables: TableService, engine: AnyEngine, session: Session): Promise<void>;
  /** A finished game's team threads closed. */
  closeTeamThreads(tables: TableService, session: Session): Promise<void>;
  /** Deadlines are near: remind the players they name. */
  remind(tables: TableService, session: Session, clocks: DecisionClock[]): Promise<void>;
}

export interface TableService {
  readonly deps: TablesDeps;
  readonly hooks: TableHooks;
  readonly timers: Timers;
  readonly decisions: DecisionClocks;
  /** Drawn pictures, so a board is drawn once per state and reused. */
  readonly pictures: PictureCache;
  /** Clicks being acknowledged: work on a move waits for them (acks.ts). */
  readonly acks: AckGate;
  readonly publisher: BoardPublisher;

  engine(gameId: string): AnyEngine;
  now(): number;
  /** Loads the channel's session; a corrupt one is reported in the channel and set aside. */
  load(channelId: string): Promise<Session | null>;
  reportQuarantine(channelId: string, result: { quarantineKey: string; problem: string }): Promise<void>;
  /** Loads a session that must exist and be current for the given route. */
  require(channelId: string, sid?: string): Promise<Session>;
  save(session: Session, loadedVersion: number): Promise<Session>;
  /**
   * The one way to change a table: under the channel's lock, load its record fresh (it must
   * exist, and be the game `sid` names), skip an interaction already handled (null), then run
   * `change`, which checks and commits (saves, with what the channel is owed); publishing
   * follows after the lock (`flush`, or the caller publishes the `Committed` it returns).
   */
  transact<T>(
    channelId: string,
    change: (session: Session) => Promise<T>,
    opts: TransactionOptions & { interactionId: string | undefined },
  ): Promise<T | null>;
  transact<T>(
    channelId: string,
    change: (session: Session) => Promise<T>,
    opts?: TransactionOptions,
  ): Promise<T>;
  channel(channelId: string): Promise<SendableChannels>;
  post(channelId: string, content: string): Promise<void>;

  openLobby(req: LobbyRequest): Promise<Session>;
  startGame(session: Session, announce: string[]): Session;
  /** A move from a slash command: commit under the lock, then publish (see move.ts for clicks). */
  act(
    channelId: string,
    sid: string | undefined,
    resolve: ResolveMove,
    interactionId?: string,
  ): Promise<{ session: Session; duplicate: boolean }>;
  /** Saves a step under the caller's lock; publish the result (`publisher.publish`) after the lock. */
  commitStep(engine: AnyEngine, before: Session, step: Step): Promise<Committed>;
  /** Brings the board up to date (the caller holds the lock); `repost` posts it anew. */
  showBoard(session: Session, repost: boolean): Promise<Session>;
  privateView(session: Session, userId: string): Promise<MessagePayload>;
  end(channelId: string, sid: string, byName: string): Promise<Session>;
  /** `hold`: play itself pauses too (moves refused), also at a table with no clock (a study session). */
  setPaused(channelId: string, paused: boolean, hold?: boolean): Promise<Session>;
  restoreTimers(): Promise<{ sessionsRead: number } & RestoreReport>;
}
