/**
 * Vocabulary of the Item Collection Game: ranks, suits, High/Low, and how cards read.
 * Each seat owns one suit, so a card is identified by its owner and its rank.
 */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

/** Seat 0 plays spades, 1 hearts, 2 diamonds, 3 clubs. */
export const SUITS = ['♠', '♥', '♦', '♣'] as const;
export type Suit = (typeof SUITS)[number];

/** The face-up joker: black = High card, red = Low card. */
export const MODES = ['high', 'low'] as const;
export type Mode = (typeof MODES)[number];

export const SEAT_COUNT = 4;
export const HAND_SIZE = 7;
export const CARDS_TO_WIN = 5;

const RANK_NAMES: Record<Rank, string> = {
  '2': 'Two',
  '3': 'Three',
  '4': 'Four',
  '5': 'Five',
  '6': 'Six',
  '7': 'Seven',
  '8': 'Eight',
  '9': 'Nine',
  '10': 'Ten',
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
  A: 'Ace',
};

export const isRank = (value: unknown): value is Rank => (RANKS as readonly unknown[]).includes(value);

/** 2 → 2 … K → 13, A → 14 (ruling R9: the ace is high for High/Low). */
export const rankValue = (rank: Rank): number => RANKS.indexOf(rank) + 2;

export const rankName = (rank: Rank): string => RANK_NAMES[rank];

export const suitOf = (seat: number): Suit => SUITS[seat % SUITS.length] ?? '♠';

/** `Q♥`. */
export const cardLabel = (rank: Rank, seat: number): string => `${rank}${suitOf(seat)}`;

/** Ranks in deck order 2..A, the order hands are shown in. */
export const sortRanks = (ranks: readonly Rank[]): Rank[] =>
  [...ranks].sort((a, b) => rankValue(a) - rankValue(b));

export const modeLabel = (mode: Mode): string =>
  mode === 'high' ? 'High card (black joker)' : 'Low card (red joker)';
