/**
 * Item Collection computer levels (src/games/item-collection/tournament.ts): one seat of each
 * level against three Negotiators, on the same seeded games for every level. Figures:
 * `item_collection_win_rate` per `level` (its seat's share of the wins, ties shared; a quarter
 * is par), `item_collection_level_margin` per adjacent pair of levels (games the higher level
 * did better and worse in, and the sign test's p), and how long it took.
 * Alone: `npx tsx bench/item-collection-tournament.ts [games per level]`.
 */
import { performance } from 'node:perf_hooks';
import { compare, tournament } from '../src/games/item-collection/tournament.ts';
import { type Figure, round2 } from './figure.ts';

export function benchIcTournament(games: number): Figure[] {
  const start = performance.now();
  const rows = tournament(games);
  const seconds = (performance.now() - start) / 1000;
  const figures: Figure[] = rows.map((r) => ({
    figure: 'item_collection_win_rate',
    level: r.level,
    games,
    wins: round2(r.wins),
    outright: r.outright,
    meanRounds: round2(r.rounds / Math.max(1, games)),
    value: round2((100 * r.wins) / Math.max(1, games)),
    unit: '%',
  }));
  for (let i = 1; i < rows.length; i++) {
    const upper = rows[i];
    const lower = rows[i - 1];
    if (!upper || !lower) continue;
    const c = compare(upper, lower);
    figures.push({
      figure: 'item_collection_level_margin',
      upper: upper.level,
      lower: lower.level,
      better: c.better,
      worse: c.worse,
      p: Number(c.p.toPrecision(2)),
      value: round2((100 * (upper.wins - lower.wins)) / Math.max(1, games)),
      unit: 'points',
    });
  }
  figures.push({
    figure: 'item_collection_tournament_time',
    games: games * rows.length,
    value: round2(seconds),
    unit: 's',
  });
  return figures;
}

if (process.argv[1]?.endsWith('item-collection-tournament.ts')) {
  for (const f of benchIcTournament(Number(process.argv[2] ?? 400)))
    process.stdout.write(`${JSON.stringify(f)}\n`);
}
