/**
 * The table service: reading and saving a channel's session, and the services every path
 * shares (the clock, timers, decisions, pictures, the publisher). What a click does with them
 * reads top to bottom in move.ts; starting and ending games is in table-lifecycle.ts, the phase
 * timers in phase-timers.ts. The methods below the line keep the commands' entry points.
 */
import type { SendableChannels } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import { findGame } from '../../games/index.ts';
import { outboxOf } from '../../storage/outbox.ts';
import type { Session } from '../../storage/session.ts';
import { AckGate } from '../kernel/acks.ts';
import { disarmGame, privateView } from './board-message.ts';
import { commitMove, commitStep, transact } from './commit.ts';
import { Decisions } from './decisions.ts';
import { userError } from '../kernel/errors.ts';
import { planClocks } from '../kernel/pace.ts';
import { notePlayedBy } from '../kernel/played-by.ts';
import { onPhaseTimer, restoreTimers } from './phase-timers.ts';
import { PictureCache } from '../discord/pictures.ts';
import type { Step } from '../kernel/play.ts';
import { Publisher } from './publish.ts';
import { seatIndexUsers } from './seat-users.ts';
import { endTable, openLobby, pauseTable, startGame } from './table-lifecycle.ts';
import type {
  Committed,
  LobbyRequest,
  ResolveMove,
  TableHooks,
  TableService,
  TablesDeps,
  TransactionOptions,
} from './service.ts';
import type { MessagePayload } from '../discord/layout.ts';
import { chunkLines, LIMITS } from '../kernel/text.ts';
import { trackTable } from '../kernel/metrics.ts';
import { Timers } from '../kernel/timers.ts';

export class Tables implements TableService {
  readonly timers: Timers;
  readonly decisions: Decisions;
  /** Drawn pictures, so a board is drawn once per state and reused. */
  readonly pictures = new PictureCache();
  /** Clicks being acknowledged: work on a move waits for them (acks.ts). */
  readonly acks = new AckGate();
  /** Shows saved changes, in order per table, after their lock is released. */
  readonly publisher: Publisher = new Publisher(this);

  constructor(
    readonly deps: TablesDeps,
    readonly hooks: TableHooks,
  ) {
    this.timers = new Timers(deps.clock, (channelId, key, kind) => onPhaseTimer(this, channelId, key, kind));
    this.decisions = new Decisions(this);
  }

  engine(gameId: string): AnyEngine {
    const engine = findGame(this.deps.games, gameId);
    if (!engine) throw userError('unknown-game', `This bot does not serve the game "${gameId}" any more.`);
    return engine;
  }

  now(): number {
    return this.deps.clock.now();
  }

  /** Loads the channel's session; a corrupt one is reported in the channel and set aside. */
  async load(channelId: string): Promise<Session | null> {
    const result = await this.deps.store.load(channelId);
    if (result.kind === 'ok') {
      trackTable(result.session);
      return result.session;
    }
    if (result.kind === 'newer')
      throw userError(
        'newer-schema',
        `The game here was saved by a newer version of Tradecraft (record schema ${result.found}); this one cannot run it. It is left untouched.`,
      );
    if (result.kind === 'corrupt') await this.reportQuarantine(channelId, result);
    return null;
  }

  /** Tells the table (and the log) that its unreadable record was set aside. */
  async reportQuarantine(
    channelId: string,
    result: { quarantineKey: string; problem: string },
  ): Promise<void> {
    this.deps.logger.warn(
      { channelId, quarantineKey: result.quarantineKey, problem: result.problem },
      'corrupt session set aside',
    );
    await this.post(
      channelId,
      `⚠️ The saved game in this channel could not be read (${result.problem}). It has been set aside as \`${result.quarantineKey}\` for an admin to inspect; a new game can be started.`,
    );
    // Its boards would answer "lost" to every click: they lose their controls instead.
    await disarmGame(this, channelId, null).catch((err: unknown) =>
      this.deps.logger.warn({ err, channelId }, 'could not disarm the boards of a set-aside game'),
    );
  }

  /** Loads a session that must exist and be current for the given route. */
  async require(channelId: string, sid?: string): Promise<Session> {
    const session = await this.load(channelId);
    // A control from a game the store no longer knows: its record was deleted or the database replaced.
    if (!session && sid !== undefined)
      throw userError(
        'lost',
        'The store no longer has this game (its record was removed, or the database was replaced), so it cannot go on. Start a new one with `/game start`.',
      );
    if (!session)
      throw userError('no-session', 'There is no game in this channel. Start one with `/game start`.');
    if (sid !== undefined && session.id !== sid)
      throw userError('stale', 'That button belongs to an earlier game in this channel.');
    return session;
  }

  async save(session: Session, loadedVersion: number): Promise<Session> {
    // Every save brings the decision clocks in step with what the game now waits for.
    // And notes who played each seat, for its result (played-by.ts).
    const planned =
      session.state === null
        ? session
        : notePlayedBy(planClocks(this.engine(session.gameId), session, this.now()));
    this.logSave(planned, loadedVersion + 1, 'session saving');
    const saved = await this.deps.store.save(planned, loadedVersion);
    this.logSave(saved, saved.version, 'session saved');
    trackTable(saved);
    this.timers.sync(saved);
    await this.decisions.sync(saved);
    await this.deps.records.seats.sync(saved.guildId, saved.channelId, seatIndexUsers(saved));
    return saved;
  }

  /**
   * At debug level, what a save owes the channel: its newest announcement entry and whether the
   * game is finished, once before the save ("saving") and once after it ("saved", at once, before
   * anything else is awaited). The stress script's SIGKILL section checks from these that every
   * announcement owed is posted once and every finished game debriefed once; a process killed
   * between the store's commit and its "saved" line has still said what it was saving.
   */
  private logSave(session: Session, version: number, msg: 'session saving' | 'session saved'): void {
    if (!this.deps.logger.isLevelEnabled('debug')) return;
    const entry = outboxOf(session).entries.at(-1);
    const finished =
      session.status === 'ended' &&
      session.state !== null &&
      this.engine(session.gameId).outcome(session.state) !== null;
    this.deps.logger.debug(
      {
        channelId: session.channelId,
        sid: session.id,
        version,
        ...(entry ? { seq: entry.seq, lines: entry.lines } : {}),
        finished,
      },
      msg,
    );
  }

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
  transact<T>(
    channelId: string,
    change: (session: Session) => Promise<T>,
    opts?: TransactionOptions,
  ): Promise<T | null> {
    return transact(this, channelId, change, opts);
  }

  async channel(channelId: string): Promise<SendableChannels> {
    const channel =
      this.deps.client.channels.cache.get(channelId) ?? (await this.deps.client.channels.fetch(channelId));
    if (!channel?.isSendable()) throw new Error(`Channel ${channelId} is not one the bot can post in.`);
    return channel;
  }

  async post(channelId: string, content: string): Promise<void> {
    const channel = await this.channel(channelId);
    for (const chunk of chunkLines(content, LIMITS.content))
      await channel.send({ content: chunk, allowedMentions: { parse: [] } });
  }

  // ----- entry points the commands and other bot services use -----

  openLobby(req: LobbyRequest): Promise<Session> {
    return openLobby(this, req);
  }

  startGame(session: Session, announce: string[]): Session {
    return startGame(this, session, announce);
  }

  /** A move from a slash command: commit under the lock, then publish (see move.ts for clicks). */
  async act(
    channelId: string,
    sid: string | undefined,
    resolve: ResolveMove,
    interactionId?: string,
  ): Promise<{ session: Session; duplicate: boolean }> {
    const committed = await commitMove(this, channelId, sid, resolve, interactionId);
    if (!committed) return { session: await this.require(channelId, sid), duplicate: true };
    return { session: await this.publisher.publish(committed), duplicate: false };
  }

  /** Saves and shows a step while the caller holds the table's lock. */
  /** Saves a step under the caller's lock; publish the result (`publisher.publish`) after the lock. */
  commitStep(engine: AnyEngine, before: Session, step: Step): Promise<Committed> {
    return commitStep(this, engine, before, step);
  }

  /** Brings the board up to date (the caller holds the lock); `repost` posts it anew. */
  showBoard(session: Session, repost: boolean): Promise<Session> {
    return this.publisher.showLocked(session, repost);
  }

  privateView(session: Session, userId: string): Promise<MessagePayload> {
    return privateView(this, session, userId);
  }

  end(channelId: string, sid: string, byName: string): Promise<Session> {
    return endTable(this, channelId, sid, byName);
  }

  setPaused(channelId: string, paused: boolean, hold = false): Promise<Session> {
    return pauseTable(this, channelId, paused, hold);
  }

  restoreTimers(): ReturnType<typeof restoreTimers> {
    return restoreTimers(this);
  }
}
