/**
 * The COLLECTION tutorial's own Hint for an analyst of one colour who has nothing to roll yet
 * (the walk-through of issue #28 found the strategy's first move sent the Political Analyst to DH,
 * which takes no blue gems, then said End turn). What the rulebook makes a good start: stand on a
 * collector that takes your colour, in a scenario that needs it (2, Engagement: "A player must
 * be located on a collector space in order to place an ENGAGEMENT GEM there"), then Engage there,
 * since a roll has one die per gem of your colour (6.2). Once a gem of your colour lies where you
 * stand, the computer strategy's move is the hint again.
 */
import { GEM } from '../collection/board.ts';
import { choices } from '../collection/legal.ts';
import { affinity, isActive, room, scenarioOf, seatRole, spaceAt } from '../collection/rules.ts';
import type { ColAction, ColState, Colour, Position } from '../collection/types.ts';
import type { AnyAction, PlayerId } from '../contract.ts';

const colours = (p: Position): string =>
  `${p.collector} (${affinity(p.collector)
    .map((c) => GEM[c])
    .join('')})`;

/** A space that takes `colour` in an open scenario whose circle still has room for it. */
function usable(state: ColState, p: Position, colour: Colour): boolean {
  const s = scenarioOf(state, p.scenario);
  return isActive(s) && !s.completed && room(s, colour) > 0 && affinity(p.collector).includes(colour);
}

/** The best such space: the worst crisis first, then the most gems of the colour (more dice). */
function bestMove(state: ColState, moves: ColAction[], colour: Colour): Position | null {
  const spaces = moves.flatMap((m) =>
    m.type === 'move' ? [{ scenario: m.scenario, collector: m.collector }] : [],
  );
  const score = (p: Position): number =>
    scenarioOf(state, p.scenario).crisis * 100 + spaceAt(state, p).gems[colour];
  return (
    spaces
      .filter((p) => usable(state, p, colour))
      .reduce<Position | null>((best, p) => (!best || score(p) > score(best) ? p : best), null) ?? null
  );
}

export function adviseCollection(
  state: ColState,
  player: PlayerId,
): { action: AnyAction; why: string } | null {
  const seat = state.seats.findIndex((s) => s.id === player);
  const me = state.seats[seat];
  if (state.stage.kind !== 'act' || state.stage.seat !== seat || !me?.role) return null;
  const colour = seatRole(me).colour;
  // The generalists place and roll every colour; the strategy's move suits them.
  if (!colour) return null;
  const gem = GEM[colour];
  const c = choices(state, seat);
  if (me.at && usable(state, me.at, colour)) {
    if (spaceAt(state, me.at).gems[colour] > 0) return null;
    const engage = c.engages[0];
    if (!engage) return null;
    return {
      action: engage,
      why: `A roll gets one die per ${gem} gem on the collector where you stand (rulebook 6.2), and ${me.at.collector} has none yet: Engage places one. The first gem also puts ${me.at.collector}’s coin on the response ladder, at the crisis level or 3, whichever is lower (6.1); a die below that level is a report.`,
    };
  }
  const to = bestMove(state, c.moves, colour);
  if (!to) return null;
  const action = c.moves.find(
    (m) => m.type === 'move' && m.scenario === to.scenario && m.collector === to.collector,
  );
  if (!action) return null;
  const here = me.at
    ? ` ${colours(me.at)}, where you stand, does not take ${gem}, or its scenario needs no more.`
    : '';
  return {
    action,
    why: `You can place a gem only where you stand, and only on a collector that takes your colour (rulebook 2 and 6): ${colours(to)} takes ${gem}, and Scenario ${to.scenario} still needs ${gem} reports.${here} Move there, then Engage with your second action: rolling needs gems there first (6.2).`,
  };
}
