/**
 * The Analyst (level 2 of 3, the default): plans like a good table. It works the spaces where its
 * colour is needed and the collector answers best, engages until a roll is likely, keeps blue
 * cards for the right moment and lowers crises that get close to ten. It does not look beyond
 * the space it stands on: a completed scenario it stands in is not its business any more.
 */
import { cardOf } from './content/index.ts';
import { bestRoll, reportValue, spaceValue, worthPlaying } from './judgement.ts';
import { choices, engageColours } from './legal.ts';
import { isActive, moveTargets, room, scenarioOf } from './rules.ts';
import { type ColAction, type ColState, type Position } from './types.ts';

export function analystMove(state: ColState, seat: number): ColAction | null {
  const c = choices(state, seat);
  const st = state.stage;
  const me = state.seats[seat];
  if (!me) return null;
  if (c.roles.length > 0) return c.roles[0] ?? null;
  if (st.kind === 'report') {
    const s = scenarioOf(state, st.scenario);
    const lower = c.reports.some((a) => a.type === 'report' && a.use === 'lower');
    return { type: 'report', use: lower && s.crisis >= 8 && room(s, st.colour) > 1 ? 'lower' : 'fill' };
  }
  if (st.kind === 'drawn')
    return worthPlaying(state, seat, cardOf(st.card), true)
      ? { type: 'play', card: st.card }
      : { type: 'hold' };
  if (st.kind !== 'act') return null;
  for (const card of me.held)
    if (worthPlaying(state, seat, cardOf(card), false)) return { type: 'play', card };

  const roll = bestRoll(state, seat, c);
  const hereValue = me.at ? spaceValue(state, seat, me.at) : 0;
  if (roll && roll.v > 0 && (roll.p >= 0.55 || (roll.p >= 0.3 && st.actionsLeft === 1))) return roll.action;
  // Engage where we stand if this is (nearly) the best place to be.
  const moves = moveTargets(state, seat);
  const scored = moves.map((p) => ({ p, v: spaceValue(state, seat, p) }));
  const bestMove = scored.reduce<{ p: Position; v: number } | null>(
    (b, x) => (!b || x.v > b.v ? x : b),
    null,
  );
  const engages = engageColours(state, seat);
  if (me.at && engages.length > 0 && hereValue > 0 && hereValue >= (bestMove?.v ?? 0) * 0.8) {
    const colour = [...engages].sort(
      (a, b) => reportValue(state, seat, me.at!, b) - reportValue(state, seat, me.at!, a),
    )[0];
    const action = c.engages.find(
      (a) => a.type === 'engage' && (a.colour === undefined || a.colour === colour),
    );
    if (action) return action;
  }
  if (roll && roll.v > 0 && roll.p > 0.15) return roll.action;
  if (bestMove && bestMove.v > 0)
    return { type: 'move', scenario: bestMove.p.scenario, collector: bestMove.p.collector };
  // Nothing useful one step away: head for the worst crisis.
  const worst = state.scenarios.filter(isActive).sort((a, b) => b.crisis - a.crisis)[0];
  const toward = moves.find((p) => p.scenario === worst?.letter);
  if (toward && me.at?.scenario !== worst?.letter)
    return { type: 'move', scenario: toward.scenario, collector: toward.collector };
  return { type: 'end' };
}
