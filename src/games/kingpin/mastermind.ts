/**
 * Level 3 of 3, Mastermind. The Cartel gives up the least valuable thing when forced to Fix one,
 * brings a Defense to Chapo when he stands unguarded, draws Needs while it has spare actions
 * and keeps Chapo away from Locations the Hunters have just searched. The Hunters remember:
 * a spot that found nothing last turn is not searched again while another is worth a pawn.
 * Each side reads only what it may see (the Hunters: public and Hunters' Records).
 */
import { WITH_CHAPO } from './content/index.ts';
import { content, inPlay } from './board.ts';
import { type Pick, cartelMove, hunterMove, of, unfilledNeedsAt } from './methodical.ts';
import { DISC_ON_FIXED } from './cartel.ts';
import { spotLocation } from './spots.ts';
import type { KpAction, KpState } from './types.ts';

/**
 * What the Cartel loses by Fixing an option: Chapo most of all; a Need by the discs it holds
 * and the circles still open on it; a Defense by its cost, more when it guards Chapo.
 */
export function fixCost(s: KpState, option: string): number {
  if (option === 'chapo') return 100;
  const need = content().need.get(option);
  const card = s.cards[option];
  if (need && card) return 10 + 3 * card.discs + (need.circles - card.discs);
  const def = content().defense.get(option);
  if (!def || !card) return 0;
  const guards = card.at === WITH_CHAPO || card.at === s.chapo.at;
  return def.cost + (guards ? 5 : 0);
}

/** Locations the Hunters searched this turn or last, by the Records the Cartel may read. */
function searched(s: KpState): Set<string> {
  const out = new Set<string>();
  for (const r of s.records) {
    if (r.turn < s.turn - 1 || r.to === 'hunters') continue;
    const at = spotLocation(s, r.spot);
    if (at) out.add(at);
  }
  return out;
}

const guarded = (s: KpState): boolean =>
  Object.entries(s.cards).some(
    ([id, c]) =>
      content().defense.has(id) &&
      inPlay(s, id) &&
      (c.at === WITH_CHAPO || (c.at !== null && c.at === s.chapo.at)),
  );

function mastermindCartel(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const choose = of(actions, 'choose-fix');
  if (choose.length)
    return choose.reduce((best, a) => (fixCost(s, a.option) < fixCost(s, best.option) ? a : best));
  if (s.phase === 'setup') return cartelMove(s, actions, pick);
  const place = of(actions, 'place-need');
  if (place.length) {
    const hot = searched(s);
    return (
      place.find((a) => a.location === s.chapo.at) ?? place.find((a) => !hot.has(a.location)) ?? pick(place)
    );
  }
  const fulfil = of(actions, 'fulfil');
  if (fulfil.length) return fulfil[0];
  const needsAt = unfilledNeedsAt(s);
  const hot = searched(s);
  // Chapo leaves a searched Location for a quiet one with Needs, if he can.
  if (s.chapo.at !== null && hot.has(s.chapo.at)) {
    const away = of(actions, 'move-chapo').filter(
      (a) => a.reveal !== true && a.free !== true && needsAt.has(a.location) && !hot.has(a.location),
    );
    if (away.length && !s.cartel.fulfilled) return pick(away);
  }
  // An unguarded Chapo: bring a Defense (a new one first, else move one already out).
  if (!guarded(s)) {
    const atChapo = (a: { location: string }) => a.location === s.chapo.at || a.location === WITH_CHAPO;
    const placeGuard = of(actions, 'place-defense').filter(atChapo);
    if (placeGuard.length) return pick(placeGuard);
    const moveGuard = of(actions, 'move-defense').filter(atChapo);
    if (moveGuard.length && s.cartel.fulfilled) return pick(moveGuard);
  }
  return cartelMove(s, actions, pick);
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

/**
 * Where Chapo was seen this Cartel turn: a disc placed on a Fixed Need is announced, and only
 * Chapo at its Location can place it (R4).
 */
export function chapoSighting(s: KpState): { need: string; at: string } | null {
  for (const line of s.log) {
    if (line.to !== 'public' || line.turn !== s.turn || !line.text.startsWith(DISC_ON_FIXED)) continue;
    const need = content().needs.find((n) => line.text.startsWith(`${DISC_ON_FIXED}${n.name} (Fixed)`));
    const at = need ? s.cards[need.id]?.at : null;
    if (need && at) return { need: need.id, at };
  }
  return null;
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

function mastermindHunters(s: KpState, actions: KpAction[]): KpAction | undefined {
  return chaseSighting(s, actions) ?? hunterMove(s, actions, emptySpots(s));
}

export function mastermindMove(s: KpState, actions: KpAction[], side: 'cartel' | 'hunters', pick: Pick) {
  return side === 'cartel' ? mastermindCartel(s, actions, pick) : mastermindHunters(s, actions);
}
