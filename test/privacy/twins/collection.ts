/**
 * COLLECTION twins. A seeded table of three to seven computer analysts plays for a random number
 * of moves; one analyst is the observer (a person), the others hold the secret. B differs from A
 * by one change the observer cannot see:
 * - another analyst's held blue card, or the blue card they just drew, and a deck card swap;
 * - two cards of the blue deck, or of the scenario deck, change places;
 * - the dice to come (another generator).
 * Facts: the whole board as the rules show it (scenarios, crisis and response ladders, gems,
 * reports, every analyst's role and space, how many cards each holds, the deck and discard, the
 * last roll, the stage without another analyst's drawn card), the outcome, and the observer's
 * own held cards and drawn card.
 */
import type { ColState } from '../../../src/games/collection/types.ts';
import { nextInt, seedRng, type RngState } from '../../../src/games/rng.ts';
import type { SecrecyCase, Twins } from '../secrecy.ts';
import { engineOf, people, pickOf, playFor, seatsOf, seatTwins, setUp, twoOf } from './common.ts';

const engine = engineOf('collection');
const STRATEGIES = ['analyst', 'trainee'] as const;

type Change = (s: ColState, rng: RngState, observer: number) => { s: ColState; change: string } | null;

const CHANGES: Change[] = [
  function heldAndDeck(s, rng, o) {
    const j = pickOf(
      rng,
      s.seats.flatMap((x, i) => (i !== o && x.held.length > 0 ? [i] : [])),
    );
    if (j === undefined || s.deck.length === 0) return null;
    const held = s.seats[j]!.held;
    const h = nextInt(rng, held.length);
    const d = nextInt(rng, s.deck.length);
    const b = structuredClone(s);
    [b.seats[j]!.held[h], b.deck[d]] = [s.deck[d]!, held[h]!];
    return { s: b, change: `analyst ${j} holds ${s.deck[d]} instead of ${held[h]}` };
  },
  function drawnAndDeck(s, rng, o) {
    const st = s.stage;
    if (st.kind !== 'drawn' || st.seat === o || s.deck.length === 0) return null;
    const d = nextInt(rng, s.deck.length);
    const b = structuredClone(s);
    b.stage = { ...st, card: s.deck[d]! };
    b.deck[d] = st.card;
    return { s: b, change: `analyst ${st.seat} drew ${s.deck[d]} instead of ${st.card}` };
  },
  function deckOrder(s, rng) {
    if (s.deck.length < 2) return null;
    const [x, y] = twoOf(rng, s.deck.length);
    const b = structuredClone(s);
    [b.deck[x], b.deck[y]] = [s.deck[y]!, s.deck[x]!];
    return { s: b, change: `blue deck cards ${x} and ${y} swapped` };
  },
  function scenarioDeckOrder(s, rng) {
    if (s.scenarioDeck.length < 2) return null;
    const [x, y] = twoOf(rng, s.scenarioDeck.length);
    const b = structuredClone(s);
    [b.scenarioDeck[x], b.scenarioDeck[y]] = [s.scenarioDeck[y]!, s.scenarioDeck[x]!];
    return { s: b, change: `scenario deck cards ${x} and ${y} swapped` };
  },
  function otherDice(s, rng) {
    const b = structuredClone(s);
    b.rng = seedRng(`other|${nextInt(rng, 1e9)}`);
    return { s: b, change: 'other dice to come' };
  },
];

function facts(s: ColState, t: Twins<ColState>): unknown {
  const o = s.seats.findIndex((x) => x.id === t.observers[0]);
  const st = s.stage;
  return {
    seats: s.seats.map((x, i) => ({
      id: x.id,
      role: x.role,
      at: x.at,
      held: i === o ? [...x.held].sort() : x.held.length,
    })),
    scenarios: s.scenarios,
    decks: [s.scenarioDeck.length, s.deck.length],
    discard: s.discard,
    stage: st.kind === 'drawn' && st.seat !== o ? { ...st, card: null } : st,
    turn: [s.turn, s.step],
    dice: s.dice.length,
    lastRoll: s.lastRoll,
    stats: s.stats,
    outcome: s.outcome,
  };
}

export const collectionCase: SecrecyCase<ColState> = {
  engine,
  syncs: 30,
  twins(n) {
    const rng = seedRng(`collection-twins|${n}`);
    const count = 3 + (n % 5);
    const seats = seatsOf(count, n % 2 ? STRATEGIES : [...STRATEGIES].reverse());
    const base = setUp<ColState>(engine, seats, `twins-${n}`);
    const played = playFor(engine, base, nextInt(rng, 120), rng);
    if (played.outcome) return null;
    const observer = nextInt(rng, count);
    const a = people(played, [seats[observer]!.id], null);
    return seatTwins(a, seats, observer, rng, CHANGES, facts);
  },
  facts,
  probes(s, rng) {
    const ids = [...s.deck, ...s.seats.flatMap((x) => x.held)].sort();
    const card = ids[nextInt(rng, ids.length)] ?? 'x';
    return [{ type: 'play', card }, { type: 'hold' }, { type: 'end' }];
  },
  typed: [['play', 'card']],
};
