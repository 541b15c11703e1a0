/**
 * What a finished game leaves behind beyond its debrief: each human player's line in the
 * server's stats (played, won, score, and Item Collection's honesty and repaid trust, read from
 * the debrief figures), and who holds seats where (the index `/game mine` reads).
 */
import type { AnyEngine } from '../../games/contract.ts';
import { seatUsers, type Session } from '../../storage/session.ts';
import type { GameResult } from '../../storage/stats.ts';
import type { Tables } from '../table/tables.ts';

/** Users holding a seat in a lobby or game in progress; nobody once it has ended. */
export function seatIndexUsers(session: Session): string[] {
  if (session.status === 'ended') return [];
  return session.seats
    .filter((s) => !s.computer || session.async?.standIns[s.id] === 'away')
    .flatMap(seatUsers);
}

type Figures = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A seat's figures in the debrief data: `players` (Item Collection) or `seats` (Collection Deck). */
function figuresOf(data: unknown, seatId: string): Figures | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as { players?: unknown; seats?: unknown };
  const list = Array.isArray(d.players) ? d.players : Array.isArray(d.seats) ? d.seats : [];
  return (list as unknown[]).find(
    (x): x is Figures => typeof x === 'object' && x !== null && (x as Figures).id === seatId,
  );
}

export function gameResults(engine: AnyEngine, session: Session): GameResult[] {
  const outcome = engine.outcome(session.state) as { winners: string[] } | null;
  if (!outcome) return [];
  const data = engine.debrief(session.state)?.data;
  return session.seats
    .filter((s) => !s.computer || session.async?.standIns[s.id] !== undefined)
    .flatMap((seat) => {
      const f = figuresOf(data, seat.id) ?? {};
      return seatUsers(seat)
        .filter((u) => /^\d+$/.test(u))
        .map((userId) => ({
          userId,
          name: seat.name,
          won: outcome.winners.includes(seat.id),
          score: num(f.score) ?? num(f.scored),
          claims: num(f.claims),
          honest: num(f.honestClaims),
          trusting: num(f.trustingPlays),
          repaid: num(f.repaid),
        }));
    });
}

/**
 * Adds a game that has just ended to the server's stats (games ended early do not count), once
 * per game (by session id): the wrap-up may run it again after a crash. A store failure is
 * thrown, so the step stays owed and is tried again.
 */
export async function recordResult(tables: Tables, engine: AnyEngine, session: Session): Promise<void> {
  const results = gameResults(engine, session);
  if (!results.length) return;
  await tables.deps.records.stats.record(session.guildId, session.gameId, results, session.id);
}
