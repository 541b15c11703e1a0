/**
 * What the Senior Analyst does with a turn that has nothing of its own in it: head for work two
 * moves away, stand with a colleague whose roll its presence improves, or (every open scenario
 * complete) stand in the completed scenario whose crisis climbs least.
 */
import { DANGER } from './defence.ts';
import { type Decision } from './decision.ts';
import { isActive, moveTargets, samePlace, scenarioOf, seatRole } from './rules.ts';
import { COLLECTORS, type ColState, type Position, type Scenario } from './types.ts';

export const place = (p: Position): string => `${p.collector} in Scenario ${p.scenario}`;

export const moveTo = (p: Position, why: string): Decision => ({
  action: { type: 'move', scenario: p.scenario, collector: p.collector },
  why,
});

/**
 * Nothing to do anywhere in this scenario (its crisis has not ripened, or its circle needs no
 * colour of ours): head for a space two moves away, in another open scenario, worth working.
 */
export function workElsewhere(
  state: ColState,
  seat: number,
  worth: (state: ColState, seat: number, pos: Position) => number,
): Decision | null {
  const me = state.seats[seat];
  if (!me?.at) return null;
  const at = me.at;
  const here = scenarioOf(state, at.scenario);
  if (COLLECTORS.some((k) => worth(state, seat, { scenario: here.letter, collector: k }) > 0.05)) return null;
  let best: { p: Position; v: number } | null = null;
  for (const s of state.scenarios)
    if (isActive(s) && !s.completed && s.letter !== here.letter)
      for (const k of COLLECTORS) {
        const v = worth(state, seat, { scenario: s.letter, collector: k });
        if (v > 0.05 && (!best || v > best.v)) best = { p: { scenario: s.letter, collector: k }, v };
      }
  if (!best) return null;
  return moveTo(
    { scenario: best.p.scenario, collector: at.collector },
    `nothing in Scenario ${here.letter} can report for it yet: on the way to ${place(best.p)}`,
  );
}

/**
 * With nothing of its own to do, stand with a colleague whose next roll its presence improves:
 * a die where its colour's gems lie, or a step up the response ladder (each role's Together line).
 */
export function support(state: ColState, seat: number): Decision | null {
  const me = state.seats[seat];
  if (!me?.role) return null;
  const bonus = seatRole(me).bonus;
  for (const p of moveTargets(state, seat)) {
    const s = scenarioOf(state, p.scenario);
    if (s.completed || s.crisis >= DANGER) continue;
    const space = s.spaces[p.collector];
    const mate = state.seats.find((o, i) => i !== seat && o.role && samePlace(o.at, p));
    if (!mate || space.coin === null) continue;
    const helps =
      bonus.kind === 'die' ? space.gems[bonus.colour] > 0 : bonus.collectors.includes(p.collector);
    if (helps)
      return moveTo(
        p,
        `standing with the ${seatRole(mate).name} on ${place(p)} gives their next roll ${bonus.kind === 'die' ? 'one more die' : 'one more response level'}`,
      );
  }
  return null;
}

/**
 * Every open scenario is complete and the next waits for its Crisis Expansion: the analysts must
 * stand somewhere, and the red cards that raise the crisis where their drawer stands climb it
 * there, so stand in the completed scenario with the lower crisis (and fewer analysts in it).
 */
export function spread(state: ColState, seat: number, here: Scenario): Decision | null {
  const at = state.seats[seat]?.at;
  if (!at || state.scenarios.some((s) => isActive(s) && !s.completed)) return null;
  const load = (s: Scenario): number =>
    s.crisis + 0.5 * state.seats.filter((o, i) => i !== seat && o.at?.scenario === s.letter).length;
  const to = state.scenarios
    .filter((s) => isActive(s) && s.letter !== here.letter)
    .reduce<Scenario | null>((b, s) => (!b || load(s) < load(b) ? s : b), null);
  if (!to || load(to) + 0.5 >= load(here)) return null;
  return moveTo(
    { scenario: to.letter, collector: at.collector },
    `no scenario needs reports until a Crisis Expansion opens the next one, and the cards that raise the crisis where their drawer stands hit completed Scenario ${to.letter} (crisis ${to.crisis}) less than ${here.letter} (crisis ${here.crisis})`,
  );
}
