/**
 * What a finished game leaves behind beyond its debrief: each human player's line in the
 * server's stats (played, won, and whatever the game's `results` report: a score, Item
 * Collection's honesty and repaid trust). A game without `results` counts played and won.
 */
import type { AnyEngine, SeatResult } from '../../games/contract.ts';
import { seatUsers, type Session } from '../../storage/session.ts';
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

export function gameResults(engine: AnyEngine, session: Session): GameResult[] {
  const outcome = engine.outcome(session.state);
  if (!outcome) return [];
  const results = engine.results?.(session.state) ?? [];
  return session.seats
    .filter((s) => !s.computer || session.tableClock?.standIns[s.id] !== undefined)
    .flatMap((seat) => {
      const result = results.find((r) => r.seat === seat.id);
      return seatUsers(seat)
        .filter(isHuman)
        .map((userId) => ({
          userId,
          name: seat.name,
          won: result?.won ?? outcome.winners.includes(seat.id),
          ...figures(result),
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
