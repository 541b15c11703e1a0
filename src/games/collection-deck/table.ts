/**
 * Who is who at the table: resolving a user (or a team member) to a seat, turn order, and
 * the bookkeeping of a fresh turn.
 */
import { FACILITATOR_ACTOR } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { isTechnique } from './cardset.ts';
import type { CdState, TurnState } from './types.ts';
import { ownSeat } from './working.ts';
import { literal } from '../text.ts';

/** The seat a user acts for: the seat's own id or one of its team members. */
export function seatIndexOf(s: CdState, user: string | null): number | null {
  if (user === null) return null;
  const i = s.seats.findIndex((seat) => seat.id === user || seat.members.includes(user));
  return i < 0 ? null : i;
}

export const isFacilitator = (s: CdState, actor: string): boolean =>
  actor === FACILITATOR_ACTOR || (s.facilitator !== null && actor === s.facilitator);

export const nextSeat = (s: CdState, seat: number): number => (seat + 1) % s.seats.length;

/** The other seats, starting from the one to the left of `seat` (the next in turn order). */
export function opponentsInOrder(s: CdState, seat: number): number[] {
  const out: number[] = [];
  for (let i = nextSeat(s, seat); i !== seat; i = nextSeat(s, i)) out.push(i);
  return out;
}

export function freshTurn(seat: number): TurnState {
  return {
    seat,
    crisis: null,
    stage: 'build',
    draftCards: [],
    plays: [],
    disruptions: 0,
    passed: [],
    nextDisruptor: null,
    passStreak: 0,
    challenges: [],
    afterChallenges: 'disrupt',
  };
}

export const techniqueCount = (cards: CardIndex, hand: readonly string[]): number =>
  hand.filter((c) => isTechnique(cards, c)).length;

/** Collect It All: a hand of one or two techniques (ruling R11: or none) may be thrown back. */
export function updateMulliganEligibility(cards: CardIndex, s: CdState): void {
  s.seats.forEach((current, i) => {
    const eligible =
      s.edition === 'collect-it-all' && current.hand.length > 0 && techniqueCount(cards, current.hand) <= 2;
    if (!current.actedThisRound && current.mulliganEligible === eligible) return;
    const seat = ownSeat(s, i);
    if (!seat) return;
    seat.actedThisRound = false;
    seat.mulliganEligible = eligible;
  });
}

/** A seat's name for Markdown (announcements, the outcome): it reads as written. */
export const seatLabel = (s: CdState, seat: number): string =>
  literal(s.seats[seat]?.name ?? `seat ${seat + 1}`);
