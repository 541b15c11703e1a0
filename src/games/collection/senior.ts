/**
 * The Senior Analyst (level 3 of 3). It weighs the whole table, not only the space it stands on:
 * - A completed scenario's crisis climbs only while analysts stand in it (red cards act where the
 *   drawer stands) or a card names it, so it leaves a completed scenario it has nothing left to
 *   do in and goes to work one that still needs reports; it comes back to lower one close to ten.
 * - A collector's coin starts at the crisis level or three, whichever is lower: at crisis one or
 *   two it waits (standing there lets the crisis ripen) rather than fix the coin low for good.
 * - In a threatened completed scenario whose coin where it stands sits at one (every coin drops
 *   three on completion), it walks to the collector where a gem and a roll can lower it; with no
 *   report in reach elsewhere it goes there to guard it; with every open scenario complete it
 *   stands in the completed one with the lower crisis.
 * - It files the report that completes a scenario (crisis back to one) and lowers from seven up.
 * - It spends blue cards while they help, and never wastes an action it could use to place a gem.
 */
import { cardOf, type CollectionCard } from './content/index.ts';
import { type Decision } from './decision.ts';
import { DANGER, defencePost, defend, doorTo, doorWhy, exposes, guard, threatened } from './defence.ts';
import { moveTo, place, spread, support, workElsewhere } from './idle.ts';
import { defenceCandidates, lookAhead, lookFor } from './lookahead.ts';
import { bestRoll, heldBoost, spaceValue, successChance } from './judgement.ts';
import { choices, engageColours, type Choices } from './legal.ts';
import {
  affinity,
  coinStart,
  roleColours,
  isActive,
  moveTargets,
  room,
  samePlace,
  scenarioOf,
  seatRole,
} from './rules.ts';
import {
  COLOURS,
  type SeatState,
  type ColState,
  type Colour,
  type Position,
  type Scenario,
} from './types.ts';

/** From here a report lowers the crisis rather than fill, unless it completes the scenario. */
const LOWER_FROM = 7;
/** In a threatened completed scenario it rolls from this chance (a turn ending there invites red cards). */
const DEFENCE_ROLL = 0.3;

const totalRoom = (s: Scenario): number => COLOURS.reduce((n, c) => n + room(s, c), 0);

/** A report's worth to the senior: completing a scenario counts double; lowering grows near ten. */
function seniorReportValue(state: ColState, seat: number, pos: Position, colour: Colour): number {
  const s = scenarioOf(state, pos.scenario);
  const me = state.seats[seat];
  if (!me?.role) return 0;
  const fill = room(s, colour) > 0 ? 1 + s.crisis / 10 + (totalRoom(s) === 1 ? 1 : 0) : 0;
  const shielding = exposes(state, s) && s.crisis < DANGER;
  const lower = seatRole(me).canLower && s.crisis > 4 && !shielding ? Math.pow(s.crisis - 4, 1.5) / 3 : 0;
  return Math.max(fill, lower);
}

/** Whether engaging a fresh collector here now would fix its coin too low to roll against. */
function unripe(state: ColState, seat: number, pos: Position): boolean {
  const s = scenarioOf(state, pos.scenario);
  if (s.spaces[pos.collector].coin !== null) return false;
  const me = state.seats[seat];
  const bonus = state.seats.filter(
    (o, i) =>
      i !== seat &&
      o.role &&
      o.at?.scenario === pos.scenario &&
      o.at.collector === pos.collector &&
      (() => {
        const b = seatRole(o).bonus;
        return b.kind === 'response' && b.collectors.includes(pos.collector);
      })(),
  ).length;
  return me !== undefined && coinStart(s.crisis) + bonus + heldBoost(state, seat, pos) < 2;
}

/**
 * What going to `pos` is worth: reports to work, or (unripe) the reports it will give later. A
 * completed scenario is worth nothing to walk into: the turn would end there and draw its crisis up.
 */
function worth(state: ColState, seat: number, pos: Position): number {
  const s = scenarioOf(state, pos.scenario);
  const standing = samePlace(state.seats[seat]?.at ?? null, pos);
  if (s.completed && !standing) return 0;
  // A held card that raises this coin makes the space worth more than its coin says.
  const me = state.seats[seat];
  const useful =
    !s.completed &&
    me?.role != null &&
    roleColours(seatRole(me)).some((c) => room(s, c) > 0 && affinity(pos.collector).includes(c));
  const now =
    spaceValue(state, seat, pos, seniorReportValue) + (useful ? 0.15 * heldBoost(state, seat, pos) : 0);
  const door = doorTo(state, seat, pos);
  if (!unripe(state, seat, pos)) return now + door;
  return s.completed ? 0 : (1 + 3 / 10) * successChance(3, 3) * 0.5 + door;
}

/** Whether a blue card helps now; held cards are spent rather than carried to the end. */
function worthPlaying(state: ColState, seat: number, card: CollectionCard, drawn: boolean): boolean {
  const me = state.seats[seat];
  const st = state.stage;
  const here = me?.at ? scenarioOf(state, me.at.scenario) : null;
  const roll = st.kind === 'act' ? bestRoll(state, seat, choices(state, seat), seniorReportValue) : null;
  for (const e of card.effects) {
    switch (e.type) {
      case 'actions':
        return !drawn;
      case 'dice':
        return !drawn && roll !== null && roll.v > 0 && roll.p < 0.8;
      case 'crisis':
        // Not on an open scenario whose drop would leave a completed one the worst crisis.
        return (
          e.delta < 0 && here !== null && here.crisis >= 5 && (here.crisis >= DANGER || !exposes(state, here))
        );
      case 'report':
        return here !== null && !here.completed && totalRoom(here) > 0;
      case 'gems':
        return here !== null && !here.completed && me?.at != null && !unripe(state, seat, me.at);
      case 'response': {
        // A raised coin helps whoever rolls there next: worth it wherever reports are still
        // needed, or a completed crisis must come down.
        if (!here || !me?.at || (here.completed && threatened(state)?.letter !== here.letter)) return false;
        const at = me.at;
        const hit = e.collector === 'here' ? [at.collector] : e.collector === 'all' ? null : [e.collector];
        if (hit === null) return Object.values(here.spaces).some((x) => x.coin !== null && x.coin < 8);
        return hit.some((c) => {
          const coin = here.spaces[c].coin;
          return coin !== null && coin < 9;
        });
      }
      case 'expand':
        return false;
    }
  }
  return false;
}

function engageHere(state: ColState, seat: number, c: Choices): Decision | null {
  const me = state.seats[seat];
  if (!me?.at || unripe(state, seat, me.at)) return null;
  const at = me.at;
  const colours = engageColours(state, seat).filter((x) => seniorReportValue(state, seat, at, x) > 0);
  const colour = colours.sort(
    (a, b) => seniorReportValue(state, seat, at, b) - seniorReportValue(state, seat, at, a),
  )[0];
  const action = c.engages.find(
    (a) => a.type === 'engage' && (a.colour === undefined || a.colour === colour),
  );
  if (!action || !colour) return null;
  return { action, why: `another ${colour} gem on ${place(at)} adds a die to the next roll there` };
}

type Scored = { p: Position; v: number };
const best = (xs: Scored[]): Scored | null =>
  xs.reduce<Scored | null>((b, x) => (!b || x.v > b.v ? x : b), null);

/**
 * Standing in a completed scenario: lower it while it is threatened (the worst crisis, or close to
 * ten), else walk out to a scenario that still needs reports.
 */
function inCompleted(
  state: ColState,
  seat: number,
  c: Choices,
  here: Scenario,
  scored: Scored[],
): Decision | null {
  const st = state.stage;
  if (st.kind !== 'act') return null;
  const last = st.actionsLeft === 1;
  const roll = bestRoll(state, seat, c, seniorReportValue);
  const go = best(scored.filter((x) => !scenarioOf(state, x.p.scenario).completed));
  const danger = threatened(state)?.letter === here.letter;
  // Near ten a turn that ends here risks the card that raises it by two: walk out unless a
  // report is likely.
  const leaveNow = go !== null && last && here.crisis >= DANGER && (roll?.p ?? 0) < 0.3;
  if (roll && roll.v > 0 && !leaveNow && (danger ? roll.p >= DEFENCE_ROLL : !last && roll.p >= 0.25))
    return {
      action: roll.action,
      why: `completed Scenario ${here.letter} is at crisis ${here.crisis}${danger ? ', the worst on the table' : ''}: a report lowers it (${Math.round(roll.p * 100)}%)`,
    };
  const at = state.seats[seat]?.at;
  const post = danger ? defencePost(state, seat, here) : null;
  if (
    post &&
    at &&
    post.collector !== at.collector &&
    post.p > (defencePost(state, seat, here, at.collector)?.p ?? 0)
  )
    return moveTo(
      { scenario: here.letter, collector: post.collector },
      `${at.collector}'s coin in completed Scenario ${here.letter} ${(here.spaces[at.collector].coin ?? 0) <= 1 ? 'sits at one and can never report' : 'answers worse'}: from ${post.collector} a gem and a roll lower crisis ${here.crisis} ${Math.round(post.p * 100)}% of the time`,
    );
  if (danger && !leaveNow && seatRole(state.seats[seat] as SeatState).canLower) {
    const e = engageHere(state, seat, c);
    if (e)
      return { ...e, why: `${e.why}, to lower completed Scenario ${here.letter} from crisis ${here.crisis}` };
  }
  if (go)
    return moveTo(
      go.p,
      `Scenario ${here.letter} is complete and its crisis climbs only while analysts stand in it: ${place(go.p)} still needs reports`,
    );
  return spread(state, seat, here);
}

function act(state: ColState, seat: number): Decision | null {
  const c = choices(state, seat);
  const st = state.stage;
  const me = state.seats[seat];
  if (!me || st.kind !== 'act') return null;
  for (const card of me.held)
    if (worthPlaying(state, seat, cardOf(card), false))
      return { action: { type: 'play', card }, why: `${cardOf(card).name} helps where it stands now` };

  const defence = defend(state, seat);
  if (defence) return defence;
  const here = me.at ? scenarioOf(state, me.at.scenario) : null;
  const scored = moveTargets(state, seat).map((p) => ({ p, v: worth(state, seat, p) }));
  if (here?.completed) {
    const d = inCompleted(state, seat, c, here, scored);
    if (d) return d;
  }
  const roll = bestRoll(state, seat, c, seniorReportValue);
  const hereValue = me.at ? worth(state, seat, me.at) : 0;
  const last = st.actionsLeft === 1;
  if (roll && roll.v > 0 && (roll.p >= 0.5 || (roll.p >= 0.25 && (last || (here?.crisis ?? 0) >= DANGER))))
    return {
      action: roll.action,
      why: `a roll here reports ${Math.round(roll.p * 100)}% of the time${here && here.crisis >= LOWER_FROM ? ` and a report can lower crisis ${here.crisis}` : ''}`,
    };
  const bestMove = best(scored);
  if (me.at && hereValue > 0 && hereValue >= (bestMove?.v ?? 0) * 0.8) {
    const e = engageHere(state, seat, c);
    if (e) return e;
  }
  if (roll && roll.v > 0 && roll.p > 0.15)
    return { action: roll.action, why: `a roll here still reports ${Math.round(roll.p * 100)}% of the time` };
  if (bestMove && bestMove.v > hereValue)
    return moveTo(
      bestMove.p,
      doorWhy(state, seat, bestMove.p, `${place(bestMove.p)} is where its reports are likeliest now`),
    );
  const e = engageHere(state, seat, c);
  if (e) return e;
  // Nothing useful where it stands: go where reports are still needed, the worst crisis first.
  const wanted = state.scenarios
    .filter((s) => isActive(s) && !s.completed && s.letter !== me.at?.scenario)
    .sort((a, b) => b.crisis - a.crisis)[0];
  const toward = wanted && scored.find((x) => x.p.scenario === wanted.letter);
  if (toward && (!here || here.completed))
    return moveTo(toward.p, `Scenario ${toward.p.scenario} still needs ${totalRoom(wanted)} reports`);
  const g = guard(state, seat);
  if (g) return g;
  const away = workElsewhere(state, seat, worth);
  if (away) return away;
  const helper = support(state, seat);
  if (helper) return helper;
  return { action: { type: 'end' }, why: 'no action would bring a report closer this turn' };
}

/** The Senior Analyst's rules alone: what the look ahead plays the table on with. */
export function seniorRules(state: ColState, seat: number): Decision | null {
  const c = choices(state, seat);
  const st = state.stage;
  if (c.roles.length > 0) {
    const action = c.roles[0];
    return action ? { action, why: 'the roles the table needs come first' } : null;
  }
  if (st.kind === 'report') {
    const s = scenarioOf(state, st.scenario);
    const canLower = c.reports.some((a) => a.type === 'report' && a.use === 'lower');
    const completes = room(s, st.colour) > 0 && totalRoom(s) === 1;
    if (completes)
      return {
        action: { type: 'report', use: 'fill' },
        why: `the last report completes Scenario ${s.letter}: its crisis goes back to one`,
      };
    if (canLower && s.crisis >= LOWER_FROM && (s.crisis >= DANGER || !exposes(state, s)))
      return {
        action: { type: 'report', use: 'lower' },
        why: `crisis ${s.crisis} in Scenario ${s.letter} is too close to ten to spend the report on the circle`,
      };
    const use = c.reports.some((a) => a.type === 'report' && a.use === 'fill') ? 'fill' : 'lower';
    return { action: { type: 'report', use }, why: `Scenario ${s.letter}'s circle still needs it` };
  }
  if (st.kind === 'drawn') {
    const name = cardOf(st.card).name;
    return worthPlaying(state, seat, cardOf(st.card), true) && c.plays.length > 0
      ? { action: { type: 'play', card: st.card }, why: `${name} helps where it stands now` }
      : { action: { type: 'hold' }, why: `${name} is worth more on a later turn` };
  }
  return act(state, seat);
}

/**
 * The Senior Analyst: its rules, checked a round ahead (lookahead.ts) when a completed scenario
 * is threatened from crisis six and the action touches it.
 */
export function seniorMove(state: ColState, seat: number): Decision | null {
  const own = seniorRules(state, seat);
  const letter = state.stage.kind === 'act' ? lookFor(state) : null;
  if (!own || !letter) return own;
  return lookAhead(state, seat, own, defenceCandidates(state, seat, letter), seniorRules, letter);
}
