/**
 * The card set an engine plays with, and the matching rule: does a technique fit a crisis
 * once the reality checks resting on both are counted?
 */
import type { Card, Crisis, RealityCheck, Technique } from './cards/schema.ts';
import type { RestingCheck } from './types.ts';

export interface CardSet {
  techniques: readonly Technique[];
  crises: readonly Crisis[];
  realityChecks: readonly RealityCheck[];
}

export interface CardIndex {
  set: CardSet;
  byId: ReadonlyMap<string, Card>;
}

export function indexCards(set: CardSet): CardIndex {
  const byId = new Map<string, Card>();
  for (const card of [...set.techniques, ...set.crises, ...set.realityChecks]) {
    if (byId.has(card.id)) throw new Error(`duplicate card id ${card.id}`);
    byId.set(card.id, card);
  }
  return { set, byId };
}

export function technique(cards: CardIndex, id: string): Technique {
  const card = cards.byId.get(id);
  if (card?.kind !== 'technique') throw new Error(`not a technique: ${id}`);
  return card;
}

export function crisis(cards: CardIndex, id: string): Crisis {
  const card = cards.byId.get(id);
  if (card?.kind !== 'crisis') throw new Error(`not a crisis: ${id}`);
  return card;
}

export function realityCheck(cards: CardIndex, id: string): RealityCheck {
  const card = cards.byId.get(id);
  if (card?.kind !== 'reality') throw new Error(`not a reality check: ${id}`);
  return card;
}

export const isTechnique = (cards: CardIndex, id: string): boolean =>
  cards.byId.get(id)?.kind === 'technique';
export const isRealityCheck = (cards: CardIndex, id: string): boolean =>
  cards.byId.get(id)?.kind === 'reality';
export const isManagerChallenge = (cards: CardIndex, id: string): boolean => {
  const card = cards.byId.get(id);
  return card?.kind === 'reality' && card.effect.type === 'manager-challenge';
};

export function cardName(cards: CardIndex, id: string): string {
  return cards.byId.get(id)?.name ?? id;
}

/** Whether a technique is immune to a reality check ("Not affected by <name>"). */
export const immune = (t: Technique, check: RealityCheck): boolean => t.notAffectedBy.includes(check.name);

/** The crisis difficulty this technique faces: printed difficulty plus the modifiers it is not immune to. */
export function effectiveDifficulty(t: Technique, c: Crisis, crisisMods: readonly RealityCheck[]): number {
  let d = c.difficulty;
  for (const m of crisisMods) if (m.effect.type === 'difficulty' && !immune(t, m)) d += m.effect.delta;
  return d;
}

/** The technique's range once range extensions are counted (they stack). */
export function effectiveRange(
  t: Technique,
  techMods: readonly RealityCheck[],
): { min: number; max: number } {
  let by = 0;
  for (const m of techMods) if (m.effect.type === 'extend-range') by += m.effect.by;
  return { min: t.range.min - by, max: t.range.max + by };
}

export function effectiveAspects(t: Technique, techMods: readonly RealityCheck[]): string[] {
  const aspects = new Set<string>(t.aspects);
  for (const m of techMods) if (m.effect.type === 'add-aspect') aspects.add(m.effect.aspect);
  return [...aspects];
}

/**
 * The matching rule of both rulebooks: the technique shares an aspect with the crisis, its
 * range covers the crisis difficulty, and a "Can only target" line allows the crisis kind.
 */
export function fits(
  t: Technique,
  techMods: readonly RealityCheck[],
  c: Crisis,
  crisisMods: readonly RealityCheck[],
): boolean {
  if (t.onlyTargets && !t.onlyTargets.includes(c.crisisKind)) return false;
  const aspects = effectiveAspects(t, techMods);
  if (!c.aspects.some((a) => aspects.includes(a))) return false;
  const d = effectiveDifficulty(t, c, crisisMods);
  const r = effectiveRange(t, techMods);
  return r.min <= d && d <= r.max;
}

export const checksOf = (cards: CardIndex, resting: readonly RestingCheck[]): RealityCheck[] =>
  resting.map((r) => realityCheck(cards, r.card));
