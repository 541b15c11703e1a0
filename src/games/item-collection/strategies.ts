/**
 * Computer players. Pure and deterministic: any randomness comes from a generator seeded by
 * the game's rng state, the round, the seat and the decision, never from the live state.
 */
import type { PlayerId } from '../contract.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../rng.ts';
import { MODES, RANKS, rankValue, type Mode, type Rank } from './cards.ts';
import { promisesOf } from './promises.ts';
import { declaringSeat } from './rules.ts';
import type { IcgAction } from './schema.ts';
import { scoreReveal, type RevealedCard } from './scoring.ts';
import { declarationOrder, seatIndexOf, type IcgState } from './state.ts';

export const COMPUTER_STRATEGIES = [
  {
    id: 'honest',
    name: 'Honest',
    description:
      'Always claims the card it plays, and plays the card that best fits the claims made before it.',
  },
  {
    id: 'opportunist',
    name: 'Opportunist',
    description:
      'Plays for itself; bluffs a middling claim to hide its High/Low card when no combination is in reach.',
  },
  {
    id: 'reciprocator',
    name: 'Reciprocator',
    description:
      'Trusts players whose last claim was true; bluffs in the round after anyone at the table lied.',
  },
  {
    id: 'wildcard',
    name: 'Wildcard',
    description: 'Plays and claims at random; a noisy table-mate for practice.',
  },
] as const;
export type StrategyId = (typeof COMPUTER_STRATEGIES)[number]['id'];

const isStrategy = (id: string | null): id is StrategyId => COMPUTER_STRATEGIES.some((s) => s.id === id);

const rngFor = (state: IcgState, seat: number, purpose: string): RngState =>
  seedRng(`${state.rng.join('.')}|${state.round}|${seat}|${purpose}`);

/** The earlier claims this seat takes at face value, as if they were the cards played. */
function believedCards(state: IcgState, seat: number, trusts: (other: number) => boolean): RevealedCard[] {
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
const extremeness = (card: Rank, mode: Mode): number =>
  ((mode === 'high' ? rankValue(card) - 2 : 14 - rankValue(card)) / 12) * 4;

interface Prospect {
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
function prospect(state: IcgState, seat: number, believed: RevealedCard[], card: Rank): Prospect {
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

function bestCard(
  state: IcgState,
  seat: number,
  believed: RevealedCard[],
  candidates: Rank[],
  cooperative: boolean,
) {
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
const keptLastClaim = (state: IcgState, seat: number): boolean => {
  const last = state.history[state.history.length - 1]?.plays.find((p) => p.seat === seat);
  return !last || last.claim === last.card;
};

/** A middling claim no earlier player made: it invites a pair that is not there. */
function baitClaim(state: IcgState, card: Rank): Rank {
  const claimed = new Set(state.declarations.flatMap((d) => (d.claim ? [d.claim] : [])));
  const middling: Rank[] = ['7', '8', '6', '9', '5', '10'];
  return middling.find((r) => r !== card && !claimed.has(r)) ?? (card === '7' ? '8' : '7');
}

function chooseMode(state: IcgState, seat: number, strategy: StrategyId): Mode {
  const hand = state.seats[seat]?.hand ?? [];
  if (strategy === 'wildcard') return MODES[nextInt(rngFor(state, seat, 'mode'), 2)] ?? 'high';
  const high = hand.filter((r) => rankValue(r) >= 10).length;
  const low = hand.filter((r) => rankValue(r) <= 6).length;
  return high >= low ? 'high' : 'low';
}

function declaration(
  state: IcgState,
  seat: number,
  strategy: StrategyId,
): { claim: Rank; card: Rank } | null {
  const hand = state.seats[seat]?.hand ?? [];
  const isLast = declarationOrder(state).indexOf(seat) === declarationOrder(state).length - 1;
  if (strategy === 'wildcard') {
    const rng = rngFor(state, seat, 'wild');
    const card = hand[nextInt(rng, hand.length)];
    if (!card) return null;
    return { card, claim: nextFloat(rng) < 0.5 ? card : (RANKS[nextInt(rng, RANKS.length)] ?? card) };
  }
  const trusts = strategy === 'reciprocator' ? (other: number) => keptLastClaim(state, other) : () => true;
  const believed = believedCards(state, seat, trusts);
  const best = bestCard(state, seat, believed, hand, strategy !== 'opportunist');
  if (!best) return null;
  if (strategy === 'honest') return { card: best.card, claim: best.card };

  const tableLied = anyoneLied(state, seat);
  const bluff =
    strategy === 'opportunist' ? !best.p.combination && !isLast : tableLied && !best.p.combination && !isLast;
  if (!bluff) return { card: best.card, claim: best.card };
  // Hide the strongest High/Low card behind a middling claim.
  const extreme =
    [...hand].sort((a, b) => extremeness(b, state.mode) - extremeness(a, state.mode))[0] ?? best.card;
  return { card: extreme, claim: baitClaim(state, extreme) };
}

/** Did anyone else's last revealed card differ from their claim? */
const anyoneLied = (state: IcgState, seat: number): boolean =>
  state.seats.some((_, other) => other !== seat && !keptLastClaim(state, other));

/** A swap breaks the claim, so the honest player keeps, and the reciprocator only after a lie. */
function swapOrKeep(state: IcgState, seat: number, strategy: StrategyId): IcgAction {
  const hand = state.seats[seat]?.hand ?? [];
  const current = state.declarations[seat]?.card ?? null;
  if (strategy === 'wildcard') {
    const rng = rngFor(state, seat, 'swap');
    const card = hand[nextInt(rng, hand.length)];
    return nextFloat(rng) < 0.3 && card ? { type: 'swap', card } : { type: 'keep' };
  }
  if (current === null || strategy === 'honest') return { type: 'keep' };
  if (strategy === 'reciprocator' && !anyoneLied(state, seat)) return { type: 'keep' };
  const trusts = strategy === 'reciprocator' ? (other: number) => keptLastClaim(state, other) : () => true;
  const believed = believedCards(state, seat, trusts);
  const now = prospect(state, seat, believed, current);
  const best = bestCard(state, seat, believed, hand, strategy !== 'opportunist');
  const better =
    best &&
    (best.p.own > now.own ||
      (strategy !== 'opportunist' && best.p.own === now.own && best.p.others > now.others));
  return better ? { type: 'swap', card: best.card } : { type: 'keep' };
}

/**
 * What each strategy promises in every negotiation (R20), true to how it plays: Honest keeps
 * its honest claim always, the Opportunist breaks it whenever it bluffs; the Reciprocator's
 * promise has a condition, so it is words for the table to judge; the Wildcard promises nothing.
 */
const COMPUTER_PROMISES: Record<StrategyId, IcgAction | null> = {
  honest: { type: 'promise', what: 'honest' },
  opportunist: { type: 'promise', what: 'honest' },
  reciprocator: { type: 'promise', text: 'I will claim the card I play, as long as everyone stays honest.' },
  wildcard: null,
};

/** The move a computer seat makes now; null when it has nothing to do. */
export function computerAction(state: IcgState, player: PlayerId): IcgAction | null {
  const seat = seatIndexOf(state, player);
  if (seat === null) return null;
  const configured = state.seats[seat]?.computer ?? null;
  const strategy: StrategyId = isStrategy(configured) ? configured : 'honest';
  switch (state.phase) {
    case 'negotiation': {
      if (seat === state.startingSeat && !state.modeChosen)
        return { type: 'mode', mode: chooseMode(state, seat, strategy) };
      // R20: computer seats (not people asking what Honest would do) promise before Ready.
      const promise = configured === null ? null : COMPUTER_PROMISES[strategy];
      const promised = promisesOf(state).some((p) => p.round === state.round && p.seat === seat);
      if (promise && !promised && !state.ready[seat] && !state.jokerDeadline) return promise;
      return state.ready[seat] ? null : { type: 'ready' };
    }
    case 'declaration': {
      if (declaringSeat(state) !== seat) return null;
      const mine = state.declarations[seat];
      const choice = declaration(state, seat, strategy);
      if (!choice || !mine) return null;
      if (mine.claim !== null) return mine.card === null ? { type: 'place', card: choice.card } : null;
      if (mine.card !== null) return { type: 'claim', rank: mine.card };
      return { type: 'declare', claim: choice.claim, card: choice.card };
    }
    case 'swap':
      return seat === state.startingSeat ? swapOrKeep(state, seat, strategy) : null;
    case 'over':
      return null;
  }
}
