/**
 * What every computer player reads from the table: which earlier claims it believes, how a
 * candidate card fares against them, and who kept their word last round. Pure; randomness
 * comes from a generator seeded by the game's generator state, the round, the seat and the
 * decision, so the same state gives the same choice.
 */
import { nextFloat, seedRng, type RngState } from '../rng.ts';
import { rankValue, type Mode, type Rank } from './cards.ts';
import { scoreReveal, type RevealedCard } from './scoring.ts';
import { declarationOrder, type IcgState } from './state.ts';

export const rngFor = (state: IcgState, seat: number, purpose: string): RngState =>
  seedRng(`${state.rng.join('.')}|${state.round}|${seat}|${purpose}`);

/** The earlier claims this seat takes at face value, as if they were the cards played. */
export function believedCards(
  state: IcgState,
  seat: number,
  trusts: (other: number) => boolean,
): RevealedCard[] {
  const order = declarationOrder(state);
  return order.flatMap((other) => {
    const claim = state.declarations[other]?.claim ?? null;
    return other !== seat && claim !== null && trusts(other) ? [{ seat: other, card: claim, claim }] : [];
  });
}

/** Ranks 1 apart, counting the ace as 1 or 14 (R7). */
const gap = (a: Rank, b: Rank): number => {
  const values = (r: Rank) => (r === 'A' ? [1, 14] : [rankValue(r)]);
  return Math.min(...values(a).flatMap((x) => values(b).map((y) => Math.abs(x - y))));
};

/** How strongly a High/Low card bids to be the lone extreme: 0..4. */
export const extremeness = (card: Rank, mode: Mode): number =>
  ((mode === 'high' ? rankValue(card) - 2 : 14 - rankValue(card)) / 12) * 4;

export interface Prospect {
  /** 0..10: how likely this card scores for its owner. */
  own: number;
  /** How many other seats would score too (cooperative tie-break). */
  others: number;
  /** Reaches a combination rather than a lone High/Low card. */
  combination: boolean;
}

/**
 * Judges one candidate card against the believed table. With every other card known the
 * reveal is scored exactly; otherwise a heuristic: matching or running with a claim is good,
 * being near one may be completed later, an extreme card may win High/Low.
 */
export function prospect(state: IcgState, seat: number, believed: RevealedCard[], card: Rank): Prospect {
  const order = declarationOrder(state);
  if (believed.length === order.length - 1) {
    const table = order.flatMap((s) =>
      s === seat ? [{ seat, card, claim: card }] : believed.filter((b) => b.seat === s),
    );
    const result = scoreReveal(table, state.mode);
    const own = result.scorers.includes(seat);
    return {
      own: own ? 10 : 0,
      others: result.scorers.filter((s) => s !== seat).length,
      combination: own && result.combo !== 'high-card' && result.combo !== 'low-card',
    };
  }
  const ranks = believed.map((b) => b.card);
  const matches = ranks.filter((r) => r === card).length;
  const near = ranks.filter((r) => gap(r, card) === 1 || gap(r, card) === 2);
  const runs = near.some((a) =>
    near.some((b) => a !== b && gap(a, b) <= 2 && new Set([a, b, card]).size === 3),
  );
  if (matches > 0 || runs) return { own: 8, others: Math.max(matches, runs ? 2 : 0), combination: true };
  return {
    own: near.length > 0 ? 3 : extremeness(card, state.mode),
    others: near.length,
    combination: false,
  };
}

export interface Rated {
  card: Rank;
  p: Prospect;
}

/** The candidate with the best prospect; `cooperative` prefers the card that lets more score. */
export function bestCard(
  state: IcgState,
  seat: number,
  believed: RevealedCard[],
  candidates: Rank[],
  cooperative: boolean,
): Rated | undefined {
  const rng = rngFor(state, seat, 'card');
  const rated = candidates.map((card) => ({
    card,
    p: prospect(state, seat, believed, card),
    jitter: nextFloat(rng),
  }));
  rated.sort(
    (a, b) => b.p.own - a.p.own || (cooperative ? b.p.others - a.p.others : 0) || a.jitter - b.jitter,
  );
  return rated[0];
}

/** R13's mirror: did this seat's last revealed card match its claim? Unknown players are trusted. */
export const keptLastClaim = (state: IcgState, seat: number): boolean => {
  const last = state.history[state.history.length - 1]?.plays.find((p) => p.seat === seat);
  return !last || last.claim === last.card;
};

/** Did anyone else's last revealed card differ from their claim? */
export const anyoneLied = (state: IcgState, seat: number): boolean =>
  state.seats.some((_, other) => other !== seat && !keptLastClaim(state, other));
