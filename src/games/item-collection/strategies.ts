/**
 * Computer players: a ladder of three levels (levels.ts, handler.ts) and four personas made for
 * studying trust. Pure and deterministic: any randomness comes from a generator seeded by the
 * game's rng state, the round, the seat and the decision, never from the live state (judge.ts).
 */
import type { PlayerId } from '../contract.ts';
import { nextFloat, nextInt } from '../rng.ts';
import { cardLabel, RANKS, type Rank } from './cards.ts';
import { handlerDeclaration, handlerSwap } from './handler.ts';
import {
  anyoneLied,
  believedCards,
  bestCard,
  extremeness,
  keptLastClaim,
  prospect,
  rngFor,
} from './judge.ts';
import {
  handMode,
  negotiatorDeclaration,
  negotiatorSwap,
  recruitDeclaration,
  recruitMode,
  type Choice,
} from './levels.ts';
import { promisesOf } from './promises.ts';
import { declaringSeat } from './rules.ts';
import type { IcgAction } from './schema.ts';
import { declarationOrder, seatIndexOf, type IcgState } from './state.ts';

/** The first entry is the default: it also declares for a silent player (R17) and keeps a missing player's seat warm. */
export const COMPUTER_STRATEGIES = [
  {
    id: 'negotiator',
    name: 'Negotiator',
    description:
      'Level 2 of 3: believes players who kept their last claim, plays the card that fits their claims, always claims truthfully.',
  },
  {
    id: 'handler',
    name: 'Handler',
    description:
      "Level 3 of 3: reads each player's record of honest claims and plays the card and claim with the best expected score.",
  },
  {
    id: 'recruit',
    name: 'Recruit',
    description: 'Level 1 of 3: plays a card at random and claims it truthfully.',
  },
  {
    id: 'honest',
    name: 'Honest',
    description:
      'Persona: always claims the card it plays, and plays the card that best fits the claims made before it.',
  },
  {
    id: 'opportunist',
    name: 'Opportunist',
    description:
      'Persona: plays for itself; bluffs a middling claim to hide its High/Low card when no combination is in reach.',
  },
  {
    id: 'reciprocator',
    name: 'Reciprocator',
    description:
      'Persona: trusts players whose last claim was true; bluffs in the round after anyone at the table lied.',
  },
  {
    id: 'wildcard',
    name: 'Wildcard',
    description: 'Persona: plays and claims at random; a noisy table-mate for practice.',
  },
] as const;
export type StrategyId = (typeof COMPUTER_STRATEGIES)[number]['id'];

/** The strength ladder, weakest first (the tournament's rows). */
export const LEVELS = ['recruit', 'negotiator', 'handler'] as const satisfies readonly StrategyId[];
export type Level = (typeof LEVELS)[number];
type Persona = Exclude<StrategyId, Level>;

export const DEFAULT_STRATEGY: StrategyId = COMPUTER_STRATEGIES[0].id;

/** The strategy a seat plays: its own, or the default for a person (R17) or an id this version does not know. */
export function strategyOf(id: string | null | undefined): StrategyId {
  return COMPUTER_STRATEGIES.find((s) => s.id === id)?.id ?? DEFAULT_STRATEGY;
}

/** A computer's move with its reason in the game's terms (null when the move needs none). */
export interface Decision {
  action: IcgAction;
  why: string | null;
}

/** A middling claim no earlier player made: it invites a pair that is not there. */
function baitClaim(state: IcgState, card: Rank): Rank {
  const claimed = new Set(state.declarations.flatMap((d) => (d.claim ? [d.claim] : [])));
  const middling: Rank[] = ['7', '8', '6', '9', '5', '10'];
  return middling.find((r) => r !== card && !claimed.has(r)) ?? (card === '7' ? '8' : '7');
}

function personaDeclaration(state: IcgState, seat: number, strategy: Persona): Choice | null {
  const hand = state.seats[seat]?.hand ?? [];
  const isLast = declarationOrder(state).indexOf(seat) === declarationOrder(state).length - 1;
  if (strategy === 'wildcard') {
    const rng = rngFor(state, seat, 'wild');
    const card = hand[nextInt(rng, hand.length)];
    if (!card) return null;
    const claim = nextFloat(rng) < 0.5 ? card : (RANKS[nextInt(rng, RANKS.length)] ?? card);
    return { card, claim, why: 'the Wildcard plays and claims at random' };
  }
  const trusts = strategy === 'reciprocator' ? (other: number) => keptLastClaim(state, other) : () => true;
  const believed = believedCards(state, seat, trusts);
  const best = bestCard(state, seat, believed, hand, strategy !== 'opportunist');
  if (!best) return null;
  const fits = `${cardLabel(best.card, seat)} fits the claims it believes best`;
  if (strategy === 'honest') return { card: best.card, claim: best.card, why: `${fits}, claimed truthfully` };

  const bluff = !best.p.combination && !isLast && (strategy === 'opportunist' || anyoneLied(state, seat));
  if (!bluff) return { card: best.card, claim: best.card, why: `${fits}, claimed truthfully` };
  // Hide the strongest High/Low card behind a middling claim.
  const extreme =
    [...hand].sort((a, b) => extremeness(b, state.mode) - extremeness(a, state.mode))[0] ?? best.card;
  const claim = baitClaim(state, extreme);
  return {
    card: extreme,
    claim,
    why: `no combination is in reach, so it hides ${cardLabel(extreme, seat)} behind a claim of ${claim}, inviting a pair that is not there`,
  };
}

/** A swap breaks the claim, so the honest player keeps, and the reciprocator only after a lie. */
function personaSwap(state: IcgState, seat: number, strategy: Persona): Rank | null {
  const hand = state.seats[seat]?.hand ?? [];
  const current = state.declarations[seat]?.card ?? null;
  if (strategy === 'wildcard') {
    const rng = rngFor(state, seat, 'swap');
    const card = hand[nextInt(rng, hand.length)];
    return nextFloat(rng) < 0.3 && card ? card : null;
  }
  if (current === null || strategy === 'honest') return null;
  if (strategy === 'reciprocator') return negotiatorSwap(state, seat).card;
  const believed = believedCards(state, seat, () => true);
  const now = prospect(state, seat, believed, current);
  const best = bestCard(state, seat, believed, hand, false);
  return best && best.p.own > now.own ? best.card : null;
}

function declarationChoice(state: IcgState, seat: number, strategy: StrategyId): Choice | null {
  switch (strategy) {
    case 'recruit':
      return recruitDeclaration(state, seat);
    case 'negotiator':
      return negotiatorDeclaration(state, seat);
    case 'handler':
      return handlerDeclaration(state, seat);
    default:
      return personaDeclaration(state, seat, strategy);
  }
}

function swapChoice(
  state: IcgState,
  seat: number,
  strategy: StrategyId,
): { card: Rank | null; why: string | null } {
  switch (strategy) {
    case 'recruit':
      return { card: null, why: 'a Recruit keeps the card it placed' };
    case 'negotiator':
      return negotiatorSwap(state, seat);
    case 'handler':
      return handlerSwap(state, seat);
    default:
      return { card: personaSwap(state, seat, strategy), why: null };
  }
}

/**
 * What each strategy promises in every negotiation (R20), true to how it plays: the levels
 * and Honest always claim truthfully, the Opportunist breaks that promise whenever it bluffs;
 * the Reciprocator's and the Handler's promises have conditions, so they are words for the
 * table to judge; the Wildcard promises nothing.
 */
const COMPUTER_PROMISES: Record<StrategyId, IcgAction | null> = {
  recruit: { type: 'promise', what: 'honest' },
  negotiator: { type: 'promise', what: 'honest' },
  handler: { type: 'promise', text: 'I will keep my word with those who keep theirs.' },
  honest: { type: 'promise', what: 'honest' },
  opportunist: { type: 'promise', what: 'honest' },
  reciprocator: { type: 'promise', text: 'I will claim the card I play, as long as everyone stays honest.' },
  wildcard: null,
};

function negotiation(
  state: IcgState,
  seat: number,
  strategy: StrategyId,
  computer: boolean,
): Decision | null {
  if (seat === state.startingSeat && !state.modeChosen) {
    const { mode, why } =
      strategy === 'recruit' || strategy === 'wildcard' ? recruitMode(state, seat) : handMode(state, seat);
    return { action: { type: 'mode', mode }, why };
  }
  // R20: computer seats (not people asking what the default would do) promise before Ready.
  const promise = computer ? COMPUTER_PROMISES[strategy] : null;
  const promised = promisesOf(state).some((p) => p.round === state.round && p.seat === seat);
  if (promise && !promised && !state.ready[seat] && !state.jokerDeadline)
    return { action: promise, why: 'it puts on the record how it means to play' };
  return state.ready[seat] ? null : { action: { type: 'ready' }, why: null };
}

/**
 * Decisions already taken, per state object: `waits` (the declaring seat's default), the board's
 * active players and the platform's computer turn all ask about the same state, and the Handler's
 * search is the costly part of a game. States are never changed once made (apply returns a new
 * one), so a state's answer cannot go stale; entries go with their state.
 */
const decided = new WeakMap<IcgState, Map<PlayerId, Decision | null>>();

/** The move a computer seat makes now with its reason; null when it has nothing to do. */
export function computerDecision(state: IcgState, player: PlayerId): Decision | null {
  let known = decided.get(state);
  if (!known) decided.set(state, (known = new Map<PlayerId, Decision | null>()));
  if (!known.has(player)) known.set(player, decide(state, player));
  return known.get(player) ?? null;
}

function decide(state: IcgState, player: PlayerId): Decision | null {
  const seat = seatIndexOf(state, player);
  if (seat === null) return null;
  const configured = state.seats[seat]?.computer ?? null;
  const strategy = strategyOf(configured);
  switch (state.phase) {
    case 'negotiation':
      return negotiation(state, seat, strategy, configured !== null);
    case 'declaration': {
      if (declaringSeat(state) !== seat) return null;
      const mine = state.declarations[seat];
      const choice = declarationChoice(state, seat, strategy);
      if (!choice || !mine) return null;
      if (mine.claim !== null)
        return mine.card === null ? { action: { type: 'place', card: choice.card }, why: choice.why } : null;
      if (mine.card !== null)
        return {
          action: { type: 'claim', rank: mine.card },
          why: 'it claims the card it placed, truthfully',
        };
      return { action: { type: 'declare', claim: choice.claim, card: choice.card }, why: choice.why };
    }
    case 'swap': {
      if (seat !== state.startingSeat) return null;
      const { card, why } = swapChoice(state, seat, strategy);
      return { action: card === null ? { type: 'keep' } : { type: 'swap', card }, why };
    }
    case 'over':
      return null;
  }
}

export function computerAction(state: IcgState, player: PlayerId): IcgAction | null {
  return computerDecision(state, player)?.action ?? null;
}
