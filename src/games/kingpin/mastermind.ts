/**
 * Level 3 of 3, Mastermind. The Cartel plans each turn's Chapo actions (cartel-plan.ts): a disc
 * while it lacks discs, then Chapo away from what the Hunters can see; it draws a Need when the
 * open circles run short, places the drawn one where nobody looks, puts Defenses where they
 * guard Chapo or take Hunter pawns, moves one to an unguarded Chapo, and gives up the least
 * valuable thing in a forced Fix. The Hunters remember what they searched empty (as Methodical
 * does) and chase Chapo where a disc on a Fixed Need showed him. Each side reads only what it
 * may see (the Hunters: public and Hunters' Records and log lines).
 */
import { WITH_CHAPO } from './content/index.ts';
import { content, leadsOf } from './board.ts';
import { freeMover } from './cartel.ts';
import { bestChapoPlan, chapoSighting, danger, fixCost, guardsChapo, shouldDraw } from './cartel-plan.ts';
import { type Pick, cartelMove, emptySpots, fixedThisTurn, hunterMove, of } from './methodical.ts';
import type { KpAction, KpState } from './types.ts';

type Place = Extract<KpAction, { type: 'place-defense' | 'move-defense' }>;

/** What a Defense is worth where it would stand: guarding Chapo, taking pawns everywhere, or as a decoy Lead. */
function defenseValue(s: KpState, a: Place): number {
  const d = content().defense.get(a.card);
  if (!d) return 0;
  const k = d.effect.kind;
  if (k === 'fewer-pawns') return 8;
  if (!guardsChapo(s, a.location)) return a.location === WITH_CHAPO ? 0 : 1;
  const travels = a.location === WITH_CHAPO ? 1 : 0;
  if (k === 'nullify') return 7 + travels;
  if (k === 'block' || k === 'weaken' || k === 'capture-needs') return 6 + travels;
  return 4 + travels;
}

function bestDefense(s: KpState, actions: KpAction[]): KpAction | undefined {
  const places: Place[] = of(actions, 'place-defense');
  // A Defense already out moves only to guard Chapo from where it guards nothing.
  const moves = of(actions, 'move-defense').filter(
    (a) => guardsChapo(s, a.location) && !guardsChapo(s, s.cards[a.card]?.at ?? null),
  );
  let best: KpAction | undefined;
  let bestValue = 0;
  for (const a of [...places, ...moves]) {
    const v = defenseValue(s, a) - (a.type === 'move-defense' ? 1 : 0);
    if (v > bestValue) [best, bestValue] = [a, v];
  }
  return best;
}

function mastermindCartel(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const choose = of(actions, 'choose-fix');
  if (choose.length)
    return choose.reduce((best, a) => (fixCost(s, a.option) < fixCost(s, best.option) ? a : best));
  if (s.phase === 'setup') return cartelMove(s, actions, pick);
  const place = of(actions, 'place-need');
  if (place.length)
    return place.reduce((best, a) => (danger(s, a.location) < danger(s, best.location) ? a : best));
  if (shouldDraw(s, true) && actions.some((a) => a.type === 'draw-need')) return { type: 'draw-need' };
  const plan = bestChapoPlan(s, true);
  if (plan) {
    if (plan.fulfil && (plan.fulfilFirst || plan.end === s.chapo.at))
      return { type: 'fulfil', card: plan.fulfil };
    if (plan.end !== s.chapo.at) {
      const move = of(actions, 'move-chapo').find((a) => a.location === plan.end && a.reveal !== true);
      if (move) return move;
    }
    // No Chapo action left: a free move (announced only as a Defense used) takes him somewhere quiet.
    const here = danger(s, s.chapo.at ?? '');
    if (freeMover(s) && here > 0) {
      const free = of(actions, 'move-chapo').filter((a) => a.free === true && a.reveal !== true);
      const quiet = free.reduce<KpAction | undefined>(
        (best, a) =>
          danger(s, a.location) < (best?.type === 'move-chapo' ? danger(s, best.location) : here) ? a : best,
        undefined,
      );
      if (quiet) return quiet;
    }
  }
  const defense = bestDefense(s, actions);
  if (defense) return defense;
  return { type: 'end-turn' };
}

/** Police where Chapo was seen: on the Fixed Need (Finishing it Fixes him if there), else its Location. */
function chaseSighting(s: KpState, actions: KpAction[]): KpAction | undefined {
  const seen = s.phase === 'police-plan' && !s.chapo.fixed ? chapoSighting(s) : null;
  if (!seen) return undefined;
  const spots = [`fixed:${seen.need}`, `loc:${seen.at}`];
  const adds = of(actions, 'add-pawn');
  const planned = (pawn: string) => s.hunt.proposal.some((p) => p.pawn === pawn && spots.includes(p.spot));
  for (const spot of spots) {
    if (s.hunt.proposal.some((p) => p.pawn === 'police' && p.spot === spot)) continue;
    const a = adds.find((x) => x.pawn === 'police' && x.spot === spot);
    if (a) return a;
  }
  // The Marina waits at his Location: if the Police Fix him, it strikes him there.
  if (!planned('marina')) return adds.find((x) => x.pawn === 'marina' && x.spot === `loc:${seen.at}`);
  return undefined;
}

/**
 * Where Chapo may be hiding, by what the Hunters can see, hottest first: Locations Leads point to
 * (each Lead is a card in play there, and a careful Cartel keeps Hidden cards around Chapo to
 * give up before him), without a Fixed card (he keeps away from what the Police aim at) and not
 * searched empty this turn or last.
 */
export function hideouts(s: KpState): string[] {
  const empty = emptySpots(s);
  const heat = new Map<string, number>();
  for (const t of s.topo) for (const at of leadsOf(s, t)) heat.set(at, (heat.get(at) ?? 0) + 1);
  return content()
    .locations.map((l) => l.id)
    .filter(
      (at) =>
        (heat.get(at) ?? 0) > 0 &&
        !empty.has(`loc:${at}`) &&
        !Object.values(s.cards).some((c) => c.zone === 'fixed' && c.at === at),
    )
    .sort((a, b) => (heat.get(b) ?? 0) - (heat.get(a) ?? 0));
}

/**
 * Every pawn on the likeliest hideout: Intelligence on each Lead to it (a success Fixes every
 * Hidden card linked there, which the Cartel cannot choose), then Police on a Need Fixed there
 * this turn (Finishing it Fixes Chapo beside it, whatever else is Hidden) and on the Location,
 * and the Marina on the Location to strike him once Fixed. Spread thin, each forced Fix only
 * costs the Cartel a card it keeps beside him.
 */
function focus(s: KpState, actions: KpAction[]): KpAction | undefined {
  if (s.chapo.fixed) return undefined;
  const target = hideouts(s)[0];
  if (!target) return undefined;
  const planned = new Set(s.hunt.proposal.map((p) => `${p.pawn}|${p.spot}`));
  const adds = of(actions, 'add-pawn').filter((a) => !planned.has(`${a.pawn}|${a.spot}`));
  if (s.phase === 'intel-plan')
    return adds.find(
      (a) => a.pawn === 'intel' && a.spot.startsWith('lead:') && a.spot.endsWith(`:${target}`),
    );
  if (s.phase !== 'police-plan') return undefined;
  const fresh = [...fixedThisTurn(s)].filter((id) => content().need.has(id) && s.cards[id]?.at === target);
  const spots = [...fresh.map((id) => `fixed:${id}`), `loc:${target}`];
  for (const spot of spots) {
    const a = adds.find((x) => x.pawn === 'police' && x.spot === spot);
    if (a) return a;
  }
  const police = of(actions, 'add-pawn').find((x) => x.pawn === 'police' && x.spot === `loc:${target}`);
  if (police) return police;
  return adds.find((x) => x.pawn === 'marina' && x.spot === `loc:${target}`);
}

function mastermindHunters(s: KpState, actions: KpAction[]): KpAction | undefined {
  return chaseSighting(s, actions) ?? focus(s, actions) ?? hunterMove(s, actions, emptySpots(s));
}

export function mastermindMove(s: KpState, actions: KpAction[], side: 'cartel' | 'hunters', pick: Pick) {
  return side === 'cartel' ? mastermindCartel(s, actions, pick) : mastermindHunters(s, actions);
}
