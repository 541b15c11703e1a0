/**
 * The Trainee (level 1 of 3): a beginner who plays plausibly but sees only the next step. It goes
 * to the scenario with the worst crisis, stands where its colour has an affinity, engages there
 * and rolls as soon as a roll is allowed, whatever the odds; it plays every blue card as soon as
 * it can and fills the circle with every report. It never counts collocation bonuses, never
 * times an engagement to the crisis and never leaves a completed scenario unless it has to.
 */
import { nextInt, type RngState } from '../rng.ts';
import { choices } from './legal.ts';
import {
  affinity,
  isActive,
  moveTargets,
  roleColours,
  room,
  scenarioOf,
  seatRole,
  targetFor,
} from './rules.ts';
import type { ColAction, ColState, Position } from './types.ts';

/** A private copy of the game's generator nudged by the decision, so the game's dice stay put. */
function decisionRng(state: ColState, seat: number): RngState {
  return [
    state.rng[0] ^ Math.imul(state.step + 1, 0x9e3779b9),
    state.rng[1] ^ seat,
    state.rng[2],
    state.rng[3] ^ state.turn,
  ];
}

/** Whether the scenario still wants a report this seat's role can give. */
function wantsMe(state: ColState, seat: number, pos: Position): boolean {
  const me = state.seats[seat];
  if (!me?.role) return false;
  const s = scenarioOf(state, pos.scenario);
  return roleColours(seatRole(me)).some((c) => room(s, c) > 0 && affinity(pos.collector).includes(c));
}

export function traineeMove(state: ColState, seat: number): ColAction | null {
  const c = choices(state, seat);
  const st = state.stage;
  const me = state.seats[seat];
  if (!me) return null;
  if (c.roles.length > 0) return c.roles[0] ?? null;
  if (c.reports.length > 0) return c.reports[0] ?? null;
  if (st.kind === 'drawn') return c.plays[0] ?? { type: 'hold' };
  if (st.kind !== 'act') return null;
  if (c.plays.length > 0) return c.plays[0] ?? null;
  const here = me.at && wantsMe(state, seat, me.at);
  // A die must come up below the response level: at level 1 no roll can report.
  const level = targetFor(state, seat)?.target ?? 0;
  if (here && c.rolls.length > 0 && level > 1) return c.rolls[0] ?? null;
  if (here && c.engages.length > 0) return c.engages[0] ?? null;
  // Head for the worst open crisis that still needs reports, to a space its colour works.
  const open = state.scenarios.filter((s) => isActive(s) && !s.completed).sort((a, b) => b.crisis - a.crisis);
  const moves = moveTargets(state, seat).filter((p) => wantsMe(state, seat, p));
  for (const s of open) {
    const there = moves.filter((p) => p.scenario === s.letter);
    if (there.length > 0) {
      const p = there[nextInt(decisionRng(state, seat), there.length)] as Position;
      return { type: 'move', scenario: p.scenario, collector: p.collector };
    }
  }
  if (c.rolls.length > 0 && level > 1) return c.rolls[0] ?? null;
  return { type: 'end' };
}
