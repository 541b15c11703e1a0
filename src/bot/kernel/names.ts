/** How the bot names a player in what it writes: one rule for boards, deadlines, reviews and lists. */
import { FACILITATOR_ACTOR, type PlayerId } from '../../games/contract.ts';
import { holdersOf, type SessionSeat } from '../../storage/session.ts';
import { isHuman, literal } from './text.ts';

/**
 * A player as text: the facilitator as such; a computer seat by its name; a human seat (or a team
 * member's place) as a mention of whoever holds it now (`'mention'`) or by its name as written
 * (`'name'`, where a mention would notify or mean nothing, as in a review page).
 */
export function playerName(seats: readonly SessionSeat[], player: PlayerId, as: 'mention' | 'name'): string {
  if (player === FACILITATOR_ACTOR) return 'the facilitator';
  const seat = seats.find((s) => s.id === player);
  if (seat && (as === 'name' || seat.computer)) return literal(seat.name);
  const holders = as === 'mention' ? holdersOf(seats, player).filter(isHuman) : [];
  if (holders.length) return holders.map((u) => `<@${u}>`).join(' + ');
  return literal(seat?.name ?? player);
}

/** The users to ping for these game ids: whoever holds each now, never a computer nor its seat's owner. */
export function usersToPing(seats: readonly SessionSeat[], players: readonly PlayerId[]): string[] {
  return [...new Set(players.flatMap((p) => holdersOf(seats, p)).filter(isHuman))];
}
