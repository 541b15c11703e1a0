import { describe, expect, it } from 'vitest';
import type { Mode, Rank } from '../../../src/games/item-collection/cards.ts';
import { scoreReveal, type Combo } from '../../../src/games/item-collection/scoring.ts';

/** Cards in declaration order; seats 0..3 in that order unless claims say otherwise. */
const reveal = (cards: Rank[], mode: Mode = 'high', claims?: Rank[]) =>
  scoreReveal(
    cards.map((card, seat) => ({ seat, card, claim: claims?.[seat] ?? card })),
    mode,
  );

interface Row {
  source: string;
  cards: Rank[];
  mode?: Mode;
  claims?: Rank[];
  combo: Combo;
  scorers: number[];
}

const rows: Row[] = [
  // The rulebook's table, top to bottom.
  {
    source: 'table: four of a kind',
    cards: ['9', '9', '9', '9'],
    combo: 'four-of-a-kind',
    scorers: [0, 1, 2, 3],
  },
  {
    source: 'table: large straight',
    cards: ['5', '7', '4', '6'],
    combo: 'large-straight',
    scorers: [0, 1, 2, 3],
  },
  { source: 'table: two pair', cards: ['3', 'K', 'K', '3'], combo: 'two-pair', scorers: [0, 1, 2, 3] },
  {
    source: 'table: three of a kind',
    cards: ['J', '2', 'J', 'J'],
    combo: 'three-of-a-kind',
    scorers: [0, 2, 3],
  },
  {
    source: 'table: small straight',
    cards: ['8', '10', '9', '2'],
    combo: 'small-straight',
    scorers: [0, 1, 2],
  },
  { source: 'table: pair', cards: ['4', 'Q', '9', '4'], combo: 'pair', scorers: [0, 3] },
  { source: 'table: high card', cards: ['4', 'Q', '9', '2'], combo: 'high-card', scorers: [1] },
  { source: 'table: low card', cards: ['4', 'Q', '9', '2'], mode: 'low', combo: 'low-card', scorers: [3] },
  // Footnote *: straights run 2..A or A..K.
  {
    source: 'footnote *: A-2-3-4 is a straight',
    cards: ['3', 'A', '4', '2'],
    combo: 'large-straight',
    scorers: [0, 1, 2, 3],
  },
  {
    source: 'footnote *: J-Q-K-A is a straight',
    cards: ['A', 'J', 'K', 'Q'],
    combo: 'large-straight',
    scorers: [0, 1, 2, 3],
  },
  {
    source: 'footnote *: K-A-2-3 is not a large straight (R7: A-2-3 is small)',
    cards: ['K', 'A', '2', '3'],
    combo: 'small-straight',
    scorers: [1, 2, 3],
  },
  {
    source: 'footnote *: 10-J-Q-K is a straight',
    cards: ['10', 'J', 'Q', 'K'],
    combo: 'large-straight',
    scorers: [0, 1, 2, 3],
  },
  {
    source: 'footnote *: Q-K-A-2 does not wrap (R7: Q-K-A is small)',
    cards: ['2', 'Q', 'K', 'A'],
    combo: 'small-straight',
    scorers: [1, 2, 3],
  },
  {
    source: 'footnote *: K-A-2 is no straight, so the lone high card scores',
    cards: ['K', 'A', '2', '7'],
    combo: 'high-card',
    scorers: [1],
  },
  // Footnote **: a small straight and a pair: only the straight scores.
  {
    source: 'footnote **: 5-6-7 with a pair of 7s',
    cards: ['7', '5', '6', '7'],
    combo: 'small-straight',
    scorers: [0, 1, 2],
  },
  {
    source: 'footnote **: A-2-3 with a pair of aces',
    cards: ['2', 'A', 'A', '3'],
    combo: 'small-straight',
    scorers: [0, 1, 3],
  },
  // Footnote ***: High/Low only when nothing else is on the table.
  {
    source: 'footnote ***: a pair beats the high card',
    cards: ['A', '6', '6', '2'],
    combo: 'pair',
    scorers: [1, 2],
  },
  {
    source: 'footnote ***: a pair beats the low card',
    cards: ['A', '6', '6', '2'],
    mode: 'low',
    combo: 'pair',
    scorers: [1, 2],
  },
  {
    source: 'footnote ***: the face-up joker decides',
    cards: ['3', '8', 'J', '5'],
    mode: 'low',
    combo: 'low-card',
    scorers: [0],
  },
  // R8: which of two equal cards belongs to a small straight.
  {
    source: 'R8: neither 7 claimed honestly, the earlier 7 joins',
    cards: ['5', '7', '6', '7'],
    claims: ['5', '9', '6', '3'],
    combo: 'small-straight',
    scorers: [0, 1, 2],
  },
  {
    source: 'R8: the honest 7 joins even when declared later',
    cards: ['5', '7', '6', '7'],
    claims: ['5', '9', '6', '7'],
    combo: 'small-straight',
    scorers: [0, 2, 3],
  },
  {
    source: 'R8: both 7s honest, the earlier 7 joins',
    cards: ['7', '5', '7', '6'],
    combo: 'small-straight',
    scorers: [0, 1, 3],
  },
  {
    source: 'R8: the duplicate may sit in the middle (5,6,6,7)',
    cards: ['6', '5', '7', '6'],
    claims: ['2', '5', '7', '6'],
    combo: 'small-straight',
    scorers: [1, 2, 3],
  },
  // R9: the ace is high for High/Low.
  { source: 'R9: the ace is the high card', cards: ['A', 'K', '9', '4'], combo: 'high-card', scorers: [0] },
  {
    source: 'R9: the ace is never the low card; the 2 is',
    cards: ['A', 'K', '9', '2'],
    mode: 'low',
    combo: 'low-card',
    scorers: [3],
  },
  {
    source: 'R9: without a 2 the lowest number scores, not the ace',
    cards: ['A', '6', '9', 'Q'],
    mode: 'low',
    combo: 'low-card',
    scorers: [1],
  },
  // R10: precedence between rows that could be confused.
  {
    source: 'R10: four of a kind is not two pair',
    cards: ['8', '8', '8', '8'],
    combo: 'four-of-a-kind',
    scorers: [0, 1, 2, 3],
  },
  {
    source: 'R10: three of a kind leaves the fourth card out',
    cards: ['2', '2', 'A', '2'],
    combo: 'three-of-a-kind',
    scorers: [0, 1, 3],
  },
];

describe('GIVEN four revealed cards THEN they score as the rulebook table says', () => {
  it.each(rows)('$source', ({ cards, mode, claims, combo, scorers }) => {
    const result = reveal(cards, mode, claims);
    expect(result.combo).toBe(combo);
    expect([...result.scorers].sort()).toEqual([...scorers].sort());
  });

  it('every reveal scores at least one card (R10), over all 13^4 tables', () => {
    const ranks: Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
    let tables = 0;
    let empty = 0;
    for (const a of ranks)
      for (const b of ranks)
        for (const c of ranks)
          for (const d of ranks) {
            for (const mode of ['high', 'low'] as const) {
              const { scorers } = reveal([a, b, c, d], mode);
              if (scorers.length === 0) empty++;
              tables++;
            }
          }
    expect(tables).toBe(2 * 13 ** 4);
    expect(empty).toBe(0);
  });

  it('scorers follow the declaration order, not the seat numbers', () => {
    const result = scoreReveal(
      [
        { seat: 2, card: '9' },
        { seat: 3, card: '4' },
        { seat: 0, card: '9' },
        { seat: 1, card: 'K' },
      ],
      'high',
    );
    expect(result).toEqual({ combo: 'pair', scorers: [2, 0] });
  });
});
