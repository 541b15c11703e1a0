/**
 * What a finished game leaves behind beyond its debrief: each human player's line in the
 * server's stats (played, won, and whatever the game's `results` report: a score, Item
 * Collection's honesty and repaid trust). A game without `results` counts played and won.
 *
 * A seat's result belongs to the person who played it (issue #27; README, "Stats"): as Board
 * Game Arena leaves out games with a replaced player, a seat a computer played at any point, a
 * seat handed to someone else, and a seat whose holder never moved count for nobody. Honesty and
 * cooperation count only decisions the person made: a seat that had a default played for it
 * (time ran out, the host skipped) adds its played, won and score, but no claims or trust.
 */
import type { AnyEngine, SeatResult } from '../../games/contract.ts';
import { seatUsers, type Session, type SessionSeat } from '../../storage/session.ts';
import type { GameResult } from '../../storage/stats.ts';
import type { TableService } from '../table/service.ts';
import { isHuman } from '../kernel/text.ts';

/** The stored figures of one seat's result (the stats format is unchanged). */
const figures = (r: SeatResult | undefined): Omit<GameResult, 'userId' | 'name' | 'won'> => ({
  score: r?.score,
  claims: r?.claims?.made,
  honest: r?.claims?.honest,
  trusting: r?.trust?.plays,
  repaid: r?.trust?.repaid,
});

/** How a seat's result counts: not at all, in full, or without the figures of its own decisions. */
function counts(session: Session, seat: SessionSeat): 'no' | 'full' | 'no-claims' {
  const playedBy = session.tableClock?.playedBy;
  // A game begun before seats' play was noted: every seat a person holds at the end, as then.
  if (!playedBy) return seat.computer ? 'no' : 'full';
  const hands = playedBy[seat.id] ?? [];
  if (seat.computer || seat.handedTo !== undefined || hands.includes('computer') || !hands.includes('self'))
    return 'no';
  return hands.includes('default') ? 'no-claims' : 'full';
}

export function gameResults(engine: AnyEngine, session: Session): GameResult[] {
  const outcome = engine.outcome(session.state);
  if (!outcome) return [];
  const results = engine.results?.(session.state) ?? [];
  return session.seats.flatMap((seat) => {
    const count = counts(session, seat);
    if (count === 'no') return [];
    const result = results.find((r) => r.seat === seat.id);
    const { claims: _c, trust: _t, ...scored } = result ?? { seat: seat.id, won: false };
    return seatUsers(seat)
      .filter(isHuman)
      .map((userId) => ({
        userId,
        name: seat.name,
        won: result?.won ?? outcome.winners.includes(seat.id),
        ...figures(count === 'full' ? result : scored),
      }));
  });
}

/**
 * Adds a game that has just ended to the server's stats (games ended early do not count), once
 * per game (by session id): the wrap-up may run it again after a crash. A store failure is
 * thrown, so the step stays owed and is tried again.
 */
export async function recordResult(tables: TableService, engine: AnyEngine, session: Session): Promise<void> {
  const results = gameResults(engine, session);
  if (!results.length) return;
  await tables.deps.records.stats.record(session.guildId, session.gameId, results, session.id);
}
