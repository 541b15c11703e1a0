/**
 * A table's life outside its moves: a lobby opened (or a rematch dealt at once), the game
 * started from it, ended early, its clocks paused and resumed. Each runs under the channel's
 * lock and saves before anything is shown.
 */
import { randomBytes } from 'node:crypto';
import type { Message } from 'discord.js';
import { SESSION_SCHEMA_VERSION, type Session, type SessionTimer } from '../../storage/session.ts';
import { commitStep } from './commit.ts';
import { ruleRefusal } from '../discord/refusals.ts';
import { userError } from '../kernel/errors.ts';
import { serverTag } from '../kernel/custom-id.ts';
import { renderLobby } from '../discord/lobby.ts';
import { newTableClock, pauseClocks } from '../kernel/pace.ts';
import { settle, withDeadline } from '../kernel/play.ts';
import type { LobbyRequest, TableService } from './service.ts';
import { emptyHistory } from '../../storage/history.ts';
import { arrangementOf } from '../discord/tutorial.ts';
import { literal } from '../kernel/text.ts';

/** A game's (or study's) id: 12 random hex digits, then its server's tag (custom-id.ts). */
export const newSessionId = (guildId: string): string =>
  `${randomBytes(6).toString('hex')}${serverTag(guildId)}`;
/**
 * A table's secret seed: 128 random bits as 32 hex digits, which the engine's generator hashes
 * into its 128-bit state (src/games/rng.ts). Far too many to search from the cards one sees.
 */
export const newSeed = (): string => randomBytes(16).toString('hex');

export function openLobby(tables: TableService, req: LobbyRequest): Promise<Session> {
  const engine = tables.engine(req.gameId);
  return tables.deps.store.withLock(req.channelId, async () => {
    const existing = await tables.load(req.channelId);
    if (existing && existing.status !== 'ended')
      throw userError(
        'busy',
        `A game of ${tables.engine(existing.gameId).name} is already ${existing.status === 'lobby' ? 'gathering players' : 'running'} here. End it with \`/game end\`, or start yours with \`thread:true\`.`,
      );
    const now = tables.now();
    const session: Session = {
      schema: SESSION_SCHEMA_VERSION,
      id: newSessionId(req.guildId),
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
      ...(req.seed !== undefined && req.deal ? { deal: req.deal } : {}),
      state: null,
      history: emptyHistory(),
      handled: [],
      createdAt: now,
      updatedAt: now,
      async: newTableClock(req.pace),
      ...(req.tutorial !== undefined ? { tutorial: req.tutorial } : {}),
    };
    // Unpublished until the lobby's message is recorded: a crash before then (the lobby never
    // posted, or posted but its id not saved) is caught by start-up recovery (recovery.ts).
    const saved = await tables.save({ ...session, unpublished: true }, existing ? existing.version : -1);
    let rematch: Session | undefined;
    let message: Message | undefined;
    try {
      if (req.seats) rematch = await dealRematch(tables, saved);
      else message = await (await tables.channel(req.channelId)).send(renderLobby(saved, engine));
    } catch (err) {
      // Nobody saw the lobby: put the channel's record back as it was, so no orphan blocks it.
      if (existing) await tables.save(existing, saved.version);
      else await tables.deps.store.delete(req.channelId);
      throw err;
    }
    const { unpublished: _shown, ...recorded } = saved;
    const opened =
      rematch ??
      (await tables.save({ ...recorded, ...(message ? { boardMessageId: message.id } : {}) }, saved.version));
    // The game this table replaced is gone for good now: so is its stored move history.
    if (existing)
      await tables.deps.store
        .pruneHistory(req.channelId, opened.id)
        .catch((err: unknown) =>
          tables.deps.logger.warn({ err, channelId: req.channelId }, 'could not remove an old move history'),
        );
    return opened;
  });
}

/** A rematch skips the lobby: the same seats are dealt at once. */
async function dealRematch(tables: TableService, session: Session): Promise<Session> {
  const engine = tables.engine(session.gameId);
  const announce: string[] = [];
  const started = startGame(tables, session, announce);
  const saved = await tables.save({ ...started, unpublished: true }, session.version);
  const seats = saved.seats.map((s) => (s.computer ? `🤖 ${literal(s.name)}` : `<@${s.id}>`)).join(', ');
  const opening = saved.tutorial
    ? `🎓 Tutorial of ${engine.name}: ${seats}. The board shows one concept at a time; **My view** → **Hint** suggests your move.`
    : `🔁 Rematch of ${engine.name}: ${seats}.`;
  await tables.post(saved.channelId, [opening, ...announce].join('\n'));
  return tables.hooks.teamsChanged(tables, await tables.publisher.showLocked(saved, true));
}

/** Starts the game from a lobby: deals and lets computers move (the caller saves and shows it). */
export function startGame(tables: TableService, session: Session, announce: string[]): Session {
  const engine = tables.engine(session.gameId);
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
    ...arrangementOf(session),
  });
  if (!setup.ok) throw ruleRefusal(setup.error, `to start ${engine.name}`);
  return settle(engine, { ...session, status: 'playing', state: setup.value }, tables.now(), announce);
}

/** Ends a game or lobby early (host or Manage Server). */
export async function endTable(
  tables: TableService,
  channelId: string,
  sid: string,
  byName: string,
): Promise<Session> {
  // Who ended it, as their name is written (it is shown in Markdown below and in the record).
  const by = literal(byName);
  const ended = await tables.deps.store.withLock(channelId, async () => {
    const session = await tables.require(channelId, sid);
    if (session.status === 'ended') throw userError('ended', 'This game has already ended.');
    const engine = tables.engine(session.gameId);
    const { timer: _t, ...rest } = session;
    const next: Session = { ...rest, status: 'ended', endedReason: `ended by ${by}` };
    if (session.status === 'lobby') {
      const saved = await tables.publisher.showLocked(await tables.save(next, session.version), false);
      await tables.post(channelId, `The ${engine.name} lobby was cancelled by ${by}.`);
      return { shown: saved };
    }
    return {
      committed: await commitStep(tables, engine, session, {
        session: next,
        announce: [`🛑 The game was ended by ${by}.`],
      }),
    };
  });
  // A game's last board and debrief are shown after the lock, like a move's.
  return 'shown' in ended ? ended.shown : tables.publisher.publish(ended.committed);
}

/** Pauses or resumes every clock of the table: the phase timer and the decision deadlines. */
export function pauseTable(tables: TableService, channelId: string, paused: boolean): Promise<Session> {
  return tables.deps.store.withLock(channelId, async () => {
    const session = await tables.require(channelId);
    if (session.status !== 'playing') throw userError('not-playing', 'There is no game in progress here.');
    const t = session.timer;
    const tc = session.async && session.async.pace !== 'none' ? session.async : undefined;
    if (!t && !tc) throw userError('no-timer', 'No clock is running in this game right now.');
    const isPaused = t ? t.due === undefined : (tc?.paused ?? false);
    if (paused && isPaused) throw userError('already-paused', 'The clock is already paused.');
    if (!paused && !isPaused) throw userError('not-paused', 'The clock is not paused.');
    const now = tables.now();
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
    const saved = await tables.save(next, session.version);
    await tables.post(channelId, paused ? `⏸ The clock is paused.` : `▶️ The clock is running again.`);
    return tables.publisher.showLocked(saved, false);
  });
}
