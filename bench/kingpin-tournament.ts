/**
 * Kingpin computer levels against each other: every pairing (Cartel level x Hunters level) over
 * the same seeded games (src/games/kingpin/tournament.ts). Figures: `kingpin_win_rate` per
 * pairing and side (a side's share of the games), and how long the tournament took.
 * Alone: `npx tsx bench/kingpin-tournament.ts [games]`.
 */
import { performance } from 'node:perf_hooks';
import { kingpin } from '../src/games/kingpin/index.ts';
import { tournament } from '../src/games/kingpin/tournament.ts';
import { type Figure, round2 } from './figure.ts';

export function benchKpTournament(games: number): Figure[] {
  const start = performance.now();
  const pairings = tournament(kingpin, games);
  const seconds = (performance.now() - start) / 1000;
  const pct = (n: number) => round2((100 * n) / games);
  return [
    ...pairings.flatMap((p) =>
      (['cartel', 'hunters'] as const).map((side) => ({
        figure: 'kingpin_win_rate',
        side,
        cartel: p.cartel,
        hunters: p.hunters,
        games,
        draws: pct(p.draws),
        value: pct(side === 'cartel' ? p.cartelWins : p.hunterWins),
        unit: '%',
      })),
    ),
    {
      figure: 'kingpin_tournament_time',
      games: games * pairings.length,
      actions: pairings.reduce((n, p) => n + p.steps, 0),
      value: round2(seconds),
      unit: 's',
    },
  ];
}

if (process.argv[1]?.endsWith('kingpin-tournament.ts')) {
  for (const f of benchKpTournament(Number(process.argv[2] ?? 200)))
    process.stdout.write(`${JSON.stringify(f)}\n`);
}
