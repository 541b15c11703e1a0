/**
 * Card-level rules a rules engine builds on: whether a technique can be used against a
 * crisis, and whether a counter reality check hits a technique. Pure functions of the cards.
 */
import type { Crisis, RealityCheck, Technique } from './schema.ts';

/** Why a technique cannot be used against a crisis (empty list = it fits). */
export type Misfit = 'no-shared-aspect' | 'out-of-range' | 'kind-not-allowed';

/**
 * Why the printed technique cannot be used against the printed crisis. Reality checks in
 * play (Targets, range extensions, added aspects) are the rules engine's business.
 */
export function techniqueMisfits(technique: Technique, crisis: Crisis): Misfit[] {
  const misfits: Misfit[] = [];
  if (!crisis.aspects.some((aspect) => technique.aspects.includes(aspect))) misfits.push('no-shared-aspect');
  if (crisis.difficulty < technique.range.min || crisis.difficulty > technique.range.max)
    misfits.push('out-of-range');
  if (technique.onlyTargets && !technique.onlyTargets.includes(crisis.crisisKind))
    misfits.push('kind-not-allowed');
  return misfits;
}

/** The rulebooks' two conditions (shared aspect, range covers difficulty) plus "Can only target". */
export const techniqueFits = (technique: Technique, crisis: Crisis): boolean =>
  techniqueMisfits(technique, crisis).length === 0;

/** Techniques from `techniques` that fit the printed crisis. */
export const fittingTechniques = (crisis: Crisis, techniques: readonly Technique[]): Technique[] =>
  techniques.filter((technique) => techniqueFits(technique, crisis));

/** A crisis is solvable when enough distinct techniques fit it as printed. */
export const isSolvable = (crisis: Crisis, techniques: readonly Technique[]): boolean =>
  fittingTechniques(crisis, techniques).length >= crisis.techniquesRequired;

/** "Not affected by <name>" on the technique. */
export const isNotAffectedBy = (technique: Technique, check: RealityCheck): boolean =>
  technique.notAffectedBy.includes(check.name);

/**
 * Whether a counter reality check can counter this technique: every criterion the card
 * names (discipline, tag) must match, a card naming neither counters anything, and a
 * technique that is "not affected by" the card's name is immune. Non-counters never hit.
 */
export function counterHits(check: RealityCheck, technique: Technique): boolean {
  const { effect } = check;
  if (effect.type !== 'counter' || isNotAffectedBy(technique, check)) return false;
  if (effect.discipline !== undefined && effect.discipline !== technique.discipline) return false;
  return effect.tag === undefined || technique.tags.includes(effect.tag);
}
