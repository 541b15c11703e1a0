/**
 * Storytelling computer levels (Rookie, Case officer, Station chief), each as a whole table:
 * the same seeded games at one to six storytellers for every line-up
 * (src/games/storytelling/tournament.ts). Figures: `storytelling_win_rate` per `level` (all
 * sizes, then solo alone), with the crises that failed while ready for an operation nobody
 * tried and the collects onto crises already complete; `storytelling_level_gap_p` per level
 * against the one below (the games only one of them won, and the exact sign test on those).
 * Alone: `npx tsx bench/storytelling-tournament.ts [games per table size]`.
 */
import { performance } from 'node:perf_hooks';
import { pairedGap, storyTournament } from '../src/games/storytelling/tournament.ts';
import { type Figure, round2 } from './figure.ts';

export function benchStoryTournament(perSize: number): Figure[] {
  const start = performance.now();
  const lineUps = storyTournament(perSize, 'story');
  const seconds = (performance.now() - start) / 1000;
  const pct = (n: number, of: number) => (of === 0 ? 0 : round2((100 * n) / of));
  return [
    ...lineUps.flatMap((r) => {
      const solo = r.bySize[0] ?? { players: 1, games: 0, wins: 0 };
      return [
        {
          figure: 'storytelling_win_rate',
          level: r.level,
          players: '1-6',
          games: r.games,
          wins: r.wins,
          value: pct(r.wins, r.games),
          unit: '%',
          bySize: r.bySize.map((b) => `${b.players}:${b.wins}/${b.games}`).join(' '),
          failed: r.failed,
          readyFailedUntried: r.readyFailed,
          readyFailedUntriedInReach: r.readyFailedInReach,
          collectsOnReady: `${r.collectsOnReady}/${r.collects}`,
        },
        {
          figure: 'storytelling_win_rate',
          level: r.level,
          players: 1,
          games: solo.games,
          wins: solo.wins,
          value: pct(solo.wins, solo.games),
          unit: '%',
        },
      ];
    }),
    // Each level against the one below on the same seeds: the games only one of them won.
    ...lineUps.slice(1).map((upper, i) => {
      const lower = lineUps[i]!;
      const gap = pairedGap(lower, upper);
      return {
        figure: 'storytelling_level_gap_p',
        level: upper.level,
        below: lower.level,
        onlyUpper: gap.onlyUpper,
        onlyBelow: gap.onlyLower,
        value: Number(gap.p.toPrecision(2)),
        unit: 'p',
      };
    }),
    {
      figure: 'storytelling_tournament_time',
      games: lineUps.reduce((n, r) => n + r.games, 0),
      value: round2(seconds),
      unit: 's',
    },
  ];
}

if (process.argv[1]?.endsWith('storytelling-tournament.ts')) {
  for (const f of benchStoryTournament(Number(process.argv[2] ?? 25)))
    process.stdout.write(`${JSON.stringify(f)}\n`);
}
