/**
 * Collection Deck playout speed: seeded games between computer seats (legal moves only), every
 * action applied through the engine. Used by `npm run bench` (figures collection_deck_playouts and
 * collection_deck_actions_per_s).
 */
import { performance } from 'node:perf_hooks';
import type { Level } from '../src/games/collection-deck/computer.ts';
import { randomPlayout } from '../src/games/collection-deck/playout.ts';
import type { Edition } from '../src/games/collection-deck/types.ts';

export interface CdPlayoutFigures {
  edition: Edition;
  games: number;
  turns: number;
  actions: number;
  seconds: number;
}

/**
 * `levels`: the computer levels seats are drawn from (default: all three). The figure
 * collection_deck_actions_per_s uses Trainee and Analyst seats, the players it was first measured
 * with; collection_deck_actions_per_s_with_directors draws from all three.
 */
export function benchCollectionDeck(
  edition: Edition,
  games: number,
  levels?: readonly Level[],
): CdPlayoutFigures {
  const start = performance.now();
  let turns = 0;
  let actions = 0;
  for (let i = 0; i < games; i++) {
    const r = randomPlayout(`bench-${i}`, edition, levels);
    turns += r.turns;
    actions += r.steps;
  }
  return { edition, games, turns, actions, seconds: (performance.now() - start) / 1000 };
}
