/**
 * Item Collection twins. A seeded four-seat game is played by the computer strategies for a
 * random number of moves; one seat is the observer (a person) and the three others hold the
 * secret. B differs from A by one change the observer cannot see:
 * - another seat's hand and deck swap a card (the hand holds another rank, the deck keeps it);
 * - two cards of a seat's deck change places (the observer's own deck too: nobody sees a deck);
 * - during the declaration, another seat's face-down card is another card of its hand.
 * Facts: the round, the joker, the phase, who is ready, every claim and whether each card is
 * placed, every revealed round, the promises, the counts of hands and decks, the scored cards,
 * the outcome, and the observer's own hand and face-down card.
 */
import type { IcgState } from '../../../src/games/item-collection/state.ts';
import { RANKS } from '../../../src/games/item-collection/cards.ts';
import { nextInt, seedRng } from '../../../src/games/rng.ts';
import type { SecrecyCase, Twins } from '../secrecy.ts';
import { engineOf, people, pickOf, playFor, seatsOf, seatTwins, setUp, twoOf } from './common.ts';

const engine = engineOf('item-collection');
const STRATEGIES = ['honest', 'opportunist', 'reciprocator', 'wildcard'] as const;

type Change = (
  s: IcgState,
  rng: ReturnType<typeof seedRng>,
  observer: number,
) => { s: IcgState; change: string } | null;
const others = (observer: number): number[] => [0, 1, 2, 3].filter((i) => i !== observer);

const CHANGES: Change[] = [
  function handAndDeck(s, rng, observer) {
    const j = pickOf(rng, others(observer)) ?? 0;
    const seat = s.seats[j];
    if (!seat || seat.hand.length === 0 || seat.deck.length === 0) return null;
    const h = nextInt(rng, seat.hand.length);
    const d = nextInt(rng, seat.deck.length);
    const b = structuredClone(s);
    const bs = b.seats[j]!;
    [bs.hand[h], bs.deck[d]] = [seat.deck[d]!, seat.hand[h]!];
    return { s: b, change: `seat ${j} holds ${seat.deck[d]} instead of ${seat.hand[h]}` };
  },
  function deckOrder(s, rng) {
    const j = nextInt(rng, 4);
    const deck = s.seats[j]?.deck ?? [];
    if (deck.length < 2) return null;
    const [x, y] = twoOf(rng, deck.length);
    const b = structuredClone(s);
    const bd = b.seats[j]!.deck;
    [bd[x], bd[y]] = [deck[y]!, deck[x]!];
    return { s: b, change: `seat ${j}'s deck cards ${x} and ${y} swapped` };
  },
  function otherFaceDown(s, rng, observer) {
    const placed = others(observer).filter((j) => s.declarations[j]?.card != null);
    const j = pickOf(rng, placed);
    if (j === undefined) return null;
    const seat = s.seats[j]!;
    const h = nextInt(rng, seat.hand.length);
    const card = s.declarations[j]!.card!;
    const b = structuredClone(s);
    b.declarations[j]!.card = seat.hand[h]!;
    b.seats[j]!.hand[h] = card;
    return { s: b, change: `seat ${j} placed ${seat.hand[h]} face down instead of ${card}` };
  },
];

function facts(s: IcgState, t: Twins<IcgState>): unknown {
  const o = s.seats.findIndex((x) => x.id === t.observers[0]);
  return {
    round: s.round,
    starting: s.startingSeat,
    joker: [s.mode, s.modeChosen, s.jokerDeadline],
    phase: s.phase,
    ready: s.ready,
    turn: s.turn,
    claims: s.declarations.map((d) => d.claim),
    placed: s.declarations.map((d) => d.card !== null),
    history: s.history,
    promises: s.promises,
    seats: s.seats.map((x) => [x.hand.length, x.deck.length, x.scored]),
    outcome: s.outcome,
    mine: [[...(s.seats[o]?.hand ?? [])].sort(), s.declarations[o]?.card ?? null],
  };
}

export const itemCollectionCase: SecrecyCase<IcgState> = {
  engine,
  syncs: 30,
  twins(n) {
    const rng = seedRng(`item-collection-twins|${n}`);
    const seats = seatsOf(4, [...STRATEGIES.slice(n % 4), ...STRATEGIES.slice(0, n % 4)]);
    const base = setUp<IcgState>(engine, seats, `twins-${n}`, n % 5 === 0 ? { rounds: 3 } : {});
    const played = playFor(engine, base, nextInt(rng, 60), rng);
    if (played.outcome) return null;
    const observer = nextInt(rng, 4);
    const a = people(played, [seats[observer]!.id], null);
    return seatTwins(a, seats, observer, rng, CHANGES, facts);
  },
  facts,
  probes(_s, rng) {
    const r = RANKS[nextInt(rng, RANKS.length)] ?? '2';
    const q = RANKS[nextInt(rng, RANKS.length)] ?? '3';
    return [
      { type: 'claim', rank: r },
      { type: 'place', card: r },
      { type: 'declare', claim: r, card: q },
      { type: 'swap', card: r },
      { type: 'keep' },
      { type: 'mode', mode: 'low' },
      { type: 'ready' },
    ];
  },
  typed: [
    ['claim', 'rank'],
    ['mode', 'mode'],
  ],
};
