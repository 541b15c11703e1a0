/**
 * Computer teams, pure and seeded from the state. Both strategies play either side and choose
 * only among legal actions, reading only what their side may see.
 */
import { nextInt, seedRng } from '../rng.ts';
import { content, discsPlaced, inPlay, leadsOf, needed, seatOf } from './board.ts';
import { setupItem } from './cartel.ts';
import { legalActions } from './legal.ts';
import { parseSpot, spotLocation } from './spots.ts';
import type { KpAction, KpState, Pawn, Side } from './types.ts';

export const COMPUTER_STRATEGIES = [
  {
    id: 'methodical',
    name: 'Methodical',
    description: 'Cartel: fulfils Needs and guards Chapo. Hunters: follows every Lead, then strikes.',
  },
  {
    id: 'reckless',
    name: 'Reckless',
    description: 'Picks among legal moves at random, never stalling.',
  },
] as const;

type Pick = (actions: KpAction[]) => KpAction | undefined;

/**
 * What a side knows, as a seed for its random choices (R33): never the other side's secrets, the
 * dice to come or the count of moves (the Hunters' planning and the Cartel's actions are hidden
 * from the other side), so a computer's choice, and the tutorial hint built on it, reads nothing
 * its side could not see.
 */
function known(s: KpState, side: Side): string {
  const board = Object.entries(s.cards).filter(([, c]) =>
    side === 'cartel' ? c.zone !== 'deck' : c.zone === 'fixed' || c.zone === 'finished',
  );
  const shared = [s.turn, s.phase, board, s.records.filter((r) => r.to === 'public' || r.to === side)];
  // A Defense picked in My view (waiting for its Location) is a click, not knowledge: leaving it
  // out keeps the choice, and the hint asked again after that click, the same (R39).
  const cartel = { ...s.cartel, picked: null };
  if (side === 'cartel')
    return JSON.stringify([...shared, s.chapo, cartel, s.toPlace, s.needsDeck.length, s.pending?.options]);
  const topo = s.topo.map((t) => [
    t.slot,
    t.faceUp ? t.card : content().topo.get(t.card)?.subtype,
    t.fixedAt,
  ]);
  return JSON.stringify([...shared, topo, s.dice, s.hunt.available, s.hunt.proposal, s.hunt.plan]);
}

function picker(s: KpState, side: Side): Pick {
  // Seeded on first use: most moves of the methodical strategy never pick at random.
  let rng: ReturnType<typeof seedRng> | null = null;
  return (actions) => {
    rng ??= seedRng(`cpu|${side}|${known(s, side)}`);
    return actions[nextInt(rng, actions.length)];
  };
}

const of = <T extends KpAction['type']>(actions: KpAction[], type: T): Extract<KpAction, { type: T }>[] =>
  actions.filter((a): a is Extract<KpAction, { type: T }> => a.type === type);

function unfilledNeedsAt(s: KpState): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of content().needs) {
    const c = s.cards[n.id];
    if (!c || !inPlay(s, n.id) || c.at === null || c.discs >= n.circles) continue;
    out.set(c.at, (out.get(c.at) ?? 0) + n.circles - c.discs);
  }
  return out;
}

function cartelMove(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const choose = of(actions, 'choose-fix');
  if (choose.length) return choose[0];
  const setup = of(actions, 'setup-place');
  if (setup.length) {
    const item = setupItem(s);
    const mine = setup.filter((a) => a.item === item);
    const needsAt = unfilledNeedsAt(s);
    const near = mine.filter((a) => needsAt.has(a.location));
    return item === 'chapo' && near.length ? near[0] : pick(mine);
  }
  const place = of(actions, 'place-need');
  if (place.length) return place.find((a) => a.location === s.chapo.at) ?? pick(place);
  const fulfil = of(actions, 'fulfil');
  if (fulfil.length) return fulfil[0];
  const needsAt = unfilledNeedsAt(s);
  const toNeeds = of(actions, 'move-chapo').filter((a) => a.reveal !== true && needsAt.has(a.location));
  // R30: the free move is announced, so it is spent only when no Chapo action is left for the move.
  const ordinary = toNeeds.filter((a) => a.free !== true);
  const moves = ordinary.length ? ordinary : toNeeds;
  if (!s.cartel.fulfilled && !needsAt.has(s.chapo.at ?? '') && moves.length) return pick(moves);
  const defenses = of(actions, 'place-defense');
  const guard = defenses.filter((a) => a.location === s.chapo.at || a.location === 'with-chapo');
  if (guard.length) return pick(guard);
  if (defenses.length && s.cartel.actions < 3) return pick(defenses);
  // Draw when the Needs on the table can no longer reach half the circles.
  let reachable = discsPlaced(s);
  for (const n of content().needs) if (inPlay(s, n.id)) reachable += n.circles - (s.cards[n.id]?.discs ?? 0);
  if (reachable < needed(s) && actions.some((a) => a.type === 'draw-need')) return { type: 'draw-need' };
  return { type: 'end-turn' };
}

function planPawn(s: KpState, actions: KpAction[], pawn: Pawn): KpAction | undefined {
  const adds = of(actions, 'add-pawn').filter((a) => a.pawn === pawn);
  const planned = new Set(s.hunt.proposal.map((p) => p.spot));
  const fresh = adds.filter((a) => !planned.has(a.spot));
  if (pawn === 'intel') {
    const c = content();
    const downSupport = new Set(
      s.topo
        .filter((o) => !o.faceUp)
        .map((o) => c.topo.get(o.card))
        .flatMap((oc) => (oc?.kind === 'support' ? [oc.subtype] : [])),
    );
    const score = (spot: string): number => {
      const p = parseSpot(spot);
      if (!p || !('slot' in p)) return 0;
      if (p.kind === 'lead') return 5;
      const t = s.topo.find((x) => x.slot === p.slot);
      const card = t ? c.topo.get(t.card) : undefined;
      if (!t || !card) return 0;
      if (!t.faceUp) return card.kind === 'nexus' ? 4 : 2;
      return card.kind === 'nexus' && card.linkedSubtypes.some((x) => downSupport.has(x)) ? 3 : 0;
    };
    let best: (typeof fresh)[number] | undefined;
    let bestScore = 0;
    for (const a of fresh) {
      const sc = score(a.spot);
      if (sc > bestScore) [best, bestScore] = [a, sc];
    }
    return best;
  }
  const chapoSpot = s.chapo.fixed && s.chapo.at ? `loc:${s.chapo.at}` : null;
  if (chapoSpot) return adds.find((a) => a.spot === chapoSpot);
  const rank = (spot: string): number =>
    spot.startsWith('fixed:need') ? 4 : spot.startsWith('lead:') ? 3 : spot.startsWith('fixed:') ? 2 : 0;
  // The first spot of the highest rank (what a stable sort would put first).
  let best: (typeof fresh)[number] | undefined;
  let bestRank = 0;
  for (const a of fresh) {
    const r = rank(a.spot);
    if (r > bestRank) [best, bestRank] = [a, r];
  }
  if (best) return best;
  const leadLocs = new Set(s.topo.flatMap((t) => leadsOf(s, t)).map((l) => `loc:${l}`));
  return fresh.find((a) => leadLocs.has(a.spot));
}

function hunterMove(s: KpState, actions: KpAction[]): KpAction | undefined {
  const fix = of(actions, 'fix-card').find((a) => s.topo.find((t) => t.slot === a.slot)?.fixedAt === null);
  if (fix) return fix;
  if (s.phase === 'intel-plan') return planPawn(s, actions, 'intel') ?? { type: 'confirm' };
  if (s.phase === 'police-plan')
    return planPawn(s, actions, 'police') ?? planPawn(s, actions, 'marina') ?? { type: 'confirm' };
  const resolves = of(actions, 'resolve');
  const police = resolves.find((a) => s.hunt.plan[a.index]?.pawn !== 'marina' && a.here !== true);
  if (police) return police;
  const marina = resolves.find((a) => {
    const p = s.hunt.plan[a.index];
    return p && s.chapo.fixed && a.here === true && spotLocation(s, p.spot) === s.chapo.at;
  });
  return marina ?? resolves.find((a) => a.here !== true);
}

/** Random but never stalling: no picking, no un-planning, no re-Fixing a card already Fixed. */
function reckless(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const useful = actions.filter(
    (a) =>
      a.type !== 'pick' &&
      a.type !== 'remove-pawn' &&
      !(a.type === 'fix-card' && s.topo.find((t) => t.slot === a.slot)?.fixedAt !== null),
  );
  return pick(useful) ?? actions[0];
}

export function computerMove(s: KpState, player: string): KpAction | null {
  const seat = seatOf(s, player);
  if (!seat || s.result) return null;
  const actions = legalActions(s, seat.side);
  if (actions.length === 0) return null;
  const pick = picker(s, seat.side);
  const move =
    seat.computer === 'reckless'
      ? reckless(s, actions, pick)
      : seat.side === 'cartel'
        ? cartelMove(s, actions, pick)
        : hunterMove(s, actions);
  return move ?? actions[0] ?? null;
}
