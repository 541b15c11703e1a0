/**
 * Level 3, the Handler: reads each player's record of honest claims and chooses the card and
 * the claim with the best expected score. It plays the round out over a fixed number of
 * tables it cannot tell apart from the real one: the cards the others may hold (their suit
 * less what they have scored face up), each earlier claim true as often as its maker's
 * record says, each later player answering the claims it trusts as a sound player would. Each
 * table's reveal is scored exactly (scoring.ts). It reads nothing hidden: not the others'
 * hands, not the face-down cards. Pure and deterministic (judge.ts).
 */
import { nextFloat, nextInt, shuffle, type RngState } from '../rng.ts';
import { CARDS_TO_WIN, cardLabel, HAND_SIZE, RANKS, type Rank } from './cards.ts';
import { keptLastClaim, prospect, rngFor } from './judge.ts';
import type { Choice } from './levels.ts';
import { scoreReveal, type RevealedCard } from './scoring.ts';
import { declarationOrder, seatLabel, type IcgState } from './state.ts';

/** Tables imagined per decision: enough to rank the candidates, cheap enough for a tournament. */
const TABLES = 20;
/** Bluffs tried beside the honest claims: middling ranks it does not hold, which invite a pair. */
const BAITS: Rank[] = ['7', '8', '6', '9', '5', '10'];
const BAIT_TRIES = 2;
/** A broken claim costs the trust of reciprocating players next round, about a third of a card. */
const BROKEN_WORD = 0.35;
/** Another player's scored card counts against it, fully when it would reach five. */
const RIVAL = 0.15;

interface Record {
  honest: number;
  plays: number;
}

const recordOf = (state: IcgState, seat: number): Record => {
  const plays = state.history.flatMap((r) => r.plays.filter((p) => p.seat === seat));
  return { honest: plays.filter((p) => p.claim === p.card).length, plays: plays.length };
};

/** How likely this seat's claim is true: its record with a prior of 3 in 4, halved just after a lie. */
function trustIn(state: IcgState, seat: number, claim: Rank | null): number {
  if (claim !== null && state.seats[seat]?.scored.includes(claim)) return 0; // scored face up: not in hand
  const r = recordOf(state, seat);
  const p = (r.honest + 3) / (r.plays + 4);
  return keptLastClaim(state, seat) ? p : p / 2;
}

/** The cards a seat may hold: its suit less its scored cards. */
const poolOf = (state: IcgState, seat: number): Rank[] =>
  RANKS.filter((r) => !state.seats[seat]?.scored.includes(r));

const pickFrom = (rng: RngState, items: readonly Rank[]): Rank => items[nextInt(rng, items.length)] ?? '7';

/** One imagined table: the earlier seats' face-down cards, the later seats' hands and whims. */
interface World {
  placed: Map<number, Rank>;
  hands: Map<number, Rank[]>;
  whim: Map<number, number>;
  rng: RngState;
}

function imagine(state: IcgState, seat: number, rng: RngState): World {
  const world: World = { placed: new Map(), hands: new Map(), whim: new Map(), rng };
  for (const other of declarationOrder(state)) {
    if (other === seat) continue;
    const d = state.declarations[other];
    const pool = poolOf(state, other);
    if (d?.claim != null) {
      const honest = nextFloat(rng) < trustIn(state, other, d.claim);
      world.placed.set(
        other,
        honest
          ? d.claim
          : pickFrom(
              rng,
              pool.filter((r) => r !== d.claim),
            ),
      );
    } else {
      world.hands.set(other, shuffle(rng, pool).slice(0, HAND_SIZE));
      world.whim.set(other, nextFloat(rng));
    }
  }
  return world;
}

/**
 * The table as revealed in `world` when this seat claims `claim`: later players believe the
 * claims of those who kept their last one, play the card that fits best and claim it, or, as
 * often as their record says they lie, play a card at random behind a random claim.
 */
function tableFor(state: IcgState, seat: number, claim: Rank, world: World): RevealedCard[] {
  const table: RevealedCard[] = [];
  for (const other of declarationOrder(state)) {
    if (other === seat) {
      table.push({ seat, card: claim, claim });
      continue;
    }
    const placed = world.placed.get(other);
    const d = state.declarations[other];
    if (placed && d?.claim) {
      table.push({ seat: other, card: placed, claim: d.claim });
      continue;
    }
    const hand = world.hands.get(other) ?? [];
    const believed = table
      .filter((t) => keptLastClaim(state, t.seat))
      .map((t) => ({ ...t, card: t.claim ?? t.card }));
    if ((world.whim.get(other) ?? 0) >= trustIn(state, other, null)) {
      const card = hand[Math.floor((world.whim.get(other) ?? 0) * hand.length)] ?? '7';
      table.push({ seat: other, card, claim: RANKS[(RANKS.indexOf(card) + 5) % RANKS.length] });
      continue;
    }
    let best: Rank = hand[0] ?? '7';
    let score = -1;
    for (const card of hand) {
      const p = prospect(state, other, believed, card);
      const s = p.own * 10 + p.others;
      if (s > score) [best, score] = [card, s];
    }
    table.push({ seat: other, card: best, claim: best });
  }
  return table;
}

/** What a reveal is worth to this seat: its own card scoring, less the rivals' (more near five). */
function worth(state: IcgState, seat: number, table: RevealedCard[]): { value: number; own: boolean } {
  const { scorers } = scoreReveal(table, state.mode);
  let value = scorers.includes(seat) ? 1 : 0;
  for (const other of scorers)
    if (other !== seat) value -= (state.seats[other]?.scored.length ?? 0) >= CARDS_TO_WIN - 1 ? 1 : RIVAL;
  return { value, own: scorers.includes(seat) };
}

interface Option {
  card: Rank;
  claim: Rank;
  value: number;
  /** Imagined tables in which its own card scores. */
  scores: number;
}

function best(options: Option[]): Option | undefined {
  // Earlier options win ties: the honest ones come first.
  return options.reduce<Option | undefined>((a, o) => (a && a.value >= o.value - 1e-9 ? a : o), undefined);
}

const records = (state: IcgState, seat: number): string => {
  const known = declarationOrder(state)
    .filter((o) => o !== seat && recordOf(state, o).plays > 0)
    .map((o) => {
      const r = recordOf(state, o);
      return `${seatLabel(state, o)} ${r.honest}/${r.plays}`;
    });
  return known.length ? `honest claims so far: ${known.join(', ')}` : 'nobody has a record yet';
};

export function handlerDeclaration(state: IcgState, seat: number): Choice | null {
  const hand = state.seats[seat]?.hand ?? [];
  if (hand.length === 0) return null;
  const rng = rngFor(state, seat, 'handler');
  const worlds = Array.from({ length: TABLES }, () => imagine(state, seat, rng));
  const order = declarationOrder(state);
  const last = order.indexOf(seat) === order.length - 1;
  // A claim sways only the players after it; the last declarer has nobody to mislead.
  const baits = BAITS.filter((r) => !hand.includes(r)).slice(0, BAIT_TRIES);
  const claims = last ? hand : [...hand, ...baits];
  const options: Option[] = [];
  for (const claim of claims) {
    const tables = worlds.map((w) => tableFor(state, seat, claim, w));
    for (const card of last ? [claim] : hand) {
      const { value, scores } = playedOver(state, seat, tables, card);
      options.push({ card, claim, value: value - (card === claim ? 0 : BROKEN_WORD), scores });
    }
  }
  const honestFirst = [
    ...options.filter((o) => o.card === o.claim),
    ...options.filter((o) => o.card !== o.claim),
  ];
  const choice = best(honestFirst);
  if (!choice) return null;
  const label = cardLabel(choice.card, seat);
  const truth = options.find((o) => o.card === choice.card && o.claim === choice.card);
  const why =
    choice.card === choice.claim
      ? `${label}, claimed truthfully, scores in ${choice.scores} of ${TABLES} tables it expects from the claims so far and each player's record (${records(state, seat)})`
      : `claiming ${choice.claim} invites the players after it to match a card that is not there while ${label} scores in ${choice.scores} of ${TABLES} tables it expects, against ${truth?.scores ?? 0} claimed truthfully; worth a broken word (${records(state, seat)})`;
  return { card: choice.card, claim: choice.claim, why };
}

/** `card` played by `seat` at each imagined table: its mean worth, and the tables where it scores. */
function playedOver(
  state: IcgState,
  seat: number,
  tables: ReturnType<typeof tableFor>[],
  card: Rank,
): { value: number; scores: number } {
  let value = 0;
  let scores = 0;
  for (const t of tables) {
    const w = worth(
      state,
      seat,
      t.map((c) => (c.seat === seat ? { ...c, card } : c)),
    );
    value += w.value;
    if (w.own) scores++;
  }
  return { value: value / TABLES, scores };
}

/** The starting player's swap: every card it holds, against the three claims and their makers' records. */
export function handlerSwap(state: IcgState, seat: number): { card: Rank | null; why: string } {
  const current = state.declarations[seat]?.card ?? null;
  const claim = state.declarations[seat]?.claim ?? null;
  const hand = state.seats[seat]?.hand ?? [];
  if (current === null || claim === null) return { card: null, why: 'it has no card on the table' };
  const rng = rngFor(state, seat, 'handler-swap');
  const worlds = Array.from({ length: TABLES }, () => imagine(state, seat, rng));
  const tables = worlds.map((w) => tableFor(state, seat, claim, w));
  const options: Option[] = [current, ...hand].map((card) => {
    const { value, scores } = playedOver(state, seat, tables, card);
    const breaks = current === claim && card !== claim;
    return { card, claim, value: value - (breaks ? BROKEN_WORD : 0), scores };
  });
  const choice = best(options);
  const kept = options[0];
  if (!choice || !kept || choice.card === current)
    return {
      card: null,
      why: `keeping ${cardLabel(current, seat)} scores in ${kept?.scores ?? 0} of ${TABLES} tables it expects from the claims and each player's record; no card in hand does better by enough to break its word`,
    };
  return {
    card: choice.card,
    why: `${cardLabel(choice.card, seat)} scores in ${choice.scores} of ${TABLES} tables it expects from the claims and each player's record, against ${kept.scores} keeping ${cardLabel(current, seat)}`,
  };
}
