/**
 * COLLECTION computer levels on the same seeded games (src/games/collection/tournament.ts). The
 * game is cooperative, so each line-up seats one level at every chair: `collection_win_rate` is
 * the table's win rate per `level` and `players` (3, 5, 7), with the share of defeats that were
 * a completed scenario reaching ten (`completedLost`), turns without an action and blue cards
 * still held at the end. Alone: `npx tsx bench/collection-tournament.ts [games per line-up]`.
 */
import { performance } from 'node:perf_hooks';
import { LEVELS } from '../src/games/collection/computer.ts';
import { lineUp } from '../src/games/collection/tournament.ts';
import { type Figure, round2 } from './figure.ts';

export const TOURNAMENT_TABLES = [3, 5, 7] as const;

export function benchColTournament(games: number): Figure[] {
  const figures: Figure[] = [];
  const start = performance.now();
  let steps = 0;
  for (const players of TOURNAMENT_TABLES)
    for (const level of LEVELS) {
      const r = lineUp(level, players, games);
      steps += r.steps;
      figures.push({
        figure: 'collection_win_rate',
        level,
        players,
        games,
        wins: r.wins,
        completedLost: r.completedLost,
        completedLostShare: round2(r.defeats === 0 ? 0 : (100 * r.completedLost) / r.defeats),
        defendableLost: r.defendableLost,
        defendableLostShare: round2(r.defeats === 0 ? 0 : (100 * r.defendableLost) / r.defeats),
        idleTurns: round2((100 * r.idleTurns) / Math.max(1, r.turns)),
        heldAtEnd: round2(r.heldAtEnd / Math.max(1, games)),
        meanTurns: round2(r.turns / Math.max(1, games)),
        value: round2(r.winRate),
        unit: '%',
      });
    }
  figures.push({
    figure: 'collection_tournament_time',
    games: games * TOURNAMENT_TABLES.length * LEVELS.length,
    actions: steps,
    value: round2((performance.now() - start) / 1000),
    unit: 's',
  });
  return figures;
}

if (process.argv[1]?.endsWith('collection-tournament.ts')) {
  for (const f of benchColTournament(Number(process.argv[2] ?? 300)))
    process.stdout.write(`${JSON.stringify(f)}\n`);
}
