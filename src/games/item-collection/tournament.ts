/**
 * A seeded tournament of the computer levels (docs/rules/item-collection.md, "Tournament"):
 * each level takes one seat against three Negotiators (the default level), on the same seeded
 * games for every level, its seat moving round the table from game to game. A game's win is
 * shared by everyone who wins it together (R15), so a level's win rate is its seat's share of
 * the wins; three equal players would each take a quarter. For `npm run bench` and the test.
 */
import { playTable } from './playout.ts';
import { DEFAULT_STRATEGY, LEVELS, type Level } from './strategies.ts';

export interface LevelRow {
  level: Level;
  games: number;
  /** The level's share of each game's win: 1 alone, 1/n shared with n-1 others, 0 lost. */
  shares: number[];
  /** Sum of `shares`. */
  wins: number;
  /** Games it won alone. */
  outright: number;
  rounds: number;
}

/** Game `i` of a tournament: its seed, and the seat the level under test takes. */
const gameAt = (prefix: string, i: number) => ({ seed: `${prefix}-${i}`, seat: i % 4 });

export function levelRow(level: Level, games: number, prefix = 'ic-tournament'): LevelRow {
  const row: LevelRow = { level, games, shares: [], wins: 0, outright: 0, rounds: 0 };
  for (let i = 0; i < games; i++) {
    const { seed, seat } = gameAt(prefix, i);
    const players = [0, 1, 2, 3].map((s) => ({
      id: `cpu:${s}`,
      name: `Computer ${s + 1}`,
      computer: s === seat ? level : DEFAULT_STRATEGY,
    }));
    const state = playTable(seed, players);
    const winners = state.outcome?.winners ?? [];
    const share = winners.includes(`cpu:${seat}`) ? 1 / winners.length : 0;
    row.shares.push(share);
    row.wins += share;
    if (share === 1) row.outright++;
    row.rounds += state.history.length;
  }
  return row;
}

/** Every level, weakest first, on the same games. */
export function tournament(games: number, prefix = 'ic-tournament'): LevelRow[] {
  return LEVELS.map((level) => levelRow(level, games, prefix));
}

export interface Comparison {
  /** Games the higher level did better in, worse in (the rest: equal shares). */
  better: number;
  worse: number;
  /** Two-sided sign test on those games: the chance of a split this uneven if the levels were equal. */
  p: number;
}

/** Game by game on the same seeds: how often `upper` took a bigger share than `lower`. */
export function compare(upper: LevelRow, lower: LevelRow): Comparison {
  let better = 0;
  let worse = 0;
  upper.shares.forEach((share, i) => {
    const other = lower.shares[i] ?? 0;
    if (share > other) better++;
    else if (share < other) worse++;
  });
  return { better, worse, p: signTest(better, worse) };
}

/** Two-sided binomial sign test with p = 1/2, summed in log space so large counts stay finite. */
export function signTest(a: number, b: number): number {
  const n = a + b;
  if (n === 0) return 1;
  const k = Math.min(a, b);
  const logChoose = (m: number) => lnFactorial(n) - lnFactorial(m) - lnFactorial(n - m);
  let tail = 0;
  for (let m = 0; m <= k; m++) tail += Math.exp(logChoose(m) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

function lnFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log(i);
  return sum;
}
