/**
 * Collection Deck computer levels against each other: a seeded tournament of four-seat games
 * (src/games/collection-deck/tournament.ts). Figures: `collection_deck_win_rate` per `level`
 * (a seat's share of wins; 25% is par) and how long the tournament took.
 * Alone: `npx tsx bench/collection-deck-tournament.ts [games]`.
 */
import { performance } from 'node:perf_hooks';
import { collectionDeck } from '../src/games/collection-deck/index.ts';
import { tournament } from '../src/games/collection-deck/tournament.ts';
import { type Figure, round2 } from './figure.ts';

export function benchCdTournament(games: number): Figure[] {
  const start = performance.now();
  const r = tournament(collectionDeck, games, 'tournament');
  const seconds = (performance.now() - start) / 1000;
  return [
    ...r.standings.map((s) => ({
      figure: 'collection_deck_win_rate',
      level: s.level,
      games,
      seats: s.seats,
      wins: round2(s.wins),
      value: round2(s.winRate),
      unit: '%',
    })),
    {
      figure: 'collection_deck_tournament_time',
      games,
      actions: r.steps,
      value: round2(seconds),
      unit: 's',
    },
  ];
}

if (process.argv[1]?.endsWith('collection-deck-tournament.ts')) {
  for (const f of benchCdTournament(Number(process.argv[2] ?? 1000)))
    process.stdout.write(`${JSON.stringify(f)}\n`);
}
