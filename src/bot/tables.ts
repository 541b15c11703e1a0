/**
 * The table service: everything that reads or changes a channel's session. Each operation
 * runs under the channel's lock, persists before anyone sees the result, then publishes.
 */
import { randomBytes } from 'node:crypto';
import type { Client, Message, SendableChannels } from 'discord.js';
import type { AnyEngine, PlayerId } from '../games/contract.ts';
import { SYSTEM_ACTOR } from '../games/contract.ts';
import { findGame } from '../games/index.ts';
import type { Clock } from './clock.ts';
import { SESSION_SCHEMA_VERSION, type Session, type SessionTimer } from '../storage/session.ts';
import { VersionConflictError, type SessionStore } from '../storage/sessions.ts';
import type { DeadlineIndex, SeatIndex } from '../storage/indexes.ts';
import type { SettingsStore } from '../storage/settings.ts';
import type { StatsStore } from '../storage/stats.ts';
import type { Pace } from '../storage/table-clock.ts';
import { Decisions } from './decisions.ts';
import { newTableClock, pauseClocks, planClocks } from './pace.ts';
import { recordResult, seatIndexUsers } from './results.ts';
import { boardPayload, pictureOf, privatePayload } from './board.ts';
import { userError } from './errors.ts';
import { describeTried, ruleRefusal } from './refusals.ts';
import { decisiveSection, reviewOf } from './review.ts';
import { renderLobby } from './lobby.ts';
import type { Logger } from './logger.ts';
import { nextPacedRound, PACE_KEY, playAction, settle, withDeadline, type Step } from './play.ts';
import { layout, withoutControls, type MessagePayload } from './layout.ts';
import { PictureCache, type DrawnPicture } from './pictures.ts';
import { TONES } from './render.ts';
import { chunkLines, LIMITS } from './text.ts';
import { ownsGuild } from './shard-ownership.ts';
import { Timers, type TimerKind } from './timers.ts';
import { closeTeamThreads, syncTeamThreads } from './team-threads.ts';

export interface TablesDeps {
  client: Client;
  store: SessionStore;
  games: readonly AnyEngine[];
  clock: Clock;
  logger: Logger;
  /** Records kept beside the sessions (indexes, settings, stats). */
  records: { deadlines: DeadlineIndex; seats: SeatIndex; settings: SettingsStore; stats: StatsStore };
}

export interface LobbyRequest {
  guildId: string;
  channelId: string;
  hostId: string;
  hostName: string;
  gameId: string;
  seed: string | undefined;
  facilitate: boolean;
  options: Record<string, unknown>;
  pace: Pace;
  /** Rematch: the seats of the finished game, dealt at once without a lobby. */
  seats?: Session['seats'];
}

export const newSessionId = (): string => randomBytes(6).toString('hex');
export const newSeed = (): string => randomBytes(4).toString('hex');

export class Tables {
  readonly timers: Timers;
  readonly decisions: Decisions;
  /** Drawn pictures, so a board is drawn once per state and reused. */
  readonly pictures = new PictureCache();

  constructor(readonly deps: TablesDeps) {
    this.timers = new Timers(deps.clock, (channelId, key, kind) => this.onTimer(channelId, key, kind));
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
    if (result.kind === 'ok') return result.session;
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
    const planned =
      session.state === null ? session : planClocks(this.engine(session.gameId), session, this.now());
    const saved = await this.deps.store.save(planned, loadedVersion);
    this.timers.sync(saved);
    await this.decisions.sync(saved);
    await this.deps.records.seats.sync(saved.guildId, saved.channelId, seatIndexUsers(saved));
    return saved;
  }

  async channel(channelId: string): Promise<SendableChannels> {
    const channel =
      this.deps.client.channels.cache.get(channelId) ?? (await this.deps.client.channels.fetch(channelId));
    if (!channel?.isSendable()) throw new Error(`Channel ${channelId} is not one the bot can post in.`);
    return channel;
  }

  async post(channelId: string, content: string): Promise<void> {
    const channel = await this.channel(channelId);
    for (const chunk of chunkLines(content))
      await channel.send({ content: chunk, allowedMentions: { parse: [] } });
  }

  // ----- lobby -----

  async openLobby(req: LobbyRequest): Promise<Session> {
    const engine = this.engine(req.gameId);
    return this.deps.store.withLock(req.channelId, async () => {
      const existing = await this.load(req.channelId);
      if (existing && existing.status !== 'ended')
        throw userError(
          'busy',
          `A game of ${this.engine(existing.gameId).name} is already ${existing.status === 'lobby' ? 'gathering players' : 'running'} here. End it with \`/game end\`, or start yours with \`thread:true\`.`,
        );
      const now = this.now();
      const session: Session = {
        schema: SESSION_SCHEMA_VERSION,
        id: newSessionId(),
        channelId: req.channelId,
        guildId: req.guildId,
        gameId: engine.id,
        status: 'lobby',
        version: 0,
        host: req.hostId,
        facilitator: req.facilitate,
        seats: req.seats ?? (req.facilitate ? [] : [{ id: req.hostId, name: req.hostName }]),
        options: req.options,
        seed: req.seed ?? newSeed(),
        state: null,
        history: [],
        handled: [],
        createdAt: now,
        updatedAt: now,
        async: newTableClock(req.pace),
      };
      const saved = await this.save(session, existing ? existing.version : -1);
      let message: Message;
      try {
        if (req.seats) return await this.dealRematch(saved);
        message = await (await this.channel(req.channelId)).send(renderLobby(saved, engine));
      } catch (err) {
        // Nobody saw the lobby: put the channel's record back as it was, so no orphan blocks it.
        if (existing) await this.save(existing, saved.version);
        else await this.deps.store.delete(req.channelId);
        throw err;
      }
      return this.save({ ...saved, boardMessageId: message.id }, saved.version);
    });
  }

  /** A rematch skips the lobby: the same seats are dealt at once. */
  private async dealRematch(session: Session): Promise<Session> {
    const engine = this.engine(session.gameId);
    const announce: string[] = [];
    const saved = await this.save(this.startGame(session, announce), session.version);
    const seats = saved.seats.map((s) => (s.computer ? `🤖 ${s.name}` : `<@${s.id}>`)).join(', ');
    await this.post(saved.channelId, [`🔁 Rematch of ${engine.name}: ${seats}.`, ...announce].join('\n'));
    return syncTeamThreads(this, await this.showBoard(saved, true));
  }

  /** Starts the game from a lobby: deals, lets computers move, posts the first board. */
  startGame(session: Session, announce: string[]): Session {
    const engine = this.engine(session.gameId);
    if (session.seats.length < engine.minPlayers || session.seats.length > engine.maxPlayers)
      throw userError(
        'player-count',
        `${engine.name} needs ${engine.minPlayers === engine.maxPlayers ? `exactly ${engine.minPlayers}` : `${engine.minPlayers}-${engine.maxPlayers}`} players; ${session.seats.length} joined.`,
      );
    const setup = engine.setup({
      players: session.seats,
      options: session.options,
      seed: session.seed,
      ...(session.facilitator ? { facilitator: session.host } : {}),
    });
    if (!setup.ok) throw ruleRefusal(setup.error, `to start ${engine.name}`);
    return settle(engine, { ...session, status: 'playing', state: setup.value }, this.now(), announce);
  }

  // ----- playing -----

  /**
   * Applies a move in the channel under its lock and publishes the result. `resolve` turns the
   * freshly loaded session into the actor and action (a click is resolved against the current
   * panel). `interactionId` guards against a redelivered interaction being applied twice.
   */
  async act(
    channelId: string,
    sid: string | undefined,
    resolve: (session: Session, engine: AnyEngine) => { actor: PlayerId; action: unknown },
    interactionId?: string,
  ): Promise<{ session: Session; duplicate: boolean }> {
    return this.deps.store.withLock(channelId, async () => {
      const session = await this.require(channelId, sid);
      if (interactionId && session.handled.includes(interactionId)) return { session, duplicate: true };
      if (session.status === 'lobby')
        throw userError('not-started', 'The game has not started yet: the host presses Start in the lobby.');
      if (session.status === 'ended') throw userError('ended', 'This game has ended.');
      const engine = this.engine(session.gameId);
      const { actor, action } = resolve(session, engine);
      const parsed = engine.actionSchema.safeParse(action);
      if (!parsed.success) throw userError('bad-action', 'That move is not one this game understands.');
      const result = playAction(engine, session, actor, parsed.data, this.now());
      if (!result.ok) throw ruleRefusal(result.error, describeTried(engine, parsed.data));
      if (interactionId) result.step.session.handled.push(interactionId);
      const saved = await this.publishStep(engine, session, result.step);
      return { session: saved, duplicate: false };
    });
  }

  /** Saves a step, then posts its announcements and the board. Returns the final session. */
  async publishStep(engine: AnyEngine, before: Session, step: Step): Promise<Session> {
    let saved = await this.save({ ...step.session, unpublished: true }, before.version);
    if (step.announce.length) await this.post(saved.channelId, step.announce.join('\n'));
    // Posted anew (and pinging) only when someone new must act; a Ready press edits it in place.
    const activeBefore: string[] = before.status === 'playing' ? engine.activePlayers(before.state) : [];
    const activeAfter: string[] = saved.status === 'playing' ? engine.activePlayers(saved.state) : [];
    const repost = activeAfter.some((id) => !activeBefore.includes(id)) || before.status !== saved.status;
    saved = await this.showBoard(saved, repost);
    if (saved.status === 'ended' && before.status !== 'ended') {
      await this.postDebrief(engine, saved);
      await recordResult(this, engine, saved);
      await closeTeamThreads(this, saved);
    }
    return saved;
  }

  /** Draws the picture of what `userId` (null: everyone) may see; a failed drawing never blocks play. */
  async draw(engine: AnyEngine, session: Session, userId: string | null): Promise<DrawnPicture | undefined> {
    const picture = pictureOf(engine, session, userId);
    if (!picture) return undefined;
    try {
      return await this.pictures.draw(picture);
    } catch (err) {
      this.deps.logger.error({ err, gameId: engine.id, kind: picture.kind }, 'could not draw picture');
      return undefined;
    }
  }

  /** A player's private view with its picture, to send ephemerally. */
  async privateView(session: Session, userId: string): Promise<MessagePayload> {
    const engine = this.engine(session.gameId);
    return privatePayload(engine, session, userId, await this.draw(engine, session, userId));
  }

  /**
   * Brings the board (or the lobby) up to date: edited in place, or posted anew at the bottom of the channel
   * (with the old one's buttons removed) when the turn moved on, so whoever must act is pinged.
   */
  async showBoard(session: Session, repost: boolean): Promise<Session> {
    const engine = this.engine(session.gameId);
    const channel = await this.channel(session.channelId);
    // Until the game is dealt, the lobby is the board.
    const payload =
      session.state === null
        ? renderLobby(session, engine)
        : boardPayload(engine, session, await this.draw(engine, session, null));
    const { unpublished, ...shown } = session;
    if (!repost && session.boardMessageId) {
      const edited = await this.editMessage(channel, session.boardMessageId, payload);
      if (edited) return unpublished ? this.markShown(shown, session.version) : session;
    }
    const message = await channel.send(payload);
    if (session.boardMessageId) await this.retireBoard(channel, session.boardMessageId);
    return this.markShown({ ...shown, boardMessageId: message.id }, session.version, channel);
  }

  /**
   * Records that the board shows this session. If another process saved meanwhile, its board
   * (published after its save) is the current one: a board we just posted is retired, and the
   * fresh state is shown once more, since our publish may have landed after theirs.
   */
  private async markShown(session: Session, version: number, posted?: SendableChannels): Promise<Session> {
    try {
      return await this.save(session, version);
    } catch (err) {
      if (!(err instanceof VersionConflictError)) throw err;
      if (posted && session.boardMessageId) await this.retireBoard(posted, session.boardMessageId);
      const fresh = await this.load(session.channelId);
      return fresh ? this.showBoard(fresh, false) : session;
    }
  }

  /** An old board keeps its picture and text but loses its buttons, its mention and its clock. */
  private async retireBoard(channel: SendableChannels, messageId: string): Promise<void> {
    try {
      const old = await channel.messages.fetch(messageId);
      const byUrl = (url: string) =>
        old.attachments.find((a) => a.url === url || a.proxyURL === url)?.name ?? undefined;
      const components = withoutControls(
        old.components.map((c) => c.toJSON()),
        byUrl,
      );
      await channel.messages.edit(messageId, { components, allowedMentions: { parse: [] } });
    } catch (err) {
      // The old board may have been deleted by a moderator; nothing is left to retire.
      this.deps.logger.debug({ err, messageId }, 'could not retire old board');
    }
  }

  private async editMessage(
    channel: SendableChannels,
    messageId: string,
    payload: MessagePayload,
  ): Promise<Message | null> {
    try {
      return await channel.messages.edit(messageId, payload);
    } catch (err) {
      // The old board may have been deleted by a moderator; a fresh one is posted instead.
      this.deps.logger.debug({ err, messageId }, 'could not edit board message');
      return null;
    }
  }

  async postDebrief(engine: AnyEngine, session: Session): Promise<void> {
    const debrief = session.state === null ? null : engine.debrief(session.state);
    if (!debrief) return;
    const channel = await this.channel(session.channelId);
    // A facilitator leads the debrief: it opens with the moments that decided the game (issue #18).
    const markdown = session.facilitator
      ? `${debrief.markdown}\n\n${this.decisive(engine, session)}`
      : debrief.markdown;
    for (const part of chunkLines(markdown, LIMITS.componentText))
      await channel.send(layout({ body: part, accent: TONES.info, rows: [], mention: [] }));
  }

  private decisive(engine: AnyEngine, session: Session): string {
    try {
      return decisiveSection(session, reviewOf(engine, session));
    } catch (err) {
      this.deps.logger.error({ err, channelId: session.channelId }, 'could not review the game');
      return '';
    }
  }

  /** Ends a game or lobby early (host or Manage Server). */
  async end(channelId: string, sid: string, byName: string): Promise<Session> {
    return this.deps.store.withLock(channelId, async () => {
      const session = await this.require(channelId, sid);
      if (session.status === 'ended') throw userError('ended', 'This game has already ended.');
      const engine = this.engine(session.gameId);
      const { timer: _t, ...rest } = session;
      const ended: Session = { ...rest, status: 'ended', endedReason: `ended by ${byName}` };
      if (session.status === 'lobby') {
        const saved = await this.showBoard(await this.save(ended, session.version), false);
        await this.post(channelId, `The ${engine.name} lobby was cancelled by ${byName}.`);
        return saved;
      }
      return this.publishStep(engine, session, {
        session: ended,
        announce: [`🛑 The game was ended by ${byName}.`],
      });
    });
  }

  /** Pauses or resumes every clock of the table: the phase timer and the decision deadlines. */
  async setPaused(channelId: string, paused: boolean): Promise<Session> {
    return this.deps.store.withLock(channelId, async () => {
      const session = await this.require(channelId);
      if (session.status !== 'playing') throw userError('not-playing', 'There is no game in progress here.');
      const t = session.timer;
      const tc = session.async && session.async.pace !== 'none' ? session.async : undefined;
      if (!t && !tc) throw userError('no-timer', 'No clock is running in this game right now.');
      const isPaused = t ? t.due === undefined : (tc?.paused ?? false);
      if (paused && isPaused) throw userError('already-paused', 'The clock is already paused.');
      if (!paused && !isPaused) throw userError('not-paused', 'The clock is not paused.');
      const now = this.now();
      let timer: SessionTimer | undefined = t;
      if (t && paused && t.due !== undefined) {
        const { due: _d, remindAt: _r, ...rest } = t;
        timer = { ...rest, pausedRemaining: Math.max(0, t.due - now) };
      } else if (t && !paused && t.pausedRemaining !== undefined)
        timer = withDeadline(t, now + t.pausedRemaining, now);
      const next: Session = {
        ...session,
        ...(timer ? { timer } : {}),
        ...(tc ? { async: pauseClocks(tc, paused, now) } : {}),
      };
      const saved = await this.save(next, session.version);
      await this.post(channelId, paused ? `⏸ The clock is paused.` : `▶️ The clock is running again.`);
      return this.showBoard(saved, false);
    });
  }

  // ----- timers -----

  private async onTimer(channelId: string, key: string, kind: TimerKind): Promise<void> {
    try {
      await this.deps.store.withLock(channelId, async () => {
        const session = await this.load(channelId);
        const t = session?.timer;
        if (!session || !t || t.key !== key || session.status !== 'playing' || t.due === undefined) return;
        if (!ownsGuild(this.deps.client, session.guildId)) return; // another shard's table
        const engine = this.engine(session.gameId);
        if (kind === 'remind') {
          const { remindAt: _r, ...rest } = t;
          await this.save({ ...session, timer: rest }, session.version);
          const who = engine.activePlayers(session.state).filter((id: string) => /^\d+$/.test(id));
          await (
            await this.channel(channelId)
          ).send({
            content:
              `⏱ ${t.label} ends <t:${Math.ceil(t.due / 1000)}:R>. ${who.map((id) => `<@${id}>`).join(' ')}`.trim(),
            allowedMentions: { users: who },
          });
          return;
        }
        if (t.due > this.now()) return this.timers.sync(session);
        if (t.key.startsWith(PACE_KEY)) {
          await this.publishStep(engine, session, nextPacedRound(engine, session, this.now()));
          return;
        }
        const phase = engine.timer(session.state);
        if (!phase || phase.key !== key) return;
        const result = playAction(engine, session, SYSTEM_ACTOR, phase.action, this.now());
        if (!result.ok) {
          this.deps.logger.error({ channelId, key, error: result.error }, 'timer action refused by engine');
          return;
        }
        result.step.announce.unshift(`⏱ Time is up: ${t.label}.`);
        await this.publishStep(engine, session, result.step);
      });
    } catch (err) {
      this.deps.logger.error({ err, channelId, key }, 'timer failed');
    }
  }

  /**
   * Re-arms every saved timer after a restart: phase timers from their sessions, decision
   * deadlines from the deadline index alone. Returns what it read, for the benchmark.
   */
  async restoreTimers(): Promise<{ sessionsRead: number; indexReads: number; deadlines: number }> {
    let sessionsRead = 0;
    for (const channelId of await this.deps.store.channelsWithTimers()) {
      const session = await this.load(channelId);
      sessionsRead++;
      if (session && ownsGuild(this.deps.client, session.guildId)) this.timers.sync(session);
    }
    return { sessionsRead, ...(await this.decisions.restore()) };
  }
}
