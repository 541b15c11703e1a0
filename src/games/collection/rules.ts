/**
 * The formulas of COLLECTION as pure functions of the state: who is collocated, how many dice a
 * roll gets, the response level it must beat, what a report may be used for.
 */
import { collectorInfo, roleOf, scenarioCard } from './content/index.ts';
import type { Role } from './content/index.ts';
import {
  COIN_START_CAP,
  COLLECTORS,
  CRISIS_FLOOR,
  DICE_IN_BOX,
  LETTERS,
  RESPONSE_MAX,
  RESPONSE_MIN,
  type Collector,
  type ColState,
  type Colour,
  type Letter,
  type Position,
  type Scenario,
  type SeatState,
  type Space,
} from './types.ts';

export const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n));

export function scenarioOf(state: ColState, letter: Letter): Scenario {
  const s = state.scenarios[LETTERS.indexOf(letter)];
  if (!s) throw new Error(`no scenario ${letter}`);
  return s;
}
export const spaceAt = (state: ColState, at: Position): Space =>
  scenarioOf(state, at.scenario).spaces[at.collector];
export const isActive = (s: Scenario): boolean => s.card !== null;
export const affinity = (c: Collector): readonly Colour[] => collectorInfo(c).affinity;

export function seatRole(seat: SeatState): Role {
  if (!seat.role) throw new Error(`${seat.name} has no role yet`);
  return roleOf(seat.role);
}

/** The gem colours this seat's role may place or roll for (rulebook Annex 1). */
export const roleColours = (role: Role): readonly Colour[] =>
  role.colour ? [role.colour] : (['political', 'military', 'economic'] as const);

/** Coin placement on a first engagement: min(crisis, 3) (rulebook 6.1), never below the ladder. */
export const coinStart = (crisis: number): number =>
  clamp(Math.min(crisis, COIN_START_CAP), RESPONSE_MIN, RESPONSE_MAX);

/** Dice from one's own gems: all of them, or half rounded up for the generalists (Annex 1). */
export const ownDice = (role: Role, gems: number): number => (role.halfDice ? Math.ceil(gems / 2) : gems);

export const samePlace = (a: Position | null, b: Position | null): boolean =>
  a !== null && b !== null && a.scenario === b.scenario && a.collector === b.collector;

/** Other analysts on the same collector space of the same scenario (ruling R6). */
export function collocated(state: ColState, seat: number): SeatState[] {
  const me = state.seats[seat];
  if (!me?.at) return [];
  return state.seats.filter((s, i) => i !== seat && s.role !== null && samePlace(s.at, me.at));
}

export interface DiceCount {
  own: number;
  bonus: number;
  extra: number;
  total: number;
  /** Short names of the roles whose collocation adds a die. */
  from: string[];
}

/** Dice for a roll of `colour` where the seat stands (rulebook 6.2, Annex 1, ruling R6). */
export function diceFor(state: ColState, seat: number, colour: Colour, extra = 0): DiceCount {
  const me = state.seats[seat];
  if (!me?.at) return { own: 0, bonus: 0, extra, total: extra, from: [] };
  const space = spaceAt(state, me.at);
  const own = ownDice(seatRole(me), space.gems[colour]);
  const from: string[] = [];
  for (const other of collocated(state, seat)) {
    const b = seatRole(other).bonus;
    if (b.kind === 'die' && space.gems[b.colour] > 0) from.push(seatRole(other).short);
  }
  // However many gems, bonuses and cards add up, a roll is made with the box's ten dice (R23).
  return { own, bonus: from.length, extra, total: Math.min(DICE_IN_BOX, own + from.length + extra), from };
}

export interface TargetLevel {
  base: number;
  bonus: number;
  target: number;
  from: string[];
}

/** The response level a die must be below, with collocation bonuses (capped at 10, R6). */
export function targetFor(state: ColState, seat: number): TargetLevel | null {
  const me = state.seats[seat];
  if (!me?.at) return null;
  const coin = spaceAt(state, me.at).coin;
  if (coin === null) return null;
  const from: string[] = [];
  for (const other of collocated(state, seat)) {
    const b = seatRole(other).bonus;
    if (b.kind === 'response' && b.collectors.includes(me.at.collector)) from.push(seatRole(other).short);
  }
  return { base: coin, bonus: from.length, target: Math.min(RESPONSE_MAX, coin + from.length), from };
}

/** A die succeeds below the target; a 0 counts as 10 and always fails (rulebook 6.2). */
export const dieSucceeds = (face: number, target: number): boolean => face !== 10 && face < target;

export function needs(s: Scenario): Record<Colour, number> {
  if (!s.card) return { political: 0, military: 0, economic: 0 };
  return scenarioCard(s.card).needs;
}

/** Room left in the reports circle for `colour` (ruling R15). */
export const room = (s: Scenario, colour: Colour): number =>
  Math.max(0, needs(s)[colour] - s.reports[colour]);
export const filled = (s: Scenario): boolean =>
  isActive(s) && (['political', 'military', 'economic'] as const).every((c) => room(s, c) === 0);

/** Reports lower a crisis by one only down to four (rulebook 6.3): so only from five up. */
export const canLowerCrisis = (crisis: number): boolean => crisis > CRISIS_FLOOR;

export interface ReportUses {
  fill: boolean;
  lower: boolean;
}

/** How this seat could use a `colour` report in scenario `letter` (rulebook 6.3, Annex 1). */
export function reportUses(state: ColState, seat: number, letter: Letter, colour: Colour): ReportUses {
  const me = state.seats[seat];
  const s = scenarioOf(state, letter);
  const role = me ? seatRole(me) : null;
  return { fill: room(s, colour) > 0, lower: (role?.canLower ?? false) && canLowerCrisis(s.crisis) };
}

/** Every space one Move away (rulebook 6: same scenario, or same collector elsewhere; R2, R3). */
export function moveTargets(state: ColState, seat: number): Position[] {
  const me = state.seats[seat];
  const active = state.scenarios.filter(isActive).map((s) => s.letter);
  const all = active.flatMap((scenario) => COLLECTORS.map((collector) => ({ scenario, collector })));
  if (!me?.at) return all;
  const at = me.at;
  return all.filter((p) => !samePlace(p, at) && (p.scenario === at.scenario || p.collector === at.collector));
}
