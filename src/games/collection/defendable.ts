/**
 * Whether a completed scenario could still be defended (issue #30's aim for the best level): the
 * tournament counts a completed scenario lost at ten against the computers only if, at some turn
 * while it stood at five or more (where a report can lower it), some seat could have brought it
 * down within two turns of its own. That is: it held a card that lowers the scenario, or its role
 * can lower and one of its colours works a collector there whose coin is above one, not yet
 * placed (engaging places it at three: move in and across, then engage and roll), or raised above
 * one by a card the seat holds. A scenario every coin of which sits at one, with no such card in
 * any hand, cannot be lowered by anyone and its loss is not counted against the defence.
 */
import { cardOf } from './content/index.ts';
import { affinity, canLowerCrisis, isActive, roleColours, seatRole } from './rules.ts';
import { COLLECTORS, RESPONSE_MIN, type ColState, type Scenario, type SeatState } from './types.ts';

/** Whether one of the seat's held cards lowers scenario `s` when played (ruling R10's targets). */
function holdsLowering(state: ColState, seat: SeatState, s: Scenario): boolean {
  const worst = state.scenarios
    .filter(isActive)
    .reduce<Scenario | null>((b, x) => (b === null || x.crisis > b.crisis ? x : b), null);
  return seat.held.some((id) =>
    cardOf(id).effects.some(
      (e) =>
        e.type === 'crisis' &&
        e.delta < 0 &&
        (e.target === 'here' ||
          e.target === 'all' ||
          e.target === s.letter ||
          (e.target === 'highest' && worst?.letter === s.letter)),
    ),
  );
}

/** The most the seat's held cards would raise collector `k`'s coin, standing on it. */
function raise(seat: SeatState, k: (typeof COLLECTORS)[number]): number {
  let best = 0;
  for (const id of seat.held)
    for (const e of cardOf(id).effects)
      if (
        e.type === 'response' &&
        e.delta > 0 &&
        (e.collector === 'here' || e.collector === 'all' || e.collector === k)
      )
        best = Math.max(best, e.delta);
  return best;
}

/** Whether this seat could lower completed scenario `s` within two of its turns. */
function canReach(state: ColState, seat: SeatState, s: Scenario): boolean {
  if (!seat.role) return false;
  if (holdsLowering(state, seat, s)) return true;
  const role = seatRole(seat);
  if (!role.canLower) return false;
  const colours = roleColours(role);
  return COLLECTORS.some((k) => {
    if (!affinity(k).some((c) => colours.includes(c))) return false;
    const coin = s.spaces[k].coin;
    return coin === null || coin + raise(seat, k) > RESPONSE_MIN;
  });
}

/** The completed scenarios at five or more that some seat could still lower (see above). */
export function defendable(state: ColState): Scenario[] {
  return state.scenarios.filter(
    (s) =>
      isActive(s) &&
      s.completed &&
      canLowerCrisis(s.crisis) &&
      state.seats.some((seat) => canReach(state, seat, s)),
  );
}
