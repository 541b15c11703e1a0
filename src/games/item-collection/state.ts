/**
 * Game state (plain JSON) and the deal. Each seat's 13 cards are always split between its
 * hand, its deck, its scored pile and (during a round) its face-down card on the table.
 */
import type { Outcome, PlayerId, Result, SetupArgs } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import { nextInt, seedRng, shuffle, type RngState } from '../rng.ts';
import { HAND_SIZE, RANKS, SEAT_COUNT, suitOf, type Mode, type Rank } from './cards.ts';
import type { Combo } from './scoring.ts';
import {
  arrangementSchema,
  DEFAULT_MAX_ROUNDS,
  optionsSchema,
  type IcgOptions,
  type RankPromise,
} from './schema.ts';
import { literal } from '../text.ts';

/**
 * What a promise holds its maker to, judged exactly against the round's reveal (R20):
 * the card played compared with a rank, the claim matching the card, or the card matching
 * the card of the seat it was made to.
 */
export type PromiseTerm = { what: RankPromise; rank: Rank } | { what: 'honest' } | { what: 'match' };

/** A promise put on the record during a negotiation (promises.ts judges them). */
export interface PromiseRecord {
  /** The round it is about (the round it was made in, or the next). */
  round: number;
  seat: number;
  /**
   * The maker's own words ('' when none): a note beside the term, or the whole promise when
   * there is no term. Games saved before terms existed hold only this, judged by the table.
   */
  text: string;
  /** What the debrief judges; absent for a promise in words only. */
  term?: PromiseTerm;
  /** The seat it was made to; absent: the whole table. */
  to?: number;
}

export type Phase = 'negotiation' | 'declaration' | 'swap' | 'over';

export interface SeatState {
  id: PlayerId;
  name: string;
  /** Strategy id when a computer plays this seat. */
  computer: string | null;
  /** Users who act for this seat and see its hand (team play); always includes `id`. */
  members: PlayerId[];
  hand: Rank[];
  /** Top card first. */
  deck: Rank[];
  scored: Rank[];
}

/** One seat's declaration this round; `card` is secret until the reveal. */
export interface Declaration {
  claim: Rank | null;
  card: Rank | null;
}

export interface PlayRecord {
  seat: number;
  claim: Rank;
  /** The card revealed (after the starting player's swap). */
  card: Rank;
  scored: boolean;
}

export interface RoundRecord {
  round: number;
  startingSeat: number;
  mode: Mode;
  swapped: boolean;
  combo: Combo;
  /** In declaration order. */
  plays: PlayRecord[];
}

export interface IcgState {
  seats: SeatState[];
  negotiationMinutes: number;
  maxRounds: number;
  facilitator: PlayerId | null;
  /** The deal's generator: shuffles the decks at setup and seeds the computer players' choices. */
  rng: RngState;
  /**
   * One stream per seat (R12), seeded from the game's seed and the seat alone: a seat's losing
   * card is shuffled back with its own stream, so the same seat playing the same way draws the
   * same cards at every table with the same seed, whatever the other seats do.
   */
  seatRng: RngState[];
  round: number;
  startingSeat: number;
  /** The face-up joker; it stays as it is until a starting player turns it (R3). */
  mode: Mode;
  modeChosen: boolean;
  /**
   * R19: the negotiation was ended before the starting player turned a joker; they have a
   * short deadline (JOKER_DEADLINE_MS) to choose before the declaration starts.
   */
  jokerDeadline: boolean;
  phase: Phase;
  /** Per seat. */
  ready: boolean[];
  /** Position in declaration order (0..3) of the seat declaring now. */
  turn: number;
  /** Per seat. */
  declarations: Declaration[];
  history: RoundRecord[];
  /** Every promise made (R20), oldest first; a record is never changed once made. */
  promises: PromiseRecord[];
  outcome: Outcome | null;
}

/** Seats in declaration order: the starting seat, then to its left (R1: left = next seat). */
export const declarationOrder = (state: Pick<IcgState, 'startingSeat'>): number[] =>
  Array.from({ length: SEAT_COUNT }, (_, i) => (state.startingSeat + i) % SEAT_COUNT);

export const seatIndexOf = (state: IcgState, actor: PlayerId): number | null => {
  const index = state.seats.findIndex((s) => s.id === actor || s.members.includes(actor));
  return index < 0 ? null : index;
};

/** A seat's name and suit, for Markdown (announcements, the outcome, reviews): the name reads as written. */
export const seatLabel = (state: IcgState, seat: number): string =>
  `${literal(state.seats[seat]?.name ?? `Seat ${seat + 1}`)} ${suitOf(seat)}`;

export const emptyDeclarations = (): Declaration[] =>
  Array.from({ length: SEAT_COUNT }, () => ({ claim: null, card: null }));

export function setupState(args: SetupArgs<IcgOptions>): Result<IcgState> {
  if (args.players.length !== SEAT_COUNT)
    return fail('wrong-player-count', 'The Item Collection Game needs exactly four players.');
  if (new Set(args.players.map((p) => p.id)).size !== SEAT_COUNT)
    return fail('duplicate-player', 'Each of the four seats needs a different player.');
  const options = optionsSchema.safeParse(args.options);
  if (!options.success)
    return fail(
      'invalid-options',
      `Those options do not work: ${options.error.issues[0]?.message ?? 'invalid'}.`,
    );
  const arrangement = arrangementSchema.safeParse(args.arrangement ?? {});
  if (!arrangement.success) {
    const issue = arrangement.error.issues[0];
    return fail(
      'invalid-arrangement',
      `The arrangement is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}.`,
    );
  }

  const rng = seedRng(args.seed);
  // Each seat shuffles its own suit, in seat order, so a seed always deals the same hands.
  const decks = arrangement.data.decks ?? args.players.map(() => shuffle(rng, RANKS));
  const startingSeat = arrangement.data.startingSeat ?? nextInt(rng, SEAT_COUNT);
  const seats: SeatState[] = args.players.map((player, i) => {
    const deck = [...(decks[i] ?? [])];
    return {
      id: player.id,
      name: player.name,
      computer: player.computer ?? null,
      members: [...new Set([player.id, ...(player.members ?? [])])],
      hand: deck.splice(0, HAND_SIZE),
      deck,
      scored: [],
    };
  });

  return ok({
    seats,
    negotiationMinutes: options.data.negotiation ?? 0,
    maxRounds: options.data.rounds ?? DEFAULT_MAX_ROUNDS,
    facilitator: args.facilitator ?? null,
    rng,
    seatRng: seats.map((_, i) => seedRng(`${args.seed}|seat|${i}`)),
    round: 1,
    startingSeat,
    mode: 'high', // setup: the black joker starts face up
    modeChosen: false,
    jokerDeadline: false,
    phase: 'negotiation',
    ready: seats.map(() => false),
    turn: 0,
    declarations: emptyDeclarations(),
    history: [],
    promises: [],
    outcome: null,
  });
}
