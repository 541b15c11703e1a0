/**
 * Who a rematch seats (issue #27). The people who played their seats themselves to the end are
 * seated again, and the computers chosen in the lobby; nobody else is re-seated without asking.
 * When everyone played, the rematch is dealt at once; when someone did not (a computer was keeping
 * their seat warm, they never moved, or the host removed them), it opens as a lobby with the
 * others seated, and those who were away are asked to press Join (a removed player is not).
 */
import { seatUsers, type Session } from '../../storage/session.ts';
import { isHuman } from '../kernel/text.ts';

export interface RematchSeats {
  /** The seats of the next game, as the lobby holds them. */
  seats: Session['seats'];
  /** Users asked to press Join: they held a seat but did not play it themselves. */
  invited: string[];
  /** Whether every seat is filled as before: the rematch is then dealt at once. */
  complete: boolean;
}

/** Whether a person played this seat themselves, to the end (a game from before: they hold it). */
function playedItThemselves(session: Session, seat: Session['seats'][number]): boolean {
  if (seat.computer) return false;
  const playedBy = session.tableClock?.playedBy;
  if (!playedBy) return true;
  return playedBy[seat.id]?.includes('self') ?? false;
}

export function rematchSeats(session: Session): RematchSeats {
  const standIns = session.tableClock?.standIns ?? {};
  const seats: Session['seats'] = [];
  const invited: string[] = [];
  for (const s of session.seats) {
    const { handedTo, ...seat } = s;
    if (s.computer && standIns[s.id] === undefined) seats.push(seat);
    else if (playedItThemselves(session, s))
      seats.push(handedTo ? { ...seat, id: handedTo, members: [handedTo] } : seat);
    else if (standIns[s.id] !== 'removed') invited.push(...seatUsers(s).filter(isHuman));
  }
  return { seats, invited, complete: seats.length === session.seats.length };
}
