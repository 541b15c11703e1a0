/**
 * A table's life outside its moves: a lobby opened (or a rematch dealt at once), the game
 * started from it, ended early, its clocks paused and resumed. Each runs under the channel's
 * lock and saves before anything is shown.
 */
import { randomBytes } from 'node:crypto';
import { owe } from '../../storage/outbox.ts';
import { SESSION_SCHEMA_VERSION, type Session, type SessionTimer } from '../../storage/session.ts';
import { commitStep } from './commit.ts';
import { ruleRefusal } from '../discord/refusals.ts';
import { userError } from '../kernel/errors.ts';
import { serverTag } from '../kernel/custom-id.ts';
import { newTableClock, pauseClocks } from '../kernel/pace.ts';
import { settle, withDeadline } from '../kernel/play.ts';
import type { LobbyRequest, TableService } from './service.ts';
import { WRAP_UP_STEPS } from './wrap-up.ts';
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

export async function openLobby(tables: TableService, req: LobbyRequest): Promise<Session> {
  const opened = await openLocked(tables, req);
  // A rematch that computers finish as it is dealt owes its wrap-up (debrief, stats, threads),
  // done after the lock as for a lobby's Start and a study table's (dealt() says why).
  if (opened.wrapUp) await tables.publisher.flush(req.channelId);
  return opened;
}

function openLocked(tables: TableService, req: LobbyRequest): Promise<Session> {
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
      ...(req.optionsGiven ? { optionsGiven: req.optionsGiven } : {}),
      seed: req.seed ?? newSeed(),
      ...(req.seed !== undefined && req.deal ? { deal: req.deal } : {}),
      state: null,
      history: emptyHistory(),
      handled: [],
      createdAt: now,
      updatedAt: now,
      tableClock: newTableClock(req.pace),
      ...(req.tutorial !== undefined ? { tutorial: req.tutorial } : {}),
    };
    // Owed until the lobby's message is recorded: a crash before then (the lobby never posted,
    // or posted but its id not saved) is caught by start-up recovery (recovery.ts).
    const saved = await tables.save(owe(session, { repost: true }), existing ? existing.version : -1);
    let opened: Session;
    try {
      opened =
        req.seats && !req.gather
          ? await dealRematch(tables, saved)
          : await tables.publisher.catchUpLocked(saved);
    } catch (err) {
      // Nobody saw the lobby: put the channel's record back as it was, so no orphan blocks it.
      const now = await tables.load(req.channelId);
      if (now?.id === saved.id && !now.boardMessageId) {
        if (existing) await tables.save(existing, now.version);
        else await tables.deps.store.delete(req.channelId);
      }
      throw err;
    }
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
  const seats = seatList(started);
  const opening = started.tutorial
    ? `🎓 Tutorial of ${engine.name}: ${seats}. The board shows one concept at a time; **My view** → **Hint** suggests your move.`
    : `🔁 Rematch of ${engine.name}: ${seats}.`;
  return tables.hooks.teamsChanged(tables, await dealt(tables, session, started, [opening, ...announce]));
}

/** The seats as the opening line names them. */
export const seatList = (session: Session): string =>
  session.seats.map((s) => (s.computer ? `🤖 ${literal(s.name)}` : `<@${s.id}>`)).join(', ');

/**
 * Saves a game just dealt (the caller holds the lock) with its opening lines owed ahead of its
 * first board, and shows both (`previous` as for `showLocked`). Computers alone may finish a
 * short game as it is dealt: its wrap-up is then owed, and done by `publisher.flush` once the
 * caller has released the lock.
 */
export async function dealt(
  tables: TableService,
  before: Session,
  started: Session,
  opening: string[],
  previous?: Session | null,
  onSaved?: (saved: Session) => Promise<void>,
): Promise<Session> {
  const owed = owe(started, { lines: opening, repost: true, ahead: true });
  const ends = started.status === 'ended';
  const saved = await tables.save(
    { ...owed, ...(ends ? { wrapUp: { owed: [...WRAP_UP_STEPS] } } : {}) },
    before.version,
  );
  await onSaved?.(saved);
  return tables.publisher.catchUpLocked(saved, previous === undefined ? {} : { previous });
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
  const ended = await endTableIf(tables, channelId, sid, byName);
  if (!ended) throw new Error('the table could not be ended');
  return ended;
}

/**
 * Ends the table; with `still`, only if the channel still holds game `sid` and `still(session)`
 * holds for the record as it is under the lock: the condition is checked and the end saved under
 * one lock, so nothing can land in between (the lobby sweep must not end a game whose Start
 * landed a moment before). Null when it no longer holds, and nothing changes.
 */
export async function endTableIf(
  tables: TableService,
  channelId: string,
  sid: string,
  byName: string,
  still?: (session: Session) => boolean,
): Promise<Session | null> {
  // Who ended it, as their name is written (it is shown in Markdown below and in the record).
  const by = literal(byName);
  const end = async (session: Session) => {
    if (session.status === 'ended') throw userError('ended', 'This game has already ended.');
    const engine = tables.engine(session.gameId);
    const { timer: _t, ...rest } = session;
    const next: Session = { ...rest, status: 'ended', endedReason: `ended by ${by}` };
    if (session.status === 'lobby') {
      const owed = owe(next, { lines: [`The ${engine.name} lobby was cancelled by ${by}.`] });
      return { shown: await tables.publisher.catchUpLocked(await tables.save(owed, session.version)) };
    }
    return {
      committed: await commitStep(tables, engine, session, {
        session: next,
        announce: [`🛑 The game was ended by ${by}.`],
      }),
    };
  };
  // With a condition the record may be gone or replaced: that is a null, not an error.
  const ended = still
    ? await tables.deps.store.withLock(channelId, async () => {
        const session = await tables.load(channelId);
        return session && session.id === sid && still(session) ? end(session) : null;
      })
    : await tables.transact(channelId, end, { sid });
  if (!ended) return null;
  // A game's last board and debrief are shown after the lock, like a move's.
  return 'shown' in ended ? ended.shown : tables.publisher.publish(ended.committed);
}

/**
 * Pauses or resumes every clock of the table: the phase timer and the decision deadlines. With
 * `hold` play pauses too (moves are refused meanwhile: commit.ts), with or without a clock.
 */
export function pauseTable(
  tables: TableService,
  channelId: string,
  paused: boolean,
  hold = false,
): Promise<Session> {
  return tables.transact(channelId, async (session) => {
    if (session.status !== 'playing') throw userError('not-playing', 'There is no game in progress here.');
    const t = session.timer;
    const tc = session.tableClock && session.tableClock.pace !== 'none' ? session.tableClock : undefined;
    if (!t && !tc && !hold) throw userError('no-timer', 'No clock is running in this game right now.');
    const isPaused = hold ? session.held === true : t ? t.due === undefined : (tc?.paused ?? false);
    if (paused && isPaused) throw userError('already-paused', 'The clock is already paused.');
    if (!paused && !isPaused) throw userError('not-paused', 'The clock is not paused.');
    const now = tables.now();
    let timer: SessionTimer | undefined = t;
    if (t && paused && t.due !== undefined) {
      const { due: _d, remindAt: _r, ...rest } = t;
      timer = { ...rest, pausedRemaining: Math.max(0, t.due - now) };
    } else if (t && !paused && t.pausedRemaining !== undefined)
      timer = withDeadline(t, now + t.pausedRemaining, now);
    const { held: _held, ...rest } = session;
    const next: Session = {
      ...rest,
      // Any resume lets play go on; a pause keeps a hold already there.
      ...(paused && (hold || session.held) ? { held: true as const } : {}),
      ...(timer ? { timer } : {}),
      ...(tc ? { tableClock: pauseClocks(tc, paused, now) } : {}),
    };
    const line = hold
      ? paused
        ? '⏸ The facilitator paused play: moves wait until they resume it.'
        : '▶️ The facilitator resumed play.'
      : paused
        ? `⏸ The clock is paused.`
        : `▶️ The clock is running again.`;
    const saved = await tables.save(owe(next, { lines: [line], ahead: true }), session.version);
    return tables.publisher.catchUpLocked(saved);
  });
}
