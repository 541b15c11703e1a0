/**
 * The host's (and facilitator's) hand on a table's clocks and seats: skip a decision now,
 * extend a deadline, hand a seat to a computer or to another user, remove a player (a computer
 * plays their seat to the end), and, for a facilitated table, end the round now. Each runs under
 * the channel's lock and saves; the table is told after the lock is released (publish.ts).
 */
import { SYSTEM_ACTOR } from '../../games/contract.ts';
import { runOutWait } from '../../games/waits.ts';
import {
  holdsSeat,
  seatOfUser,
  seatPlaces,
  seatUsers,
  type Session,
  type SessionSeat,
} from '../../storage/session.ts';
import { userError } from '../kernel/errors.ts';
import { ruleRefusal } from '../discord/refusals.ts';
import { arm, defaultMoves, tableClockOf } from '../kernel/pace.ts';
import { settle } from '../kernel/play.ts';
import type { Committed } from '../table/commit.ts';
import type { TableService } from '../table/service.ts';
import { appendHistory, type NewHistoryEntry } from '../../storage/history.ts';

function playing(session: Session): void {
  if (session.status !== 'playing') throw userError('not-playing', 'There is no game in progress here.');
}

/** The seat `userId` plays (as owner, team member or the one it was handed to). */
function seatOf(session: Session, userId: string): Session['seats'][number] {
  const seat = seatOfUser(session.seats, userId)?.seat;
  if (!seat) throw userError('not-seated', `<@${userId}> holds no seat in this game.`);
  return seat;
}

function locked<T>(tables: TableService, channelId: string, fn: (s: Session) => Promise<T>): Promise<T> {
  return tables.transact(channelId, (session) => {
    playing(session);
    return fn(session);
  });
}

/** A change committed under the table's lock and shown after it is released, as a move is. */
async function lockedStep(
  tables: TableService,
  channelId: string,
  fn: (s: Session) => Promise<Committed>,
): Promise<Session> {
  return tables.publisher.publish(await locked(tables, channelId, fn));
}

/** Plays the default now for the decisions `player` owes (everyone's when absent). */
export function skipNow(
  tables: TableService,
  channelId: string,
  player: string | undefined,
  by: string,
): Promise<Session> {
  return lockedStep(tables, channelId, async (session) => {
    const engine = tables.engine(session.gameId);
    const seatId = player === undefined ? undefined : seatOf(session, player).id;
    const keys = engine
      .waits(session.state)
      .filter((w) => seatId === undefined || w.player === seatId)
      .map((w) => w.key);
    if (!keys.length) throw userError('nothing-to-skip', 'The game is not waiting on that player right now.');
    return tables.decisions.runOut(session, keys, tables.now(), by);
  });
}

/** Moves the deadlines of `player`'s decisions (everyone's when absent) later by `ms`. */
export function extend(
  tables: TableService,
  channelId: string,
  player: string | undefined,
  ms: number,
): Promise<Session> {
  return locked(tables, channelId, async (session) => {
    const tc = session.tableClock;
    if (!tc || tc.pace === 'none')
      throw userError('no-deadlines', 'This table has no deadlines (pace none).');
    const seatId = player === undefined ? undefined : seatOf(session, player).id;
    const now = tables.now();
    let moved = 0;
    const clocks = tc.clocks.map((c) => {
      if (seatId !== undefined && c.player !== seatId) return c;
      moved++;
      if (c.remaining !== undefined) return { ...c, remaining: c.remaining + ms };
      return arm(c, (c.due ?? now) + ms, now, tc.pace);
    });
    if (!moved) throw userError('nothing-to-extend', 'No deadline of that player is running.');
    const saved = await tables.save({ ...session, tableClock: { ...tc, clocks } }, session.version);
    await tables.post(
      channelId,
      `⏳ Deadline${moved > 1 ? 's' : ''} extended${player ? ` for <@${player}>` : ''}.`,
    );
    return tables.showBoard(saved, false);
  });
}

/**
 * Hands `player`'s seat to another user (`to`), or to a computer: until they click again
 * (`removed` false), or for the rest of the game (a removal: every seat must stay filled). A
 * member of a team seat is handed or removed alone (their place, seat.places): the rest of the
 * team keeps the seat, and the team's private thread follows.
 */
export async function handSeat(
  tables: TableService,
  channelId: string,
  player: string,
  to: { user: string } | { computer: 'away' | 'removed' },
): Promise<Session> {
  await lockedStep(tables, channelId, async (session) => {
    const engine = tables.engine(session.gameId);
    const seat = seatOf(session, player);
    const tc = tableClockOf(session);
    const { [seat.id]: _was, ...standIns } = tc.standIns;
    let seats: Session['seats'];
    let line: string;
    // One member of a team seat is handed or removed alone: the rest of the team keeps playing.
    const place = teamPlaceOf(seat, player);
    const withPlace = (user: string | null): Session['seats'] =>
      session.seats.map((s) =>
        s.id === seat.id && place !== undefined ? { ...s, places: { ...s.places, [place]: user } } : s,
      );
    if ('user' in to && holdsSeat(session, to.user))
      throw userError('already-seated', `<@${to.user}> already holds a seat here.`);
    if ('user' in to && place !== undefined) {
      seats = withPlace(to.user);
      line = `🔀 <@${player}>'s place on their team now belongs to <@${to.user}>; the rest of the team plays on with them.`;
    } else if (
      !('user' in to) &&
      to.computer === 'removed' &&
      place !== undefined &&
      seatUsers(seat).length > 1
    ) {
      seats = withPlace(null);
      const rest = seatUsers(seat).filter((u) => u !== player);
      line = `🚪 <@${player}> was removed from the game; ${rest.map((u) => `<@${u}>`).join(', ')} play${rest.length === 1 ? 's' : ''} the team's seat on.`;
    } else if ('user' in to) {
      seats = session.seats.map((s) => {
        if (s.id !== seat.id) return s;
        const { computer: _c, ...human } = s;
        return { ...human, handedTo: to.user };
      });
      line = `🔀 <@${player}>'s seat now belongs to <@${to.user}>.`;
    } else {
      const strategy = engine.computerStrategies[0]?.id;
      if (!strategy)
        throw userError(
          'no-computer',
          `${engine.name} has no computer player, and its rules need every seat filled, so <@${player}> cannot be ${to.computer === 'removed' ? 'removed' : 'replaced'}. Hand the seat to another user with \`/game hand player: to:\` instead.`,
        );
      seats = session.seats.map((s) => (s.id === seat.id ? { ...s, computer: strategy } : s));
      standIns[seat.id] = to.computer;
      line =
        to.computer === 'removed'
          ? `🚪 <@${player}> was removed from the game; a computer plays their seat to the end (every seat stays filled).`
          : `🤖 A computer plays <@${player}>'s seat until they click on the table again.`;
    }
    const next: Session = { ...session, seats, tableClock: { ...tc, standIns } };
    const step = { session: settle(engine, next, tables.now(), [line]), announce: [line] };
    return tables.commitStep(engine, session, step);
  });
  // The team's private thread follows its members (features/team-threads.ts).
  return tables.transact(channelId, (table) => tables.hooks.teamsChanged(tables, table));
}

/** The place `userId` holds on a team seat of two or more (the game's id for it), if they hold one alone. */
function teamPlaceOf(seat: SessionSeat, userId: string): string | undefined {
  if (seat.handedTo !== undefined || (seat.members?.length ?? 0) < 2) return undefined;
  return seatPlaces(seat).find((p) => p.user === userId)?.place;
}

/**
 * Facilitator: ends the round now. Every pending decision gets its default (and a phase clock
 * its action), phase after phase, until the round number moves on (games that count rounds),
 * or else until the game tells the table something (its summary), or the game ends.
 */
export function endRound(tables: TableService, channelId: string, by: string): Promise<Session> {
  return lockedStep(tables, channelId, async (session) => {
    const engine = tables.engine(session.gameId);
    let state: unknown = session.state;
    const moves: NewHistoryEntry[] = [];
    const now = tables.now();
    const told: string[] = [];
    const round = engine.roundOf?.(state);
    const roundOver = () => (round === undefined ? told.length > 0 : engine.roundOf?.(state) !== round);
    for (let step = 0; step < 200 && !roundOver() && !engine.outcome(state); step++) {
      const phase = engine.timer(state);
      if (phase) {
        const r = engine.apply(state, SYSTEM_ACTOR, phase.action);
        if (r.ok) {
          state = r.value.state;
          told.push(...r.value.announce);
          moves.push({
            at: now,
            actor: SYSTEM_ACTOR,
            action: phase.action,
            announce: r.value.announce,
          });
          continue;
        }
      }
      const wait = engine.waits(state)[0];
      if (!wait) break;
      const r = runOutWait(engine, state, wait.key);
      if (!r.ok) throw ruleRefusal(r.error, `the default for ${wait.for}`);
      state = r.value.state;
      told.push(...r.value.announce);
      moves.push(...defaultMoves(r.value.applied, now));
    }
    const announce = [`⏭ ${by} ended the round: every pending decision got its default.`, ...told];
    const history = appendHistory(session.history, moves);
    const next = settle(engine, { ...session, state, history }, now, announce);
    return tables.commitStep(engine, session, { session: next, announce });
  });
}
