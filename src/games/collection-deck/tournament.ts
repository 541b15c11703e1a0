/**
 * A seeded tournament between the computer levels: four seats per game, one of each level
 * plus a fourth that cycles through them, seat order rotated and editions and the Manager
 * Challenge variant alternated, so neither seat order nor rules favour a level. For
 * `npm run bench` and the level test.
 */
import type { Level } from './computer.ts';
import { LEVELS } from './computer.ts';
import type { CollectionDeckEngine } from './engine.ts';
import { playout } from './playout.ts';
import type { CdOptions, Edition } from './types.ts';

export interface TournamentGame {
  seed: string;
  levels: Level[];
  edition: Edition;
  options: Partial<CdOptions>;
}

/** The i-th game's line-up and rules. */
export function tournamentGame(i: number, prefix = 'tournament'): TournamentGame {
  const extra = LEVELS[Math.floor(i / 4) % LEVELS.length] ?? 'analyst';
  const lineUp: Level[] = [...LEVELS, extra];
  const r = i % lineUp.length;
  const levels = [...lineUp.slice(r), ...lineUp.slice(0, r)];
  const edition: Edition = Math.floor(i / 12) % 2 === 0 ? 'cia' : 'collect-it-all';
  return { seed: `${prefix}-${i}`, levels, edition, options: { challenge: Math.floor(i / 24) % 2 === 0 } };
}

export interface LevelStanding {
  level: Level;
  /** Seats this level played. */
  seats: number;
  /** Games won, a shared win split between its winners. */
  wins: number;
  /** wins / seats, in percent: 25% is par at a table of four. */
  winRate: number;
}

export interface TournamentResult {
  games: number;
  steps: number;
  standings: LevelStanding[];
}

export function tournament(
  engine: CollectionDeckEngine,
  games: number,
  prefix = 'tournament',
): TournamentResult {
  const seats = new Map<Level, number>(LEVELS.map((l) => [l, 0]));
  const wins = new Map<Level, number>(LEVELS.map((l) => [l, 0]));
  let steps = 0;
  for (let i = 0; i < games; i++) {
    const g = tournamentGame(i, prefix);
    const r = playout(engine, { seed: g.seed, edition: g.edition, levels: g.levels, options: g.options });
    steps += r.steps;
    g.levels.forEach((l) => seats.set(l, (seats.get(l) ?? 0) + 1));
    const winners = r.state.result?.winners ?? [];
    for (const id of winners) {
      const level = g.levels[r.state.seats.findIndex((x) => x.id === id)];
      if (level) wins.set(level, (wins.get(level) ?? 0) + 1 / winners.length);
    }
  }
  const standings = LEVELS.map((level) => {
    const n = seats.get(level) ?? 0;
    const w = wins.get(level) ?? 0;
    return { level, seats: n, wins: w, winRate: n === 0 ? 0 : (100 * w) / n };
  });
  return { games, steps, standings };
}
