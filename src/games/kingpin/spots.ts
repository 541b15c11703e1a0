/**
 * Where Hunter pawns may stand (rulebook 3.0): Intelligence on topography cards or their Leads;
 * Police and the Marina on Locations, Leads on Fixed topography, and Fixed Needs or Defenses.
 */
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, leadsOf, locName, topoBySlot } from './board.ts';
import type { KpState, Pawn, Spot } from './types.ts';

export type ParsedSpot =
  | { kind: 'card'; slot: string }
  | { kind: 'lead'; slot: string; at: string }
  | { kind: 'loc'; at: string }
  | { kind: 'fixed'; card: string };

/** Spots come from a small fixed vocabulary, so each is parsed once (the result is never changed). */
const parsed = new Map<Spot, ParsedSpot | null>();
export function parseSpot(spot: Spot): ParsedSpot | null {
  let p = parsed.get(spot);
  if (p === undefined) {
    p = parse(spot);
    if (parsed.size < 10_000) parsed.set(spot, p);
  }
  return p;
}

function parse(spot: Spot): ParsedSpot | null {
  const [kind, a, b] = spot.split(':');
  if (kind === 'card' && a) return { kind, slot: a };
  if (kind === 'lead' && a && b) return { kind, slot: a, at: b };
  if (kind === 'loc' && a) return { kind, at: a };
  if (kind === 'fixed' && a) return { kind, card: a };
  return null;
}

let locationSpots: readonly Spot[] | null = null;
/** `loc:` spots for every Location and the With-Chapo box (content is fixed). */
const locSpots = (): readonly Spot[] =>
  (locationSpots ??= [...content().locations.map((l) => l.id), WITH_CHAPO].map((l) => `loc:${l}`));

/**
 * Spot lists depend only on the cards and the topography, which a working copy shares with the
 * state it came from until it changes them (clone.ts): a whole planning phase reuses one list.
 */
const spotCache = new WeakMap<
  object,
  { cards: object; intel?: readonly Spot[]; enforcement?: readonly Spot[] }
>();
function cached(s: KpState, kind: 'intel' | 'enforcement', list: (s: KpState) => Spot[]): readonly Spot[] {
  let entry = spotCache.get(s.topo);
  if (entry?.cards !== s.cards) {
    entry = { cards: s.cards };
    spotCache.set(s.topo, entry);
  }
  return (entry[kind] ??= Object.freeze(list(s)));
}

/** Every spot an Intelligence pawn may take now. */
function intelSpots(s: KpState): Spot[] {
  const out: Spot[] = [];
  for (const t of s.topo) {
    out.push(`card:${t.slot}`);
    for (const at of leadsOf(s, t)) out.push(`lead:${t.slot}:${at}`);
  }
  return out;
}

/** Every spot a Police or Marina pawn may take now (the Fixed area only). */
function enforcementSpots(s: KpState): Spot[] {
  const out: Spot[] = [...locSpots()];
  for (const t of s.topo)
    if (t.fixedAt !== null) for (const at of leadsOf(s, t)) out.push(`lead:${t.slot}:${at}`);
  for (const [id, c] of Object.entries(s.cards)) if (c.zone === 'fixed') out.push(`fixed:${id}`);
  return out;
}

export const spotsFor = (s: KpState, pawn: Pawn): readonly Spot[] =>
  pawn === 'intel' ? cached(s, 'intel', intelSpots) : cached(s, 'enforcement', enforcementSpots);

/** Whether `spot` is one of `spotsFor(s, pawn)`, without listing them all (a test compares the two). */
export function spotAllowed(s: KpState, pawn: Pawn, spot: Spot): boolean {
  const p = parseSpot(spot);
  if (!p || spotText(p) !== spot) return false;
  const topo = 'slot' in p ? topoBySlot(s, p.slot) : undefined;
  if (pawn === 'intel') {
    if (p.kind === 'card') return topo !== undefined;
    return p.kind === 'lead' && topo !== undefined && leadsOf(s, topo).includes(p.at);
  }
  switch (p.kind) {
    case 'loc':
      return locSpots().includes(spot);
    case 'lead':
      return topo !== undefined && topo.fixedAt !== null && leadsOf(s, topo).includes(p.at);
    case 'fixed':
      return s.cards[p.card]?.zone === 'fixed';
    case 'card':
      return false;
  }
}

const spotText = (p: ParsedSpot): Spot =>
  p.kind === 'card'
    ? `card:${p.slot}`
    : p.kind === 'lead'
      ? `lead:${p.slot}:${p.at}`
      : p.kind === 'loc'
        ? `loc:${p.at}`
        : `fixed:${p.card}`;

/** The Location a pawn stands in, for Exposure Defenses and repositioning; null in the Found area. */
export function spotLocation(s: KpState, spot: Spot): string | null {
  const p = parseSpot(spot);
  if (!p) return null;
  switch (p.kind) {
    case 'loc':
      return p.at;
    case 'fixed':
      return s.cards[p.card]?.at ?? null;
    case 'card':
    case 'lead':
      return topoBySlot(s, p.slot)?.fixedAt ?? null;
  }
}

/** A spot in words, for the viewer's side (`hunters` may read the Found area). */
export function spotLabel(s: KpState, spot: Spot, hunters: boolean): string {
  const p = parseSpot(spot);
  if (!p) return spot;
  const topo = (slot: string): string => {
    const t = topoBySlot(s, slot);
    if (!t) return slot;
    const card = content().topo.get(t.card);
    const known = t.faceUp && (hunters || t.fixedAt !== null);
    return known && card ? card.name : `${slot} (${card?.kind ?? 'card'}, ${card?.subtype ?? '?'})`;
  };
  switch (p.kind) {
    case 'loc':
      return locName(p.at);
    case 'fixed':
      return `${cardName(p.card)} (Fixed)`;
    case 'card':
      return topo(p.slot);
    case 'lead':
      return `Lead ${locName(p.at)} on ${topo(p.slot)}`;
  }
}
