/**
 * Computer analysts for any role. "Careful" plans like a good table: it works the spaces where
 * its colour is needed and the collector answers best, engages until a roll is likely, keeps
 * blue cards for the right moment and lowers crises that get close to ten. "Careless" does any
 * legal thing at random. Both are pure: randomness comes from a generator seeded by the state.
 */
import { nextFloat, nextInt, type RngState } from '../rng.ts';
import { cardOf, type CollectionCard } from './content/index.ts';
import { allChoices, choices, engageColours } from './legal.ts';
import {
  affinity,
  coinStart,
  diceFor,
  isActive,
  ownDice,
  roleColours,
  room,
  scenarioOf,
  seatRole,
  targetFor,
} from './rules.ts';
import { moveTargets } from './rules.ts';
import { type ColAction, type ColState, type Colour, type Position } from './types.ts';

export const COMPUTER_STRATEGIES = [
  {
    id: 'careful',
    name: 'Careful analyst',
    description:
      'Plans with the table: engages where reports are needed, saves blue cards, watches the crises.',
  },
  {
    id: 'careless',
    name: 'Careless analyst',
    description: 'Does any legal thing at random and plays every card at once.',
  },
] as const;

/** Chance that at least one of `dice` d10 is below `target` (0 counts as 10). */
export const successChance = (dice: number, target: number): number =>
  dice <= 0 ? 0 : 1 - Math.pow(1 - Math.max(0, Math.min(9, target - 1)) / 10, dice);

/** How much a report of `colour` in scenario `letter` is worth now to this seat. */
function reportValue(state: ColState, seat: number, pos: Position, colour: Colour): number {
  const s = scenarioOf(state, pos.scenario);
  const me = state.seats[seat];
  if (!me?.role) return 0;
  const fill = room(s, colour) > 0 ? 1 + s.crisis / 10 : 0;
  const lower = seatRole(me).canLower && s.crisis > 4 ? (s.crisis - 4) / 2.5 : 0;
  return Math.max(fill, lower);
}

/** What standing at `pos` is worth to `seat`: the best report it could work towards there. */
function spaceValue(state: ColState, seat: number, pos: Position): number {
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
    const v = reportValue(state, seat, pos, c);
    if (v === 0) continue;
    const dice = Math.max(1, ownDice(role, space.gems[c]) + 1);
    best = Math.max(best, v * successChance(Math.min(dice, 5), level) + 0.05 * others.length);
  }
  return best;
}

function bestRoll(
  state: ColState,
  seat: number,
  c = choices(state, seat),
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
    const v = reportValue(state, seat, me.at, colour);
    if (!best || p * v > best.p * best.v) best = { action: a, p, v };
  }
  return best;
}

/** Whether a blue card is worth playing now, for the careful analyst. */
function worthPlaying(state: ColState, seat: number, card: CollectionCard, drawn: boolean): boolean {
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

function careful(state: ColState, seat: number): ColAction | null {
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

function careless(state: ColState, seat: number): ColAction | null {
  const c = choices(state, seat);
  // A private copy of the game's generator, nudged by the decision, so the choice is seeded by the
  // state without advancing the game's own dice.
  const rng: RngState = [
    state.rng[0] ^ (state.step * 0x9e3779b9),
    state.rng[1] ^ seat,
    state.rng[2],
    state.rng[3] ^ state.turn,
  ];
  for (let i = 0; i < 6; i++) nextFloat(rng);
  const pick = <T>(xs: readonly T[]): T | null =>
    xs.length === 0 ? null : (xs[nextInt(rng, xs.length)] ?? null);
  if (c.roles.length > 0) return pick(c.roles);
  if (c.reports.length > 0) return c.reports[0] ?? null;
  if (c.hold) return c.plays[0] ?? { type: 'hold' };
  const r = nextInt(rng, 10);
  if (c.plays.length > 0 && r < 3) return pick(c.plays);
  if (c.rolls.length > 0 && r < 6) return pick(c.rolls);
  if (c.engages.length > 0 && r < 8) return pick(c.engages);
  return pick(c.moves) ?? pick(allChoices(c));
}

export function computerMove(state: ColState, player: string): ColAction | null {
  const seat = state.seats.findIndex((s) => s.id === player);
  if (seat < 0 || state.outcome) return null;
  const st = state.stage;
  if (st.kind === 'over' || st.seat !== seat) return null;
  const strategy = state.seats[seat]?.computer ?? 'careful';
  return strategy === 'careless' ? careless(state, seat) : careful(state, seat);
}
