/**
 * How a strong Hunters team narrows where Chapo hides (issue #30), from the Hunters' view only:
 * the public Fixed board, Leads on their face-up cards, and the public and Hunters' log lines of
 * this turn. Each Location gets a weight; enforcement pawns go where a success would Fix Chapo if
 * he is there, spread over the likeliest Locations rather than piled on one.
 */
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, leadsOf, locName } from './board.ts';
import { chapoSighting } from './cartel-plan.ts';
import { emptySpots, of } from './methodical.ts';
import { spotLocation } from './spots.ts';
import type { KpAction, KpState, Pawn } from './types.ts';

const NOTHING = 'Nothing is Hidden at ';

/** Cards on the public Fixed board, by Location (not the With-Chapo box). */
export function fixedAt(s: KpState): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [id, c] of Object.entries(s.cards))
    if (c.zone === 'fixed' && c.at !== null && c.at !== WITH_CHAPO)
      out.set(c.at, [...(out.get(c.at) ?? []), id]);
  return out;
}

/** Locations said this turn to hide nothing (publicly, or to the Hunters by their Intelligence). */
function clearedThisTurn(s: KpState): Set<string> {
  const out = new Set<string>();
  for (const line of s.log) {
    if (line.turn !== s.turn || line.to === 'cartel' || !line.text.startsWith(NOTHING)) continue;
    const name = line.text.slice(NOTHING.length).replace(/\.$/, '');
    const loc = content().locations.find((l) => l.name === name);
    if (loc) out.add(loc.id);
  }
  return out;
}

/**
 * How likely Chapo hides at each Location, by what the Hunters can see. A Lead no Fixed card
 * explains is a Hidden card there, and a careful Cartel keeps Chapo beside its Hidden Needs and
 * cards; he keeps away from a Fixed Need (the Police aim there); a Location said this turn to
 * hide nothing holds no Hidden Chapo; a disc announced on a Fixed Need showed him there.
 */
export function suspects(s: KpState): Map<string, number> {
  const fixed = fixedAt(s);
  const cleared = clearedThisTurn(s);
  const weight = new Map<string, number>();
  for (const l of content().locations) if (l.id !== WITH_CHAPO) weight.set(l.id, 0.25);
  for (const t of s.topo) {
    const links = content().topo.get(t.card)?.links ?? [];
    for (const at of leadsOf(s, t)) {
      const explained = links.some((id) => (fixed.get(at) ?? []).includes(id));
      weight.set(at, (weight.get(at) ?? 0) + (explained ? 0.3 : 1));
    }
  }
  for (const [at, ids] of fixed)
    if (ids.some((id) => content().need.has(id))) weight.set(at, (weight.get(at) ?? 0) * 0.5);
  const seen = chapoSighting(s);
  if (seen) weight.set(seen.at, (weight.get(seen.at) ?? 0) + 1);
  if (s.chapo.fixed && s.chapo.at) return new Map([[s.chapo.at, 1]]);
  for (const at of cleared) weight.delete(at);
  return weight;
}

/** Locations by weight, likeliest first. */
export const ranked = (w: Map<string, number>): string[] =>
  [...w.entries()].sort((a, b) => b[1] - a[1]).map(([at]) => at);

type AddPawn = Extract<KpAction, { type: 'add-pawn' }>;

/** What a pawn adds to a Location's pressure: pawns there before it have had their chance, but
 * Defenses guarding Chapo stop the first ones, so a pawn already planned counts for a quarter of
 * its odds (fitted on the level tournament: 0.1-0.5 play alike, 1 spreads pawns too thin). */
const PRESSURE: Record<Pawn, number> = { intel: 0, police: 0.125, marina: 0.25 };
/** Odds a pawn acts: Police roll 4-6, the Marina strikes without a die. */
const ODDS: Record<Pawn, number> = { intel: 0.5, police: 0.5, marina: 1 };

/** Where the planned pawns aim, by Location, and how hard. */
function pressure(s: KpState): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of s.hunt.proposal) {
    const at = spotLocation(s, p.spot);
    if (at) out.set(at, (out.get(at) ?? 0) + PRESSURE[p.pawn]);
  }
  return out;
}

/**
 * The next Police or Marina pawn. A pawn on a Fixed card Finishes it and Fixes Chapo if he is at
 * its Location (even a second pawn on the same card, or one whose Finish a Defense stopped); on
 * the bare Location it makes the Cartel give up a Hidden card first, so it counts less. Pawns go
 * where Chapo most likely is, several on the same spot when his Defenses would stop the first
 * ones. The Marina joins the Location the Police press most: if they Fix him there it strikes
 * him the same turn, before the Cartel can move him.
 */
export function enforcementPawn(s: KpState, actions: KpAction[], pawn: Pawn): AddPawn | undefined {
  const w = suspects(s);
  let total = 0;
  for (const v of w.values()) total += v;
  const fixed = fixedAt(s);
  const pressed = pressure(s);
  const top = ranked(pressed)[0];
  const empty = emptySpots(s);
  let best: AddPawn | undefined;
  let bestValue = 0;
  for (const a of of(actions, 'add-pawn')) {
    if (a.pawn !== pawn) continue;
    const onCard = a.spot.startsWith('fixed:');
    const at = onCard || a.spot.startsWith('loc:') ? spotLocation(s, a.spot) : null;
    if (!at || !w.has(at) || (pawn === 'marina' && top !== undefined && at !== top)) continue;
    const p = (w.get(at) ?? 0) / total;
    const left = Math.max(0, 1 - (pressed.get(at) ?? 0));
    const reach = onCard ? 1 : (fixed.get(at)?.length ?? 0) > 0 ? 0.2 : 0.35;
    // Finishing a Need also stops its circles filling.
    const bonus = onCard && content().need.has(a.spot.slice('fixed:'.length)) ? 0.02 : 0;
    // A spot searched empty this turn or last (K3) is worth less: only a move of his since refills it.
    const stale = empty.has(a.spot) ? 0.3 : 1;
    const v = p * left * ODDS[pawn] * reach * stale + bonus;
    if (v > bestValue) [best, bestValue] = [a, v];
  }
  return best;
}

/** How much Finishing a Fixed Defense guarding Chapo helps the capture: a Marina block most. */
function guardWeight(id: string): number {
  const e = content().defense.get(id)?.effect;
  if (!e) return 0;
  if (e.kind === 'block' && e.pawn === 'marina') return 4;
  if (e.kind === 'nullify' && e.what === 'finish') return 3;
  if (e.kind === 'capture-needs' || e.kind === 'block') return 2;
  return 1;
}

/**
 * Chapo Fixed: the turn to capture him. The Marina strikes his Location last; before it, Police
 * Finish the Fixed Defense that most stands in the way (a Marina block, then a Defense that
 * stops a capture: a Finish, even one that fails, uses it up for the turn), then the Fixed cards
 * beside him, and the rest stand at his Location, so that at least two Police are there (a
 * Defense may want them for a capture).
 */
export function capturePawn(s: KpState, actions: KpAction[], pawn: Pawn): AddPawn | undefined {
  const at = s.chapo.at;
  if (!at || !s.chapo.fixed) return undefined;
  const adds = of(actions, 'add-pawn').filter((a) => a.pawn === pawn);
  if (pawn === 'marina') return adds.find((a) => a.spot === `loc:${at}`);
  const fixed = Object.entries(s.cards).filter(([, c]) => c.zone === 'fixed');
  const guards = fixed
    .filter(([id, c]) => content().defense.has(id) && (c.at === at || c.at === WITH_CHAPO))
    .sort(([a], [b]) => guardWeight(b) - guardWeight(a))
    .map(([id]) => `fixed:${id}`);
  const beside = fixed.filter(([, c]) => c.at === at).map(([id]) => `fixed:${id}`);
  const first = guards[0];
  const atLoc = [...beside.filter((x) => x !== first), `loc:${at}`, `loc:${at}`, `loc:${at}`];
  // At least two of the three Police stand at his Location (a guard in the With-Chapo box is not there).
  const order = first === undefined ? atLoc : [first, ...atLoc];
  const next = order[s.hunt.proposal.filter((p) => p.pawn === 'police').length];
  return adds.find((a) => a.spot === next);
}

/** Why the Hunters would send a pawn to this spot, in the game's terms, for the review. */
export function huntReason(s: KpState, pawn: Pawn, spot: string): string | null {
  const at = spotLocation(s, spot) ?? (spot.startsWith('lead:') ? spot.split(':')[2] : null);
  if (!at) return null;
  const where = locName(at);
  if (s.chapo.fixed && pawn !== 'intel')
    return at === s.chapo.at
      ? pawn === 'marina'
        ? `Chapo is Fixed at ${where}: the Marina strikes him there after the Police`
        : `Chapo is Fixed at ${where}: Police there Finish what guards him before the Marina strikes`
      : null;
  const order = ranked(suspects(s));
  if (order[0] !== at) return null;
  const seen = chapoSighting(s);
  const because =
    seen?.at === at
      ? `a disc on ${cardName(seen.need)} showed Chapo there this turn`
      : `more Leads no Fixed card explains point there than anywhere not cleared this turn`;
  const then =
    pawn === 'intel'
      ? 'a success Fixes the cards Hidden there'
      : spot.startsWith('fixed:')
        ? `Finishing ${cardName(spot.slice('fixed:'.length))} Fixes Chapo if he is there`
        : 'the Cartel must give up something Hidden there';
  return `Chapo most likely hides at ${where} (${because}): ${then}`;
}
