/**
 * Reading the table: seats, where cards are, which Defenses reach a Location, legal
 * Locations, and the Leads the Referee keeps on face-up topography (ruling R7: always current).
 */
import type { Content, Defense, Effect } from './content/index.ts';
import { loadContent, WITH_CHAPO } from './content/index.ts';
import { writable } from './clone.ts';
import type { KpSeat, KpState, Side, TopoState } from './types.ts';

export const content = (): Content => loadContent();

export function seatOf(s: KpState, actor: string | null): KpSeat | null {
  if (actor === null) return null;
  return s.seats.find((x) => x.id === actor || x.members.includes(actor)) ?? null;
}
export const sideOf = (s: KpState, actor: string | null): Side | null => seatOf(s, actor)?.side ?? null;
export const seatFor = (s: KpState, side: Side): KpSeat => {
  const seat = s.seats.find((x) => x.side === side);
  if (!seat) throw new Error(`no ${side} seat`);
  return seat;
};

export const locName = (id: string): string =>
  id === WITH_CHAPO ? 'the With-Chapo box' : (content().location.get(id)?.name ?? id);

export function cardName(id: string): string {
  const c = content();
  return c.need.get(id)?.name ?? c.defense.get(id)?.name ?? c.topo.get(id)?.name ?? id;
}

export const inPlay = (s: KpState, id: string): boolean => {
  const z = s.cards[id]?.zone;
  return z === 'hidden' || z === 'fixed';
};

/** The Location a Defense acts on: its own, or Chapo's when it travels with him. */
export function scopeOf(s: KpState, id: string): string | null {
  const at = s.cards[id]?.at ?? null;
  return at === WITH_CHAPO ? s.chapo.at : at;
}

/** In-play Defenses whose effect reaches Location `at` (With-Chapo ones wherever Chapo is). */
export function defensesAt(s: KpState, at: string, kind?: Effect['kind']): Defense[] {
  const c = content();
  return c.defenses.filter(
    (d) => inPlay(s, d.id) && (kind === undefined || d.effect.kind === kind) && scopeOf(s, d.id) === at,
  );
}

/** In-play Defenses with this effect kind anywhere. */
export const defensesInPlay = (s: KpState, kind: Effect['kind']): Defense[] =>
  content().defenses.filter((d) => inPlay(s, d.id) && d.effect.kind === kind);

export const isHidden = (s: KpState, id: string): boolean => s.cards[id]?.zone === 'hidden';

/** Locations (and the With-Chapo box) where Defense `def` may stand on a board (R3). */
export function defenseLocations(
  s: KpState,
  def: Defense,
  zone: 'hidden' | 'fixed',
  ignoreTaken = false,
): string[] {
  const boxes = boxesFor(def);
  if (ignoreTaken) return [...boxes];
  // Boxes of this type already used on this board (one pass over the Defenses of that type).
  const taken: string[] = [];
  for (const o of sameType(def)) {
    const card = s.cards[o.id];
    if (o.id !== def.id && card?.zone === zone && card.at !== null) taken.push(card.at);
  }
  return taken.length === 0 ? [...boxes] : boxes.filter((l) => !taken.includes(l));
}

/** Every box where a Defense may stand on an empty board (map order, then With-Chapo); content is fixed. */
const boxCache = new WeakMap<Defense, readonly string[]>();
function boxesFor(def: Defense): readonly string[] {
  let boxes = boxCache.get(def);
  if (!boxes) {
    const places = def.places as string[];
    boxes = content()
      .locations.filter((l) => l.boxes.includes(def.defenseType) && places.includes(l.terrain))
      .map((l) => l.id);
    if (places.includes(WITH_CHAPO)) boxes = [...boxes, WITH_CHAPO];
    boxCache.set(def, boxes);
  }
  return boxes;
}

const typeCache = new Map<string, readonly Defense[]>();
function sameType(def: Defense): readonly Defense[] {
  let list = typeCache.get(def.defenseType);
  if (!list) {
    list = content().defenses.filter((o) => o.defenseType === def.defenseType);
    typeCache.set(def.defenseType, list);
  }
  return list;
}

/** Suitable Locations for a Need (terrain on the card). */
export function needLocations(needId: string): string[] {
  const need = content().need.get(needId);
  if (!need) return [];
  return content()
    .locations.filter((l) => need.terrain.includes(l.terrain))
    .map((l) => l.id);
}

export const topoBySlot = (s: KpState, slot: string): TopoState | undefined =>
  s.topo.find((t) => t.slot === slot);

/** The Locations named by Lead markers on a face-up topography card (one per Location). */
export function leadsOf(s: KpState, t: TopoState): string[] {
  if (!t.faceUp) return [];
  const card = content().topo.get(t.card);
  if (!card) return [];
  const out: string[] = [];
  for (const l of card.links) {
    const c = s.cards[l];
    if (c && (c.zone === 'hidden' || c.zone === 'fixed') && c.at !== null && !out.includes(c.at))
      out.push(c.at);
  }
  return out;
}

/** Hidden Needs and Defenses linked to a topography card. */
export function hiddenLinks(s: KpState, t: TopoState): string[] {
  return (content().topo.get(t.card)?.links ?? []).filter((l) => isHidden(s, l));
}

/** Cards Hidden at a Location (not the With-Chapo box), as Fix options. */
export function hiddenCardsAt(s: KpState, at: string): string[] {
  return Object.entries(s.cards)
    .filter(([, c]) => c.zone === 'hidden' && c.at === at)
    .map(([id]) => id)
    .sort();
}

export const totalCircles = (s: KpState): number =>
  content()
    .needs.filter((n) => {
      const z = s.cards[n.id]?.zone;
      return z === 'hidden' || z === 'fixed' || z === 'finished';
    })
    .reduce((sum, n) => sum + n.circles, 0);

export const discsPlaced = (s: KpState): number =>
  Object.values(s.cards).reduce((sum, c) => sum + c.discs, 0);

export const needed = (s: KpState): number => Math.ceil(totalCircles(s) / 2);

/** Adds a log line for an audience. */
/** Log lines kept in the state (views show the latest; the session's history keeps every move). */
export const LOG_KEEP = 60;

export function note(s: KpState, to: KpState['log'][number]['to'], text: string): void {
  const log = writable(s, 'log');
  const n = (log.at(-1)?.n ?? 0) + 1;
  log.push({ n, turn: s.turn, to, text });
  if (log.length > LOG_KEEP + 20) log.splice(0, log.length - LOG_KEEP);
}
