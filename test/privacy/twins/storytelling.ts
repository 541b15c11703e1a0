/**
 * Storytelling twins. A seeded table of one to six computer storytellers plays for a random
 * number of moves; one storyteller is the observer (a person), the others hold the secret. B
 * differs from A by one change the observer cannot see:
 * - another storyteller's hand and the deck swap a card;
 * - a face-down escalation mark behind a crisis is another card of the deck;
 * - the two crisis cards another storyteller is choosing between: one is another crisis card;
 * - two cards of the deck, the crisis deck or the Resolution deck change places.
 * Facts: the table (crises, the techniques and helpful checks on them, escalations and how many
 * marks), defused and failed crises, the round, the decision awaited (without another
 * storyteller's crisis cards), the story's lines by author, kind and crisis (their words are
 * output, compared as such), hand sizes, deck, discard and Resolution sizes, the Resolution
 * cards turned, the result, and the observer's own hand.
 */
import type { StState } from '../../../src/games/storytelling/types.ts';
import { nextInt, seedRng, type RngState } from '../../../src/games/rng.ts';
import type { SecrecyCase, Twins } from '../secrecy.ts';
import { engineOf, people, pickOf, playFor, seatsOf, seatTwins, setUp, twoOf } from './common.ts';

const engine = engineOf('storytelling');

type Change = (s: StState, rng: RngState, observer: number) => { s: StState; change: string } | null;

const swapIn = (xs: string[], rng: RngState): [number, number] | null =>
  xs.length < 2 ? null : twoOf(rng, xs.length);

const CHANGES: Change[] = [
  function handAndDeck(s, rng, o) {
    const j = pickOf(
      rng,
      s.seats.flatMap((x, i) => (i !== o && x.hand.length > 0 ? [i] : [])),
    );
    if (j === undefined || s.deck.length === 0) return null;
    const hand = s.seats[j]!.hand;
    const h = nextInt(rng, hand.length);
    const d = nextInt(rng, s.deck.length);
    const b = structuredClone(s);
    [b.seats[j]!.hand[h], b.deck[d]] = [s.deck[d]!, hand[h]!];
    return { s: b, change: `storyteller ${j} holds ${s.deck[d]} instead of ${hand[h]}` };
  },
  function otherMark(s, rng) {
    const c = pickOf(
      rng,
      s.table.flatMap((x, i) => (x.marks.length > 0 ? [i] : [])),
    );
    if (c === undefined || s.deck.length === 0) return null;
    const marks = s.table[c]!.marks;
    const m = nextInt(rng, marks.length);
    const d = nextInt(rng, s.deck.length);
    const b = structuredClone(s);
    [b.table[c]!.marks[m], b.deck[d]] = [s.deck[d]!, marks[m]!];
    return { s: b, change: `crisis ${s.table[c]!.card} has mark ${s.deck[d]} instead of ${marks[m]}` };
  },
  function otherCrisisChoice(s, rng, o) {
    const st = s.stage;
    if (st?.kind !== 'choose-crisis' || st.seat === o || s.crisisDeck.length === 0) return null;
    const k = nextInt(rng, st.options.length);
    const d = nextInt(rng, s.crisisDeck.length);
    const b = structuredClone(s);
    const options = [...st.options];
    options[k] = s.crisisDeck[d]!;
    b.stage = { ...st, options };
    b.crisisDeck[d] = st.options[k]!;
    return { s: b, change: `storyteller ${st.seat} chooses between ${options.join(', ')}` };
  },
  function deckOrder(s, rng) {
    const p = swapIn(s.deck, rng);
    if (!p) return null;
    const b = structuredClone(s);
    [b.deck[p[0]], b.deck[p[1]]] = [s.deck[p[1]]!, s.deck[p[0]]!];
    return { s: b, change: `deck cards ${p[0]} and ${p[1]} swapped` };
  },
  function crisisDeckOrder(s, rng) {
    const p = swapIn(s.crisisDeck, rng);
    if (!p) return null;
    const b = structuredClone(s);
    [b.crisisDeck[p[0]], b.crisisDeck[p[1]]] = [s.crisisDeck[p[1]]!, s.crisisDeck[p[0]]!];
    return { s: b, change: `crisis deck cards ${p[0]} and ${p[1]} swapped` };
  },
  function resolutionOrder(s, rng) {
    const p = swapIn(s.resolutionDeck, rng);
    if (!p) return null;
    const b = structuredClone(s);
    [b.resolutionDeck[p[0]], b.resolutionDeck[p[1]]] = [s.resolutionDeck[p[1]]!, s.resolutionDeck[p[0]]!];
    return { s: b, change: `Resolution deck cards ${p[0]} and ${p[1]} swapped` };
  },
];

function facts(s: StState, t: Twins<StState>): unknown {
  const o = s.seats.findIndex((x) => x.id === t.observers[0]);
  const st = s.stage;
  return {
    table: s.table.map((x) => ({ ...x, marks: x.marks.length })),
    defused: s.defused,
    failed: s.failed,
    round: [s.round, s.touched],
    stage: st?.kind === 'choose-crisis' && st.seat !== o ? { ...st, options: st.options.length } : st,
    story: s.story.map((l) => [l.round, l.by, l.kind, l.bot, l.crisis ?? null]),
    seats: s.seats.map((x, i) => (i === o ? [...x.hand].sort() : x.hand.length)),
    counts: [
      s.deck.length,
      s.discard.length,
      s.crisisDeck.length,
      s.crisisDiscard.length,
      s.resolutionDeck.length,
    ],
    resolutions: s.resolutionDiscard,
    result: s.result,
  };
}

export const storytellingCase: SecrecyCase<StState> = {
  engine,
  syncs: 30,
  twins(n) {
    const rng = seedRng(`storytelling-twins|${n}`);
    const count = 2 + (n % 5);
    const seats = seatsOf(count, ['case-officer']);
    const base = setUp<StState>(engine, seats, `twins-${n}`, n % 4 === 0 ? { rounds: 3 } : {});
    const played = playFor(engine, base, nextInt(rng, 80), rng);
    if (played.result) return null;
    const observer = nextInt(rng, count);
    const a = people(played, [seats[observer]!.id], undefined);
    return seatTwins(a, seats, observer, rng, CHANGES, facts);
  },
  facts,
  // The Resolution cards turned, in order (public; the discard loses the order).
  events(before, after) {
    const gone = before.resolutionDeck.filter((c) => !after.resolutionDeck.includes(c));
    const reshuffled = after.resolutionDeck.filter((c) => !before.resolutionDeck.includes(c));
    return gone.length > 0 || reshuffled.length > 0 ? [`drew ${gone.join(' ')} | ${reshuffled.length}`] : [];
  },
  probes(s, rng) {
    const ids = [...s.deck, ...s.seats.flatMap((x) => x.hand)].sort();
    const card = ids[nextInt(rng, ids.length)] ?? 'x';
    const crisis = s.table[nextInt(rng, Math.max(1, s.table.length))]?.card ?? 'x';
    return [
      { type: 'collect', technique: card, crisis },
      { type: 'help', card, crisis },
      { type: 'redraw', cards: [card] },
      { type: 'keep-crisis', crisis: card },
      { type: 'boost', technique: card },
    ];
  },
  typed: [
    ['collect', 'technique'],
    ['help', 'card'],
  ],
};
