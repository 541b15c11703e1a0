/** Who holds seats where: the index `/game mine` reads, kept in step by every save. */
import { seatUsers, type Session } from '../../storage/session.ts';

/** Users holding a seat in a lobby or game in progress; nobody once it has ended. */
export function seatIndexUsers(session: Session): string[] {
  if (session.status === 'ended') return [];
  return session.seats
    .filter((s) => !s.computer || session.tableClock?.standIns[s.id] === 'away')
    .flatMap(seatUsers);
}
