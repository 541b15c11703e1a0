/** Who holds seats where: the index `/game mine` reads, kept in step by every save. */
import { seatUsers, type Session } from '../../storage/session.ts';

/**
 * Users holding a seat in a lobby or game in progress (a seat a computer keeps warm stays its
 * owner's), and the host of a facilitated table, who owes votes without a seat; nobody once it
 * has ended.
 */
export function seatIndexUsers(session: Session): string[] {
  if (session.status === 'ended') return [];
  const seated = session.seats
    .filter((s) => !s.computer || session.tableClock?.standIns[s.id] === 'away')
    .flatMap(seatUsers);
  return [...new Set([...seated, ...(session.facilitator ? [session.host] : [])])];
}
