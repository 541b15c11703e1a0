/**
 * The Director over seeded games with the real card set: at every turn it starts, an
 * independent search over the engine's legal moves finds the strategies the seat could
 * commit; the Director must never pass when there is one and must take the most valuable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { legalMoves } from '../../../src/games/collection-deck/legal.ts';
import { playout } from '../../../src/games/collection-deck/playout.ts';
import { tournament, tournamentGame } from '../../../src/games/collection-deck/tournament.ts';
import type { CdAction, CdState } from '../../../src/games/collection-deck/types.ts';

const cards = indexCards(loadCards());

/** Target cards go first, then techniques, then cards on techniques: any commit is reachable in that order. */
function playKey(action: CdAction): string {
  if (action.type !== 'play') return '';
  const card = cards.byId.get(action.card);
  const rank =
    card?.kind === 'technique' ? 1 : card?.kind === 'reality' && card.effect.type === 'difficulty' ? 0 : 2;
  return `${rank}:${action.card}:${action.on ?? ''}`;
}

/** Can the seat reach a legal commit from here, playing cards in canonical order after `last`? */
function reachesCommit(s: CdState, player: string, seat: number, last: string): boolean {
  const moves = legalMoves(cards, s, seat);
  if (moves.some((m) => m.action.type === 'commit')) return true;
  for (const m of moves) {
    const key = playKey(m.action);
    if (key === '' || key <= last) continue;
    const next = collectionDeck.apply(s, player, m.action);
    if (next.ok && reachesCommit(next.value.state, player, seat, key)) return true;
  }
  return false;
}

/** Points of every crisis the seat could complete this turn, found through the engine alone. */
function reachablePoints(s: CdState, player: string, seat: number): number[] {
  const out: number[] = [];
  for (const m of legalMoves(cards, s, seat)) {
    if (m.action.type !== 'select-crisis') continue;
    const selected = collectionDeck.apply(s, player, m.action);
    const crisis = cards.byId.get(m.action.crisis);
    if (selected.ok && crisis?.kind === 'crisis' && reachesCommit(selected.value.state, player, seat, ''))
      out.push(crisis.techniquesRequired);
  }
  return out;
}

const kindOf = (action: CdAction): string | null => {
  if (action.type === 'add-techniques') return 'technique';
  if (action.type === 'select-crisis' || action.type === 'commit') return action.type;
  if (action.type !== 'play') return null;
  const card = cards.byId.get(action.card);
  return card?.kind === 'reality' ? card.effect.type : 'replacement technique';
};

describe('the Director over seeded four-player games', () => {
  const games = Array.from({ length: 24 }, (_, i) => tournamentGame(i, 'director'));
  const used = new Map<string, number>();
  let decisions = 0;
  let held = 0;
  const problems: string[] = [];

  beforeAll(() => {
    for (const g of games)
      playout(collectionDeck, {
        seed: g.seed,
        edition: g.edition,
        levels: g.levels,
        options: g.options,
        onAction: (s, actor, action) => {
          const seat = s.seats.findIndex((x) => x.id === actor);
          if (s.seats[seat]?.computer !== 'director') return;
          const kind = kindOf(action);
          if (kind) used.set(kind, (used.get(kind) ?? 0) + 1);
          if (
            s.phase !== 'play' ||
            s.turn.stage !== 'build' ||
            s.turn.crisis !== null ||
            s.turn.seat !== seat
          )
            return;
          decisions++;
          const points = reachablePoints(s, actor, seat);
          if (points.length > 0) held++;
          const best = Math.max(0, ...points);
          const chosen = action.type === 'select-crisis' ? cards.byId.get(action.crisis) : undefined;
          const got = chosen?.kind === 'crisis' ? chosen.techniquesRequired : 0;
          if (got !== best)
            problems.push(`${g.seed} seq ${s.seq}: could score ${best}, chose ${JSON.stringify(action)}`);
        },
      });
  }, 120_000);

  it('never passes up a strategy it could commit, and takes the most valuable one', () => {
    expect(problems).toEqual([]);
    // The check is not empty: the Director started many turns and held a strategy in many of them.
    expect(decisions).toBeGreaterThan(200);
    expect(held).toBeGreaterThan(50);
    // Every strategy it starts, it commits.
    expect(used.get('commit')).toBe(used.get('select-crisis'));
  });

  it('plays every kind of card over those games', () => {
    for (const kind of [
      'technique',
      'extend-range',
      'add-aspect',
      'difficulty',
      'counter',
      'think-outside-the-box',
      'manager-challenge',
    ])
      expect(used.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});

describe('a seeded tournament between the levels', () => {
  it('ranks Director above Analyst above Trainee over 100 games', () => {
    const r = tournament(collectionDeck, 100, 'level-test');
    const rate = (level: string) => r.standings.find((x) => x.level === level)?.winRate ?? 0;
    expect(rate('director')).toBeGreaterThan(rate('analyst'));
    expect(rate('analyst')).toBeGreaterThan(rate('trainee'));
  }, 120_000);
});
