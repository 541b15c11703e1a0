/**
 * How a computer analyst weighs the board: the chance a roll reports, what a report or a space is
 * worth to a seat, the best roll on offer and whether a blue card is worth playing now. Shared by
 * the levels (computer.ts); pure.
 */
import { cardOf, type CollectionCard } from './content/index.ts';
import { choices } from './legal.ts';
import {
  affinity,
  coinStart,
  diceFor,
  ownDice,
  roleColours,
  room,
  scenarioOf,
  seatRole,
  targetFor,
} from './rules.ts';
import { type ColAction, type ColState, type Colour, type Position } from './types.ts';

/**
 * Chance that at least one of `dice` d10 is below `target` (0 counts as 10). Rounded, so that one
 * die against a coin at three is 0.2 and not 0.19999999999999996: thresholds compare exact tenths.
 */
export const successChance = (dice: number, target: number): number =>
  dice <= 0 ? 0 : Math.round(1e9 * (1 - Math.pow(1 - Math.max(0, Math.min(9, target - 1)) / 10, dice))) / 1e9;

/** What a report of a colour at a position is worth to a seat (each level has its own). */
export type ReportValuer = (state: ColState, seat: number, pos: Position, colour: Colour) => number;

/** How much a report of `colour` in scenario `letter` is worth now to this seat. */
export function reportValue(state: ColState, seat: number, pos: Position, colour: Colour): number {
  const s = scenarioOf(state, pos.scenario);
  const me = state.seats[seat];
  if (!me?.role) return 0;
  const fill = room(s, colour) > 0 ? 1 + s.crisis / 10 : 0;
  const lower = seatRole(me).canLower && s.crisis > 4 ? (s.crisis - 4) / 2.5 : 0;
  return Math.max(fill, lower);
}

/** What standing at `pos` is worth to `seat`: the best report it could work towards there. */
export function spaceValue(
  state: ColState,
  seat: number,
  pos: Position,
  value: ReportValuer = reportValue,
): number {
  const me = state.seats[seat];
  if (!me?.role) return 0;
  const role = seatRole(me);
  const s = scenarioOf(state, pos.scenario);
  const space = s.spaces[pos.collector];
  const others = state.seats.filter(
    (o, i) => i !== seat && o.role && o.at?.scenario === pos.scenario && o.at.collector === pos.collector,
  );
  const levelBonus = others.filter((o) => {
    const b = seatRole(o).bonus;
    return b.kind === 'response' && b.collectors.includes(pos.collector);
  }).length;
  const level = Math.min(10, (space.coin ?? coinStart(s.crisis)) + levelBonus);
  let best = 0;
  for (const c of roleColours(role)) {
    if (!affinity(pos.collector).includes(c)) continue;
    const v = value(state, seat, pos, c);
    if (v === 0) continue;
    const dice = Math.max(1, ownDice(role, space.gems[c]) + 1);
    best = Math.max(best, v * successChance(Math.min(dice, 5), level) + 0.05 * others.length);
  }
  return best;
}

export function bestRoll(
  state: ColState,
  seat: number,
  c = choices(state, seat),
  value: ReportValuer = reportValue,
): { action: ColAction; p: number; v: number } | null {
  const me = state.seats[seat];
  const st = state.stage;
  if (!me?.at || st.kind !== 'act') return null;
  const target = targetFor(state, seat);
  let best: { action: ColAction; p: number; v: number } | null = null;
  for (const a of c.rolls) {
    if (a.type !== 'roll') continue;
    const colour = a.colour ?? seatRole(me).colour;
    if (!colour || !target) continue;
    const p = successChance(diceFor(state, seat, colour, st.extraDice).total, target.target);
    const v = value(state, seat, me.at, colour);
    if (!best || p * v > best.p * best.v) best = { action: a, p, v };
  }
  return best;
}

/** Whether a blue card is worth playing now, for the careful analyst. */
export function worthPlaying(state: ColState, seat: number, card: CollectionCard, drawn: boolean): boolean {
  const me = state.seats[seat];
  const st = state.stage;
  const here = me?.at ? scenarioOf(state, me.at.scenario) : null;
  for (const e of card.effects) {
    switch (e.type) {
      case 'actions':
        return !drawn;
      case 'dice':
        return (
          !drawn &&
          st.kind === 'act' &&
          (bestRoll(state, seat)?.p ?? 1) < 0.75 &&
          bestRoll(state, seat) !== null
        );
      case 'crisis':
        return e.delta < 0 && here !== null && here.crisis >= 6;
      case 'report':
        return here !== null && !here.completed;
      case 'gems':
        return here !== null && !here.completed && me?.at != null && spaceValue(state, seat, me.at) > 0.2;
      case 'response': {
        if (!here || here.completed || !me?.at) return false;
        const at = me.at;
        const hit = e.collector === 'here' ? [at.collector] : e.collector === 'all' ? null : [e.collector];
        if (hit === null)
          return Object.values(here.spaces).filter((x) => x.coin !== null && x.coin < 8).length >= 2;
        return hit.some((c) => {
          const coin = here.spaces[c].coin;
          return coin !== null && coin <= 7 && (c !== at.collector || spaceValue(state, seat, at) > 0.1);
        });
      }
      case 'expand':
        return false;
    }
  }
  return false;
}

/** The most a held blue card would raise this collector's coin (Source Recruited, Demarche…). */
export function heldBoost(state: ColState, seat: number, pos: Position): number {
  let best = 0;
  for (const card of state.seats[seat]?.held ?? [])
    for (const e of cardOf(card).effects)
      if (e.type === 'response' && e.delta > 0 && (e.collector === 'here' || e.collector === pos.collector))
        best = Math.max(best, e.delta);
  return best;
}
