/**
 * The reveal: which combination four face-up cards make and whose cards score.
 * Follows the rulebook's table top to bottom; the open cases are rulings in
 * docs/rules/item-collection.md (R7-R9, R12).
 */
import { rankValue, type Mode, type Rank } from './cards.ts';

export const COMBOS = [
  'four-of-a-kind',
  'large-straight',
  'two-pair',
  'three-of-a-kind',
  'small-straight',
  'pair',
  'high-card',
  'low-card',
] as const;
export type Combo = (typeof COMBOS)[number];

const COMBO_NAMES: Record<Combo, string> = {
  'four-of-a-kind': 'Four of a kind',
  'large-straight': 'Large straight',
  'two-pair': 'Two pair',
  'three-of-a-kind': 'Three of a kind',
  'small-straight': 'Small straight',
  pair: 'Pair',
  'high-card': 'High card',
  'low-card': 'Low card',
};

export const comboName = (combo: Combo): string => COMBO_NAMES[combo];

/** One face-up card, in declaration order; `claim` breaks ties inside a straight (R8). */
export interface RevealedCard {
  seat: number;
  card: Rank;
  claim?: Rank | undefined;
}

export interface ScoreResult {
  combo: Combo;
  /** Seats whose card scores, in declaration order. */
  scorers: number[];
}

/** Value of a straight position: the ace may stand for 1 (A-2-3) or 14 (Q-K-A), never both (R7). */
const straightValues = (rank: Rank): number[] => (rank === 'A' ? [1, 14] : [rankValue(rank)]);

/** Lowest value of a run of `length` consecutive ranks all present, or null. Runs never wrap K-A-2. */
function findRun(ranks: readonly Rank[], length: number): number | null {
  const present = new Set(ranks.flatMap(straightValues));
  for (let start = 1; start + length - 1 <= 14; start++) {
    let complete = true;
    for (let v = start; v < start + length; v++) if (!present.has(v)) complete = false;
    if (complete) return start;
  }
  return null;
}

const valueMatches = (rank: Rank, value: number): boolean => straightValues(rank).includes(value);

function groupByRank(cards: readonly RevealedCard[]): Map<Rank, RevealedCard[]> {
  const groups = new Map<Rank, RevealedCard[]>();
  for (const c of cards) groups.set(c.card, [...(groups.get(c.card) ?? []), c]);
  return groups;
}

/**
 * R8: when two cards of the same rank could complete a small straight, the honest one
 * (claim == card) belongs to it; if both or neither were honest, the one declared first.
 */
function pickForStraight(cards: readonly RevealedCard[], start: number): number[] {
  const chosen: number[] = [];
  for (let v = start; v < start + 3; v++) {
    const candidates = cards.filter((c) => valueMatches(c.card, v));
    const honest = candidates.find((c) => c.claim === c.card);
    const pick = honest ?? candidates[0];
    if (pick) chosen.push(pick.seat);
  }
  const order = cards.map((c) => c.seat);
  return chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Scores one reveal. `cards` must be the four face-up cards in declaration order. */
export function scoreReveal(cards: readonly RevealedCard[], mode: Mode): ScoreResult {
  const all = cards.map((c) => c.seat);
  const groups = [...groupByRank(cards).values()];
  const sizes = groups.map((g) => g.length).sort((a, b) => b - a);
  const ranks = cards.map((c) => c.card);

  if (sizes[0] === 4) return { combo: 'four-of-a-kind', scorers: all };
  if (cards.length === 4 && sizes.length === 4 && findRun(ranks, 4) !== null)
    return { combo: 'large-straight', scorers: all };
  if (sizes[0] === 2 && sizes[1] === 2) return { combo: 'two-pair', scorers: all };
  if (sizes[0] === 3) {
    const three = groups.find((g) => g.length === 3) ?? [];
    return { combo: 'three-of-a-kind', scorers: three.map((c) => c.seat) };
  }
  // Footnote **: a small straight outranks a pair that shares the table with it.
  const run = findRun(ranks, 3);
  if (run !== null) return { combo: 'small-straight', scorers: pickForStraight(cards, run) };
  const pair = groups.find((g) => g.length === 2);
  if (pair) return { combo: 'pair', scorers: pair.map((c) => c.seat) };

  // Footnote ***: no combination, so the single highest or lowest card scores (ace high, R9).
  const best = [...cards].sort((a, b) =>
    mode === 'high' ? rankValue(b.card) - rankValue(a.card) : rankValue(a.card) - rankValue(b.card),
  )[0];
  return { combo: mode === 'high' ? 'high-card' : 'low-card', scorers: best ? [best.seat] : [] };
}
