/**
 * Collection Deck twins (both editions, with and without Manager Challenges and Hardcore). A
 * seeded table of two to five computer seats plays for a random number of moves; one seat is the
 * observer (a person), the others hold the secret. B differs from A by one change the observer
 * cannot see:
 * - another seat's hand and the deck swap a card;
 * - two other seats swap a card of their hands;
 * - two cards of the deck, or of the crisis deck, change places;
 * - while another seat builds a strategy (ruling D5: only the builder sees it), a card it put
 *   down is another card of its hand.
 * Facts: the table as the rules show it (the Field without another builder's hidden draft, scores,
 * solved crises, hand sizes, deck, discard and crisis deck sizes, the turn, its plays, challenges,
 * justifications and votes, the round, the phase, who still discards, the result) and the
 * observer's own hand.
 */
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { nextInt, seedRng, type RngState } from '../../../src/games/rng.ts';
import type { SecrecyCase, Twins } from '../secrecy.ts';
import { engineOf, people, pickOf, playFor, seatsOf, seatTwins, setUp, twoOf } from './common.ts';

const engine = engineOf('collection-deck');
const cards = indexCards(loadCards());
const STRATEGIES = ['analyst', 'director', 'trainee'] as const;

type Change = (s: CdState, rng: RngState, observer: number) => { s: CdState; change: string } | null;
const othersOf = (s: CdState, o: number): number[] => s.seats.map((_, i) => i).filter((i) => i !== o);

const CHANGES: Change[] = [
  function handAndDeck(s, rng, o) {
    const j = pickOf(rng, othersOf(s, o));
    const hand = j === undefined ? [] : (s.seats[j]?.hand ?? []);
    if (j === undefined || hand.length === 0 || s.deck.length === 0) return null;
    const h = nextInt(rng, hand.length);
    const d = nextInt(rng, s.deck.length);
    const b = structuredClone(s);
    [b.seats[j]!.hand[h], b.deck[d]] = [s.deck[d]!, hand[h]!];
    return { s: b, change: `seat ${j} holds ${s.deck[d]} instead of ${hand[h]} (deck ${d})` };
  },
  function twoHands(s, rng, o) {
    const others = othersOf(s, o);
    if (others.length < 2) return null;
    const [x, y] = twoOf(rng, others.length);
    const i = others[x]!;
    const j = others[y]!;
    const hi = s.seats[i]!.hand;
    const hj = s.seats[j]!.hand;
    if (hi.length === 0 || hj.length === 0) return null;
    const a = nextInt(rng, hi.length);
    const c = nextInt(rng, hj.length);
    const b = structuredClone(s);
    [b.seats[i]!.hand[a], b.seats[j]!.hand[c]] = [hj[c]!, hi[a]!];
    return { s: b, change: `seats ${i} and ${j} swap ${hi[a]} and ${hj[c]}` };
  },
  function deckOrder(s, rng) {
    if (s.deck.length < 2) return null;
    const [x, y] = twoOf(rng, s.deck.length);
    const b = structuredClone(s);
    [b.deck[x], b.deck[y]] = [s.deck[y]!, s.deck[x]!];
    return { s: b, change: `deck cards ${x} and ${y} swapped` };
  },
  function crisisDeckOrder(s, rng) {
    if (s.crisisDeck.length < 2) return null;
    const [x, y] = twoOf(rng, s.crisisDeck.length);
    const b = structuredClone(s);
    [b.crisisDeck[x], b.crisisDeck[y]] = [s.crisisDeck[y]!, s.crisisDeck[x]!];
    return { s: b, change: `crisis deck cards ${x} and ${y} swapped` };
  },
  function otherDraft(s, rng, o) {
    const t = s.turn;
    if (s.phase !== 'play' || t.stage !== 'build' || t.seat === o || t.draftCards.length === 0) return null;
    const card = pickOf(rng, t.draftCards)!;
    const hand = s.seats[t.seat]?.hand ?? [];
    const kind = cards.byId.get(card)?.kind;
    const same = hand.flatMap((x, i) => (cards.byId.get(x)?.kind === kind ? [i] : []));
    const h = pickOf(rng, same);
    if (h === undefined) return null;
    const other = hand[h]!;
    const b = structuredClone(s);
    const swap = (x: string): string => (x === card ? other : x);
    b.turn.draftCards = t.draftCards.map(swap);
    b.seats[t.seat]!.hand[h] = card;
    for (const f of b.field) {
      for (const m of f.modifiers) m.card = swap(m.card);
      for (const p of f.techniques) {
        p.card = swap(p.card);
        for (const m of p.mods) m.card = swap(m.card);
      }
    }
    return { s: b, change: `seat ${t.seat}'s hidden draft holds ${other} instead of ${card}` };
  },
];

function facts(s: CdState, t: Twins<CdState>): unknown {
  const o = s.seats.findIndex((x) => x.id === t.observers[0]);
  const hidden = new Set(
    s.phase === 'play' && s.turn.stage === 'build' && s.turn.seat !== o ? s.turn.draftCards : [],
  );
  const shown = <T extends { card: string }>(xs: T[]): T[] => xs.filter((x) => !hidden.has(x.card));
  return {
    edition: s.edition,
    options: s.options,
    round: [s.round, s.roundStarter, s.passesInRow, s.phase, s.discardPending],
    seats: s.seats.map((x, i) => ({
      id: x.id,
      score: x.score,
      solved: x.solved,
      hand: x.hand.length + (i === s.turn.seat ? hidden.size : 0),
      acted: x.actedThisRound,
    })),
    field: s.field.map((f) => ({
      card: f.card,
      modifiers: shown(f.modifiers),
      techniques: shown(f.techniques).map((p) => ({ ...p, mods: shown(p.mods) })),
    })),
    counts: [s.deck.length, s.discard.length, s.crisisDeck.length, s.removed.length],
    turn: { ...s.turn, draftCards: s.turn.seat === o ? s.turn.draftCards : s.turn.draftCards.length },
    joins: s.pendingJoins,
    result: s.result,
    mine: [...(s.seats[o]?.hand ?? [])].sort(),
  };
}

/** The case for one edition (the two play differently: disruption windows, mulligans, victory). */
export const collectionDeckCase = (edition: 'cia' | 'collect-it-all'): SecrecyCase<CdState> => ({
  engine,
  syncs: 20,
  twins(n) {
    const rng = seedRng(`collection-deck-twins|${edition}|${n}`);
    const count = 2 + (n % 4);
    // The Director is the costliest strategy to ask: one table in four has one.
    const strategies = n % 4 === 0 ? STRATEGIES : (['trainee', 'analyst'] as const);
    const seats = seatsOf(count, [...strategies.slice(n % 2), ...strategies.slice(0, n % 2)]);
    const options = {
      edition,
      ...(n % 7 === 3 ? { hardcore: true } : {}),
      ...(n % 5 === 1 ? { challenge: true } : {}),
    };
    const base = setUp<CdState>(engine, seats, `twins-${n}`, options);
    const played = playFor(engine, base, nextInt(rng, 120), rng);
    if (played.result) return null;
    const observer = nextInt(rng, count);
    const a = people(played, [seats[observer]!.id], undefined);
    return seatTwins(a, seats, observer, rng, CHANGES, facts);
  },
  facts,
  probes(s, rng) {
    const ids = [...s.deck, ...s.discard, ...s.seats.flatMap((x) => x.hand)].sort();
    const card = ids[nextInt(rng, ids.length)] ?? 'x';
    const crisis = s.field[nextInt(rng, Math.max(1, s.field.length))]?.card ?? 'x';
    return [
      { type: 'play', card },
      { type: 'play', card, on: crisis },
      { type: 'add-techniques', techniques: [card] },
      { type: 'select-crisis', crisis },
      { type: 'discard', cards: [card] },
      { type: 'mulligan' },
      { type: 'commit' },
    ];
  },
  typed: [
    ['play', 'card'],
    ['select-crisis', 'crisis'],
  ],
});
