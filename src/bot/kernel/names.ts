/** How the bot names a player in what it writes: one rule for boards, deadlines, reviews and lists. */
import { FACILITATOR_ACTOR, type PlayerId } from '../../games/contract.ts';
import type { SessionSeat } from '../../storage/session.ts';
import { isHuman, literal } from './text.ts';

/**
 * A player as text: the facilitator as such; a computer seat by its name; a human seat as a
 * mention of whoever acts for it now (`'mention'`) or by its name as written (`'name'`, where a
 * mention would notify or mean nothing, as in a review page).
 */
export function playerName(seats: readonly SessionSeat[], player: PlayerId, as: 'mention' | 'name'): string {
  if (player === FACILITATOR_ACTOR) return 'the facilitator';
  const seat = seats.find((s) => s.id === player);
  if (!seat) return as === 'mention' && isHuman(player) ? `<@${player}>` : literal(player);
  if (as === 'name' || seat.computer) return literal(seat.name);
  return `<@${seat.handedTo ?? seat.id}>`;
}
