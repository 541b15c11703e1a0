/**
 * The state of the strategy on the table, read-only: which techniques still count, which
 * reality checks are defeated, and whether the strategy is intact.
 */
import type { Crisis, RealityCheck, Technique } from './cards/schema.ts';
import type { CardIndex } from './cardset.ts';
import { checksOf, crisis, fits, realityCheck, technique } from './cardset.ts';
import type { CdState, FieldCrisis, PlacedTechnique, PlayedCheck } from './types.ts';

export function fieldCrisis(s: CdState, id: string | null): FieldCrisis | undefined {
  return id === null ? undefined : s.field.find((f) => f.card === id);
}

export function turnCrisis(s: CdState): FieldCrisis | undefined {
  return fieldCrisis(s, s.turn.crisis);
}

/** A played check is defeated when an undefeated Think Outside the Box targets it (chains alternate). */
export function isDefeated(
  cards: CardIndex,
  plays: readonly PlayedCheck[],
  check: string,
  depth = 0,
): boolean {
  if (depth > plays.length) return false;
  return plays.some(
    (p) =>
      p.on === check &&
      realityCheck(cards, p.card).effect.type === 'think-outside-the-box' &&
      !isDefeated(cards, plays, p.card, depth + 1),
  );
}

/** Countered: lost to a challenge, or hit by a counter that nothing defeated. */
export function isCountered(cards: CardIndex, s: CdState, t: PlacedTechnique): boolean {
  if (t.lost) return true;
  return s.turn.plays.some(
    (p) =>
      p.on === t.card &&
      realityCheck(cards, p.card).effect.type === 'counter' &&
      !isDefeated(cards, s.turn.plays, p.card),
  );
}

/** Under a Manager Challenge or Hardcore justification that is not settled yet. */
export const isUnderChallenge = (s: CdState, t: PlacedTechnique): boolean =>
  s.turn.challenges.some((c) => c.technique === t.card);

export interface FitInput {
  t: Technique;
  techMods: RealityCheck[];
  c: Crisis;
  crisisMods: RealityCheck[];
}

export function fitInput(cards: CardIndex, f: FieldCrisis, t: PlacedTechnique): FitInput {
  return {
    t: technique(cards, t.card),
    techMods: checksOf(cards, t.mods),
    c: crisis(cards, f.card),
    crisisMods: checksOf(cards, f.modifiers),
  };
}

export function placedFits(cards: CardIndex, f: FieldCrisis, t: PlacedTechnique): boolean {
  const i = fitInput(cards, f, t);
  return fits(i.t, i.techMods, i.c, i.crisisMods);
}

/** Techniques on the crisis that still count toward the strategy. */
export function standingTechniques(cards: CardIndex, s: CdState, f: FieldCrisis): PlacedTechnique[] {
  return f.techniques.filter((t) => !isCountered(cards, s, t) && placedFits(cards, f, t));
}

export const required = (cards: CardIndex, f: FieldCrisis): number =>
  crisis(cards, f.card).techniquesRequired;

export function isIntact(cards: CardIndex, s: CdState): boolean {
  const f = turnCrisis(s);
  return f !== undefined && standingTechniques(cards, s, f).length >= required(cards, f);
}

/**
 * Would adding this crisis modifier leave fewer techniques standing? The self-defeatist rule (R12)
 * counts the whole strategy; with `owner`, only that seat's techniques count (R33).
 */
export function modifierHurts(
  cards: CardIndex,
  s: CdState,
  f: FieldCrisis,
  modifier: string,
  by: number,
  owner?: number,
): boolean {
  const counted = (t: PlacedTechnique) => owner === undefined || t.owner === owner;
  // Nothing to hurt: skip the two standing counts (planPlay asks this for every Target card).
  if (!f.techniques.some(counted)) return false;
  const count = (x: FieldCrisis) => standingTechniques(cards, s, x).filter(counted).length;
  return count({ ...f, modifiers: [...f.modifiers, { card: modifier, by }] }) < count(f);
}

/**
 * Would this reality check, added to the turn's plays, leave fewer of `owner`'s techniques
 * standing? (A Think Outside the Box against the one defending them does: B5, R33.)
 */
export const playHurtsOwner = (
  cards: CardIndex,
  s: CdState,
  f: FieldCrisis,
  play: PlayedCheck,
  owner: number,
): boolean => ownStandingChange(cards, s, f, play, owner) < 0;

/** Would it bring back one of `owner`'s techniques (a Think Outside the Box defending it: R34)? */
export const playHelpsOwner = (
  cards: CardIndex,
  s: CdState,
  f: FieldCrisis,
  play: PlayedCheck,
  owner: number,
): boolean => ownStandingChange(cards, s, f, play, owner) > 0;

function ownStandingChange(
  cards: CardIndex,
  s: CdState,
  f: FieldCrisis,
  play: PlayedCheck,
  owner: number,
): number {
  if (!f.techniques.some((t) => t.owner === owner)) return 0;
  const mine = (x: CdState) => standingTechniques(cards, x, f).filter((t) => t.owner === owner).length;
  return mine({ ...s, turn: { ...s.turn, plays: [...s.turn.plays, play] } }) - mine(s);
}

/**
 * Collect It All allows one Target card on a crisis: any card that changes its difficulty, so
 * Really Hard Target counts with Hard/Soft/Very Hard/Very Soft Target (ruling R13).
 */
export const targetCardOn = (cards: CardIndex, f: FieldCrisis): string | undefined =>
  f.modifiers.find((m) => realityCheck(cards, m.card).effect.type === 'difficulty')?.card;

export const hasTargetCard = (cards: CardIndex, f: FieldCrisis): boolean =>
  targetCardOn(cards, f) !== undefined;

/** Which techniques in a hand fit the crisis right now (crisis modifiers counted, no technique mods). */
export function fittingFromHand(cards: CardIndex, f: FieldCrisis, hand: readonly string[]): string[] {
  const c = crisis(cards, f.card);
  const mods = checksOf(cards, f.modifiers);
  return hand.filter(
    (id) => cards.byId.get(id)?.kind === 'technique' && fits(technique(cards, id), [], c, mods),
  );
}
