/**
 * Level 3 of 3, Mastermind. The Cartel plans each turn's Chapo actions (cartel-plan.ts): a disc
 * while it lacks discs, then Chapo away from what the Hunters can see; it draws a Need when the
 * open circles run short, places the drawn one where nobody looks, puts Defenses where they
 * guard Chapo or take Hunter pawns, moves one to an unguarded Chapo, and gives up the least
 * valuable thing in a forced Fix. The Hunters weigh where Chapo can be by what they have seen
 * (hunt-plan.ts), send Intelligence up the Leads to the likeliest Locations and Police and the
 * Marina where a success would Fix him, and press a Fixed Chapo's guards before the Marina
 * strikes. Each side reads only what it may see (the Hunters: public and Hunters' Records and
 * log lines).
 */
import { WITH_CHAPO } from './content/index.ts';
import { content } from './board.ts';
import { freeMover } from './cartel.ts';
import { bestChapoPlan, danger, fixCost, guardsChapo, shouldDraw } from './cartel-plan.ts';
import { type Pick, cartelMove, emptySpots, hunterMove, of } from './methodical.ts';
import { capturePawn, enforcementPawn, ranked, suspects } from './hunt-plan.ts';
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

/** Intelligence on the Leads to the likeliest Locations first: a success Fixes the cards Hidden there. */
function intelOnSuspects(s: KpState, actions: KpAction[]): KpAction | undefined {
  const planned = new Set(s.hunt.proposal.map((p) => p.spot));
  const empty = emptySpots(s);
  const leads = of(actions, 'add-pawn').filter(
    (a) => a.pawn === 'intel' && a.spot.startsWith('lead:') && !planned.has(a.spot) && !empty.has(a.spot),
  );
  for (const at of ranked(suspects(s))) {
    const a = leads.find((x) => x.spot.endsWith(`:${at}`));
    if (a) return a;
  }
  return undefined;
}

function mastermindHunters(s: KpState, actions: KpAction[]): KpAction | undefined {
  const fix = of(actions, 'fix-card').find((a) => s.topo.find((t) => t.slot === a.slot)?.fixedAt === null);
  if (fix) return fix;
  if (s.phase === 'intel-plan') return intelOnSuspects(s, actions) ?? hunterMove(s, actions, emptySpots(s));
  if (s.phase === 'police-plan' && s.chapo.fixed)
    return capturePawn(s, actions, 'police') ?? capturePawn(s, actions, 'marina') ?? { type: 'confirm' };
  if (s.phase === 'police-plan')
    return (
      enforcementPawn(s, actions, 'police') ?? enforcementPawn(s, actions, 'marina') ?? { type: 'confirm' }
    );
  return hunterMove(s, actions, emptySpots(s));
}

export function mastermindMove(s: KpState, actions: KpAction[], side: 'cartel' | 'hunters', pick: Pick) {
  return side === 'cartel' ? mastermindCartel(s, actions, pick) : mastermindHunters(s, actions);
}
