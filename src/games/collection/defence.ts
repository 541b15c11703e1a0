/**
 * The Senior Analyst's defence of completed scenarios. A completed scenario's circle stays full,
 * but its crisis still counts: red cards raise it where their drawer stands, Crisis Expansion
 * cards name it, and "the worst crisis" cards find it once it is the highest. When it climbs, a
 * seat that can lower it walks in, lowers it (a report, or a crisis card played there) and, with
 * an action left, walks out again so the turn does not end there.
 */
import { cardOf } from './content/index.ts';
import { type Decision } from './decision.ts';
import { heldBoost, successChance } from './judgement.ts';
import {
  affinity,
  coinStart,
  diceFor,
  isActive,
  ownDice,
  roleColours,
  seatRole,
  targetFor,
} from './rules.ts';
import {
  COLLECTORS,
  RESPONSE_MAX,
  type Collector,
  type ColState,
  type Letter,
  type Position,
  type Scenario,
} from './types.ts';

/** A crisis this high is defended before anything else: one card can end the game. */
export const DANGER = 8;
/** From this crisis a completed scenario is defended when it is the worst one. */
export const DEFEND_FROM = 5;
/** From this crisis it is defended whatever the others stand at. */
const DEFEND_ALWAYS = DANGER;
/** A seat with nothing better to do goes to guard where a gem and a roll lower it this often. */
const GUARD_CHANCE = 0.3;
/** What a one-move door into a threatened completed scenario adds to a space, per unit of chance. */
const DOOR = 1;

/** The completed scenario most in need of lowering, if any. */
export function threatened(state: ColState): Scenario | null {
  const active = state.scenarios.filter(isActive);
  let worst: Scenario | null = null;
  for (const s of active) {
    if (!s.completed || s.crisis < DEFEND_FROM) continue;
    const highest = active.every((o) => o.crisis <= s.crisis);
    if ((highest || s.crisis >= DEFEND_ALWAYS) && (!worst || s.crisis > worst.crisis)) worst = s;
  }
  return worst;
}

/** The scenario a "worst crisis" card would hit (ties go to A, then B: ruling R10). */
function worst(state: ColState, letter: Letter, delta: number): Scenario | null {
  let top: Scenario | null = null;
  let topCrisis = -1;
  for (const s of state.scenarios.filter(isActive)) {
    const crisis = s.crisis + (s.letter === letter ? delta : 0);
    if (crisis > topCrisis) [top, topCrisis] = [s, crisis];
  }
  return top;
}

/**
 * Whether lowering open scenario `s` would leave a completed one as the worst crisis: "worst
 * crisis" cards would then climb a scenario nobody works any more, so the open one shields it.
 */
export function exposes(state: ColState, s: Scenario): boolean {
  if (s.completed) return false;
  const after = worst(state, s.letter, -1);
  return after !== null && after.completed && after.crisis >= 4 && worst(state, s.letter, 0) !== after;
}

/** The chance a lowering roll reports if this seat stood at `pos` (its best colour there). */
export function chanceAt(state: ColState, seat: number, pos: Position): number {
  const me = state.seats[seat];
  if (!me?.role) return 0;
  const moved: ColState = {
    ...state,
    seats: state.seats.map((s, i) => (i === seat ? { ...s, at: pos } : s)),
  };
  const target = targetFor(moved, seat);
  if (!target) return 0;
  // A held card that raises this collector's coin is played on arrival (senior.ts).
  const boost = Math.max(
    0,
    ...me.held.flatMap((card) =>
      cardOf(card).effects.map((e) =>
        e.type === 'response' && e.delta > 0 && (e.collector === 'here' || e.collector === pos.collector)
          ? e.delta
          : 0,
      ),
    ),
  );
  const level = Math.min(10, target.target + boost);
  const extra = state.stage.kind === 'act' ? state.stage.extraDice : 0;
  return Math.max(
    0,
    ...roleColours(seatRole(me)).map((c) =>
      diceFor(moved, seat, c, extra).own > 0 || extra > 0
        ? successChance(diceFor(moved, seat, c, extra).total, level)
        : 0,
    ),
  );
}

/** A defender's post in a completed scenario: the collector and its chance after one more gem. */
export interface Post {
  collector: Collector;
  p: number;
}

/**
 * Where in completed scenario `d` this seat's lowering roll would be likeliest once it has put one
 * more gem there: a coin already placed (a held card raising it counts), or an unengaged collector
 * (a first gem places the coin at three). A coin at one never reports: after completion (every
 * coin down three) that is most of them, so the post is seldom where the defender walks in.
 */
export function defencePost(state: ColState, seat: number, d: Scenario, only?: Collector): Post | null {
  const me = state.seats[seat];
  if (!me?.role || !seatRole(me).canLower) return null;
  const role = seatRole(me);
  let best: Post | null = null;
  for (const k of only ? [only] : COLLECTORS) {
    const space = d.spaces[k];
    const coin = space.coin ?? coinStart(d.crisis);
    const level = Math.min(RESPONSE_MAX, coin + heldBoost(state, seat, { scenario: d.letter, collector: k }));
    for (const c of roleColours(role).filter((x) => affinity(k).includes(x))) {
      const p = successChance(ownDice(role, space.gems[c] + 1), level);
      // Ties go to the collector it stands on, then the one it can walk in to.
      const near = k === me.at?.collector;
      if (p > 0 && (!best || p > best.p + 1e-9 || (Math.abs(p - best.p) < 1e-9 && near)))
        best = { collector: k, p };
    }
  }
  return best;
}

const lowersHere = (card: string): boolean =>
  cardOf(card).effects.some((e) => e.type === 'crisis' && e.target === 'here' && e.delta < 0);

/** A move into a threatened completed scenario, when this seat can lower it this turn. */
export function defend(state: ColState, seat: number): Decision | null {
  const me = state.seats[seat];
  const st = state.stage;
  const d = threatened(state);
  if (!d || !me?.role || st.kind !== 'act' || st.actionsLeft < 2) return null;
  if (me.at?.scenario === d.letter) return null;
  const into: Position = { scenario: d.letter, collector: me.at?.collector ?? 'DO' };
  const card = me.held.find(lowersHere);
  if (card)
    return {
      action: { type: 'move', ...into },
      why: `completed Scenario ${d.letter} is at crisis ${d.crisis}: walk in to play ${cardOf(card).name} there, then walk out`,
    };
  if (!seatRole(me).canLower) return null;
  // Two defenders are enough below the danger line; the rest keep working open scenarios.
  const there = state.seats.filter(
    (s) => s.role && s.at?.scenario === d.letter && seatRole(s).canLower,
  ).length;
  if (there >= (d.crisis >= DEFEND_ALWAYS ? 3 : 2)) return null;
  const p = chanceAt(state, seat, into);
  if (p < (d.crisis >= DEFEND_ALWAYS ? 0.1 : 0.2)) return null;
  return {
    action: { type: 'move', ...into },
    why: `completed Scenario ${d.letter} is at crisis ${d.crisis}, the worst on the table: from ${into.collector} a report lowers it ${Math.round(p * 100)}% of the time`,
  };
}

/** With nothing better to do this turn, a seat goes to stay in a threatened completed scenario. */
export function guard(state: ColState, seat: number): Decision | null {
  const me = state.seats[seat];
  const d = threatened(state);
  if (!d || !me?.role || me.at?.scenario === d.letter) return null;
  const post = defencePost(state, seat, d);
  if (!post || post.p < GUARD_CHANCE) return null;
  // One guard at a time: every analyst in it draws cards that raise the crisis where they stand.
  if (state.seats.some((s) => s.at?.scenario === d.letter)) return null;
  const to: Position = me.at
    ? { scenario: d.letter, collector: me.at.collector }
    : { scenario: d.letter, collector: post.collector };
  return {
    action: { type: 'move', ...to },
    why: `no open scenario has a report in reach for it this turn and completed Scenario ${d.letter} is at crisis ${d.crisis}, the worst on the table: going to ${post.collector} there, where a gem and a roll lower it ${Math.round(post.p * 100)}% of the time`,
  };
}

/**
 * Standing in an open scenario on a collector whose twin in a threatened completed scenario this
 * seat could roll from at once (its coin above one, gems of its colour there) keeps a one-move
 * door into the defence: walk in and roll in one turn, without a turn ending inside to settle in.
 * Worth DOOR per unit of that roll's chance, added to the space's own worth.
 */
export function doorTo(state: ColState, seat: number, pos: Position): number {
  const me = state.seats[seat];
  const d = threatened(state);
  if (!d || d.letter === pos.scenario || !me?.role || !seatRole(me).canLower) return 0;
  return DOOR * chanceAt(state, seat, { scenario: d.letter, collector: pos.collector });
}

/** A move's reason, naming the door into a threatened completed scenario when it counted. */
export function doorWhy(state: ColState, seat: number, p: Position, why: string): string {
  const door = doorTo(state, seat, p) / DOOR;
  const d = threatened(state);
  if (door <= 0 || !d) return why;
  return `${why}, and from there it can walk into completed Scenario ${d.letter} (crisis ${d.crisis}) and roll at once: ${Math.round(door * 100)}% to lower it`;
}
