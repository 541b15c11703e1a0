/**
 * Level 2 of 3, Methodical (the default, the stand-in and the tutorials' hint source): the Cartel
 * fulfils Needs and guards Chapo, gives up its least valuable card when forced, moves a Defense to
 * an unguarded Chapo, draws a Need when too few circles are open and leaves a drained Fixed Need;
 * the Hunters follow every Lead, then strike, and skip a spot they searched empty last turn.
 */
import { content, inPlay, leadsOf } from './board.ts';
import { fixCost, fixedNeedAt, guardsChapo, shouldDraw } from './cartel-plan.ts';
import { setupItem } from './cartel.ts';
import { parseSpot, spotLocation } from './spots.ts';
import type { KpAction, KpState, Pawn } from './types.ts';

export type Pick = (actions: KpAction[]) => KpAction | undefined;

export const of = <T extends KpAction['type']>(
  actions: KpAction[],
  type: T,
): Extract<KpAction, { type: T }>[] =>
  actions.filter((a): a is Extract<KpAction, { type: T }> => a.type === type);

export function unfilledNeedsAt(s: KpState): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of content().needs) {
    const c = s.cards[n.id];
    if (!c || !inPlay(s, n.id) || c.at === null || c.discs >= n.circles) continue;
    out.set(c.at, (out.get(c.at) ?? 0) + n.circles - c.discs);
  }
  return out;
}

/** The forced Fix (R28) that costs the Cartel least: a Defense before a Need, Chapo last. */
export const cheapestFix = (s: KpState, choose: Extract<KpAction, { type: 'choose-fix' }>[]) =>
  choose.reduce((best, a) => (fixCost(s, a.option) < fixCost(s, best.option) ? a : best));

/** A Defense that guards nothing, moved to an unguarded Chapo when none in hand can go to him. */
export function guardMove(s: KpState, actions: KpAction[]): KpAction | undefined {
  if (
    Object.entries(s.cards).some(
      ([id, c]) => content().defense.has(id) && inPlay(s, id) && guardsChapo(s, c.at),
    )
  )
    return undefined;
  return of(actions, 'move-defense').find(
    (a) => guardsChapo(s, a.location) && !guardsChapo(s, s.cards[a.card]?.at ?? null),
  );
}

export function cartelMove(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const choose = of(actions, 'choose-fix');
  if (choose.length) return cheapestFix(s, choose);
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
  if (shouldDraw(s, false) && actions.some((a) => a.type === 'draw-need')) return { type: 'draw-need' };
  const fulfil = of(actions, 'fulfil');
  if (fulfil.length) return fulfil[0];
  const needsAt = unfilledNeedsAt(s);
  // Not parked where nothing is left to do and the Hunters can see a Fixed Need of his.
  const seen = (at: string) => fixedNeedAt(s, at) && !needsAt.has(at);
  const ordinaryMoves = of(actions, 'move-chapo').filter((a) => a.reveal !== true && a.free !== true);
  if (s.chapo.at !== null && seen(s.chapo.at) && !s.chapo.fixed) {
    const away = ordinaryMoves.filter((a) => !seen(a.location));
    const toNeed = away.filter((a) => needsAt.has(a.location));
    if (away.length) return pick(toNeed.length ? toNeed : away);
  }
  const toNeeds = of(actions, 'move-chapo').filter(
    (a) => a.reveal !== true && needsAt.has(a.location) && !seen(a.location),
  );
  // R30: the free move is announced, so it is spent only when no Chapo action is left for the move.
  const ordinary = toNeeds.filter((a) => a.free !== true);
  const moves = ordinary.length ? ordinary : toNeeds;
  if (!s.cartel.fulfilled && !needsAt.has(s.chapo.at ?? '') && moves.length) return pick(moves);
  const defenses = of(actions, 'place-defense');
  const guard = defenses.filter((a) => guardsChapo(s, a.location));
  if (guard.length) return pick(guard);
  const move = guardMove(s, actions);
  if (move) return move;
  if (defenses.length && s.cartel.actions < 3) return pick(defenses);
  return { type: 'end-turn' };
}

type AddPawn = Extract<KpAction, { type: 'add-pawn' }>;

/**
 * The spot for the next pawn of a kind. `avoid` (the Mastermind's memory): spots that found
 * nothing lately, tried again only when no other spot is worth a pawn.
 */
export function planPawn(
  s: KpState,
  actions: KpAction[],
  pawn: Pawn,
  avoid: ReadonlySet<string> = new Set(),
): KpAction | undefined {
  const adds = of(actions, 'add-pawn').filter((a) => a.pawn === pawn);
  const planned = new Set(s.hunt.proposal.map((p) => p.spot));
  const unplanned = adds.filter((a) => !planned.has(a.spot));
  const chapoSpot = pawn !== 'intel' && s.chapo.fixed && s.chapo.at ? `loc:${s.chapo.at}` : null;
  if (chapoSpot) return adds.find((a) => a.spot === chapoSpot);
  const untried = unplanned.filter((a) => !avoid.has(a.spot));
  return (
    bestSpot(s, pawn, untried) ??
    (untried.length < unplanned.length ? bestSpot(s, pawn, unplanned) : undefined)
  );
}

/** Needs and Defenses Fixed this Hunter turn, by the public announcements. */
export function fixedThisTurn(s: KpState): Set<string> {
  const out = new Set<string>();
  for (const line of s.log) {
    if (line.to !== 'public' || line.turn !== s.turn || !line.text.includes(' is Fixed at ')) continue;
    const name = line.text.slice(0, line.text.indexOf(' is Fixed at '));
    const id = [...content().need.values(), ...content().defense.values()].find((c) => c.name === name)?.id;
    if (id) out.add(id);
  }
  return out;
}

function bestSpot(s: KpState, pawn: Pawn, spots: AddPawn[]): AddPawn | undefined {
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
    let best: AddPawn | undefined;
    let bestScore = 0;
    for (const a of spots) {
      const sc = score(a.spot);
      if (sc > bestScore) [best, bestScore] = [a, sc];
    }
    return best;
  }
  // A Need Fixed this turn may still have Chapo beside it; from one Fixed earlier he has had a
  // Cartel turn to leave, so its Leads come first.
  const fresh = fixedThisTurn(s);
  const rank = (spot: string): number =>
    spot.startsWith('fixed:need')
      ? fresh.has(spot.slice('fixed:'.length))
        ? 5
        : 4
      : spot.startsWith('lead:')
        ? 3
        : spot.startsWith('fixed:')
          ? 2
          : 0;
  // The first spot of the highest rank (what a stable sort would put first).
  let best: AddPawn | undefined;
  let bestRank = 0;
  for (const a of spots) {
    const r = rank(a.spot);
    if (r > bestRank) [best, bestRank] = [a, r];
  }
  if (best) return best;
  const leadLocs = new Set(s.topo.flatMap((t) => leadsOf(s, t)).map((l) => `loc:${l}`));
  return spots.find((a) => leadLocs.has(a.spot));
}

/**
 * Spots searched this turn or last that held nothing, by the Records the Hunters may read
 * (public and their own): a failed or blocked attempt is worth repeating, an empty search is not.
 */
export function emptySpots(s: KpState): Set<string> {
  return new Set(
    s.records
      .filter((r) => !r.found && r.empty === true && r.to !== 'cartel' && r.turn >= s.turn - 1)
      .map((r) => r.spot),
  );
}

export function hunterMove(
  s: KpState,
  actions: KpAction[],
  avoid: ReadonlySet<string> = emptySpots(s),
): KpAction | undefined {
  const fix = of(actions, 'fix-card').find((a) => s.topo.find((t) => t.slot === a.slot)?.fixedAt === null);
  if (fix) return fix;
  if (s.phase === 'intel-plan') return planPawn(s, actions, 'intel', avoid) ?? { type: 'confirm' };
  if (s.phase === 'police-plan')
    return (
      planPawn(s, actions, 'police', avoid) ?? planPawn(s, actions, 'marina', avoid) ?? { type: 'confirm' }
    );
  const resolves = of(actions, 'resolve');
  const police = resolves.find((a) => s.hunt.plan[a.index]?.pawn !== 'marina' && a.here !== true);
  if (police) return police;
  const marina = resolves.find((a) => {
    const p = s.hunt.plan[a.index];
    return p && s.chapo.fixed && a.here === true && spotLocation(s, p.spot) === s.chapo.at;
  });
  return marina ?? resolves.find((a) => a.here !== true);
}
