/**
 * What each viewer may see. The public view never holds a hand or a face-down card before
 * the reveal; a player's view adds only their own seat's hand and face-down card, and the
 * facilitator's (a host running the table without a seat) every seat's, for their eyes only.
 */
import { FACILITATOR_ACTOR, type Outcome, type PlayerId } from '../contract.ts';
import { sortRanks, suitOf, type Mode, type Rank, type Suit } from './cards.ts';
import { promisesOf, promiseWords, seatNamer } from './promises.ts';
import { declaringSeat } from './rules.ts';
import { declarationOrder, seatIndexOf, type IcgState, type Phase, type RoundRecord } from './state.ts';

export interface SeatView {
  seat: number;
  id: PlayerId;
  name: string;
  suit: Suit;
  computer: string | null;
  handCount: number;
  deckCount: number;
  scored: Rank[];
  ready: boolean;
  /** This round's public claim, once made. */
  claim: Rank | null;
  /** Whether the face-down card is on the table (never which card). */
  placed: boolean;
  /** This round's public promise in words (plain text), once made (R20). */
  promise: string | null;
}

export interface PrivateView {
  seat: number;
  hand: Rank[];
  faceDown: Rank | null;
}

export interface IcgView {
  viewer: PlayerId | null;
  round: number;
  maxRounds: number;
  startingSeat: number;
  mode: Mode;
  modeChosen: boolean;
  /** R19: negotiation is over; only the starting player's choice of High or Low is awaited. */
  jokerDeadline: boolean;
  phase: Phase;
  /** Seats in this round's declaration order. */
  order: number[];
  declaringSeat: number | null;
  waitingFor: PlayerId[];
  negotiationMinutes: number;
  hasFacilitator: boolean;
  seats: SeatView[];
  history: RoundRecord[];
  outcome: Outcome | null;
  /** The viewer's own seat, or null for the public board and for onlookers. */
  me: PrivateView | null;
  /** Every seat's hand and face-down card: only for the facilitator of this table. */
  hands: PrivateView[] | null;
}

/** Who must act now: unready players (and an unturned joker) in negotiation, else one seat. */
export function activePlayers(state: IcgState): PlayerId[] {
  const ids = (seats: number[]): PlayerId[] => seats.flatMap((i) => state.seats[i]?.id ?? []);
  switch (state.phase) {
    case 'negotiation':
      return ids(state.seats.map((_, i) => i).filter((i) => !state.ready[i]));
    case 'declaration': {
      const seat = declaringSeat(state);
      return seat === null ? [] : ids([seat]);
    }
    case 'swap':
      return ids([state.startingSeat]);
    case 'over':
      return [];
  }
}

const privateOf = (state: IcgState, seat: number): PrivateView => ({
  seat,
  hand: sortRanks(state.seats[seat]?.hand ?? []),
  faceDown: state.declarations[seat]?.card ?? null,
});

/** The seat's promise about this round, in words (R20). */
function promiseNow(state: IcgState, seat: number): string | null {
  const made = promisesOf(state).find((p) => p.round === state.round && p.seat === seat);
  return made ? promiseWords(made, seatNamer(state)) : null;
}

export function viewState(state: IcgState, viewer: PlayerId | null): IcgView {
  const seatIndex = viewer === null ? null : seatIndexOf(state, viewer);
  const facilitating =
    viewer !== null &&
    (viewer === FACILITATOR_ACTOR || (state.facilitator !== null && viewer === state.facilitator));
  const mine = seatIndex === null ? undefined : state.seats[seatIndex];
  return {
    viewer,
    round: state.round,
    maxRounds: state.maxRounds,
    startingSeat: state.startingSeat,
    mode: state.mode,
    modeChosen: state.modeChosen,
    jokerDeadline: state.jokerDeadline,
    phase: state.phase,
    order: declarationOrder(state),
    declaringSeat: declaringSeat(state),
    waitingFor: activePlayers(state),
    negotiationMinutes: state.negotiationMinutes,
    hasFacilitator: state.facilitator !== null,
    seats: state.seats.map((s, i) => ({
      seat: i,
      id: s.id,
      name: s.name,
      suit: suitOf(i),
      computer: s.computer,
      handCount: s.hand.length,
      deckCount: s.deck.length,
      scored: [...s.scored],
      ready: state.ready[i] ?? false,
      claim: state.declarations[i]?.claim ?? null,
      placed: (state.declarations[i]?.card ?? null) !== null,
      promise: promiseNow(state, i),
    })),
    history: state.history.map((r) => ({ ...r, plays: r.plays.map((play) => ({ ...play })) })),
    outcome: state.outcome,
    me: seatIndex === null || !mine ? null : privateOf(state, seatIndex),
    hands: facilitating && seatIndex === null ? state.seats.map((_, i) => privateOf(state, i)) : null,
  };
}
