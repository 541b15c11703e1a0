/**
 * Who played each seat (issue #27): a result belongs to the person who played the seat, so the
 * table clock keeps, per seat, whether its holder, a default or a computer standing in made its
 * moves. Noted on every save from the moves it adds (the record's recent moves hold every move
 * since the save before), so nothing is read back from the stored history.
 */
import type { Session } from '../../storage/session.ts';
import { seatUsers } from '../../storage/session.ts';
import type { TableClock } from '../../storage/table-clock.ts';
import { DEFAULT_MARK } from './pace.ts';

export type PlayedBy = NonNullable<TableClock['playedBy']>;
type Hand = PlayedBy[string][number];

/**
 * The table clock with the moves of this save noted against their seats. A game begun before
 * this was kept (no `playedBy`) notes nothing: it would miss the moves made before.
 */
export function notePlayedBy(session: Session): Session {
  const tc = session.tableClock;
  if (!tc?.playedBy || session.status === 'lobby') return session;
  const playedBy: PlayedBy = { ...tc.playedBy };
  /** Notes one hand on a seat; whether it was new. */
  const note = (seat: string, hand: Hand): boolean => {
    const hands = playedBy[seat] ?? [];
    if (hands.includes(hand)) return false;
    playedBy[seat] = [...hands, hand];
    return true;
  };
  let changed = false;
  for (const entry of session.history.recent) {
    const seat = session.seats.find((s) => s.id === entry.actor || seatUsers(s).includes(entry.actor));
    // A computer seat chosen in the lobby is nobody's; only a person's seat can be stood in for.
    if (!seat || (seat.computer && tc.standIns[seat.id] === undefined)) continue;
    const hand = entry.announce[0] === DEFAULT_MARK ? 'default' : seat.computer ? 'computer' : 'self';
    changed = note(seat.id, hand) || changed;
  }
  // A computer put in a seat that has not moved yet already plays it.
  for (const seat of session.seats)
    if (seat.computer && tc.standIns[seat.id]) changed = note(seat.id, 'computer') || changed;
  return changed ? { ...session, tableClock: { ...tc, playedBy } } : session;
}
