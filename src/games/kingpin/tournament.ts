/**
 * A seeded tournament between Kingpin's computer levels: every pairing (Cartel level x Hunters
 * level) plays the same seeded games, so a difference between pairings is the levels', not the
 * deal's. For `npm run bench` and the level test.
 */
import { LEVELS, type Level } from './computer.ts';
import type { KingpinEngine } from './engine.ts';
import { playout } from './playout.ts';

export interface Pairing {
  cartel: Level;
  hunters: Level;
  games: number;
  /** Games won by the Cartel, by the Hunters (a capture), and drawn. */
  cartelWins: number;
  hunterWins: number;
  draws: number;
  steps: number;
}

export function pairing(
  engine: KingpinEngine,
  cartel: Level,
  hunters: Level,
  games: number,
  prefix = 'kp-tournament',
): Pairing {
  const out: Pairing = { cartel, hunters, games, cartelWins: 0, hunterWins: 0, draws: 0, steps: 0 };
  for (let i = 0; i < games; i++) {
    const r = playout(engine, { seed: `${prefix}-${i}`, cartel, hunters });
    out.steps += r.steps;
    const kind = r.state.result?.kind;
    if (kind === 'cartel') out.cartelWins++;
    else if (kind === 'capture') out.hunterWins++;
    else out.draws++;
  }
  return out;
}

/** Every pairing of levels, Cartel level major. */
export function tournament(engine: KingpinEngine, games: number, prefix = 'kp-tournament'): Pairing[] {
  return LEVELS.flatMap((cartel) => LEVELS.map((hunters) => pairing(engine, cartel, hunters, games, prefix)));
}
