/**
 * The Recruit (level 1) and the Negotiator (level 2, the default) of the computer ladder; the
 * Handler (level 3) is in handler.ts. Each choice comes with its reason in the game's terms,
 * for the post-game review. Pure and deterministic (judge.ts).
 */
import { nextInt } from '../rng.ts';
import { cardLabel, MODES, rankValue, type Mode, type Rank } from './cards.ts';
import { anyoneLied, believedCards, bestCard, keptLastClaim, prospect, rngFor } from './judge.ts';
import { comboName, scoreReveal } from './scoring.ts';
import { declarationOrder, seatLabel, type IcgState } from './state.ts';

const modeName = (mode: Mode): string => (mode === 'high' ? 'High' : 'Low');

/** A declaration with the reason a computer gives for it. */
export interface Choice {
  card: Rank;
  claim: Rank;
  why: string;
}

/** The starting player's joker: the side its hand is stronger on (High on a tie). */
export function handMode(state: IcgState, seat: number): { mode: Mode; why: string } {
  const hand = state.seats[seat]?.hand ?? [];
  const high = hand.filter((r) => rankValue(r) >= 10).length;
  const low = hand.filter((r) => rankValue(r) <= 6).length;
  const mode = high >= low ? 'high' : 'low';
  return {
    mode,
    why: `its hand holds ${high} cards of 10 or more and ${low} of 6 or less, so a lone card has the better chance under ${modeName(mode)}`,
  };
}

export function recruitMode(state: IcgState, seat: number): { mode: Mode; why: string } {
  const mode = MODES[nextInt(rngFor(state, seat, 'mode'), 2)] ?? 'high';
  return { mode, why: `a Recruit turns a joker without looking at its hand` };
}

/** Level 1: a card at random, claimed truthfully; it never swaps. */
export function recruitDeclaration(state: IcgState, seat: number): Choice | null {
  const hand = state.seats[seat]?.hand ?? [];
  const card = hand[nextInt(rngFor(state, seat, 'recruit'), hand.length)];
  if (!card) return null;
  return {
    card,
    claim: card,
    why: `a Recruit plays ${cardLabel(card, seat)} without weighing the claims before it, and claims it truthfully`,
  };
}

/** The seats that have claimed this round but whose last revealed card broke their claim. */
function setAside(state: IcgState, seat: number): number[] {
  return declarationOrder(state).filter(
    (other) => other !== seat && state.declarations[other]?.claim != null && !keptLastClaim(state, other),
  );
}

function claimers(state: IcgState, seats: number[]): string {
  return seats.map((s) => seatLabel(state, s)).join(' and ');
}

/** Why the Negotiator's card fits what it believes of the table. */
function fitReason(state: IcgState, seat: number, card: Rank): string {
  const trusted = (other: number) => keptLastClaim(state, other);
  const believed = believedCards(state, seat, trusted);
  const label = cardLabel(card, seat);
  if (believed.length === declarationOrder(state).length - 1) {
    const table = [...believed, { seat, card, claim: card }];
    const result = scoreReveal(table, state.mode);
    const scores = result.scorers.includes(seat);
    return `with the three claims before it believed, ${label} makes ${comboName(result.combo).toLowerCase()} and ${scores ? 'scores' : 'cannot score: no card in its hand can'}`;
  }
  const same = believed.filter((b) => b.card === card).map((b) => b.seat);
  if (same.length)
    return `${label} matches the ${card} claimed by ${claimers(state, same)}, so they can score together`;
  const p = prospect(state, seat, believed, card);
  if (p.combination)
    return `${label} runs with the claims of ${claimers(
      state,
      believed.map((b) => b.seat),
    )} toward a straight`;
  if (p.own === 3)
    return `${label} sits next to the claims before it, so a later card may complete a straight`;
  return `no claim it believes is within reach, so it plays ${label}, its best bid to be the lone card under ${modeName(state.mode)}`;
}

/**
 * Level 2, a sound reciprocator: it believes only players whose last revealed card matched
 * their claim, plays the card that fits those claims best (the one letting most score on a
 * tie) and always claims it truthfully.
 */
export function negotiatorDeclaration(state: IcgState, seat: number): Choice | null {
  const hand = state.seats[seat]?.hand ?? [];
  const believed = believedCards(state, seat, (other) => keptLastClaim(state, other));
  const best = bestCard(state, seat, believed, hand, true);
  if (!best) return null;
  const ignored = setAside(state, seat);
  const aside = ignored.length
    ? `; it sets aside the claim of ${claimers(state, ignored)}, whose last card broke their claim`
    : '';
  return { card: best.card, claim: best.card, why: `${fitReason(state, seat, best.card)}${aside}` };
}

/**
 * The Negotiator as starting player: keeps its word unless someone at the table lied last
 * round; then, like the Reciprocator, it swaps when another card fits the believed claims better.
 */
export function negotiatorSwap(state: IcgState, seat: number): { card: Rank | null; why: string } {
  const current = state.declarations[seat]?.card ?? null;
  const hand = state.seats[seat]?.hand ?? [];
  if (current === null || !anyoneLied(state, seat))
    return { card: null, why: 'nobody lied last round, so it keeps its card and its word' };
  const believed = believedCards(state, seat, (other) => keptLastClaim(state, other));
  const now = prospect(state, seat, believed, current);
  const best = bestCard(state, seat, believed, hand, true);
  const better = best && (best.p.own > now.own || (best.p.own === now.own && best.p.others > now.others));
  if (!better)
    return { card: null, why: `${cardLabel(current, seat)} still fits the claims it believes best` };
  return {
    card: best.card,
    why: `someone lied last round, so it answers in kind: ${cardLabel(best.card, seat)} fits the claims it believes better than ${cardLabel(current, seat)}`,
  };
}
