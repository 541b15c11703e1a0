/**
 * Compact constructors for the card data files. Aspects and ranges are written the way the
 * printed card shows them ('PMW', '3-7'), which keeps the data readable; the template-literal
 * types reject a typo at compile time, and loadCards() re-checks everything against schema.ts.
 */
import type {
  CrisisKind,
  Crisis,
  Discipline,
  RealityCheck,
  RealityEffect,
  Technique,
  TechniqueTag,
  Aspect,
} from './schema.ts';

type Digit = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** A difficulty range as printed, e.g. '3-7'. */
export type RangeCode = `${Digit}-${Digit}`;
/** Aspects in card order (P, M, E, W), e.g. 'PMW'. */
export type AspectCode =
  'P' | 'M' | 'E' | 'W' | 'PM' | 'PE' | 'PW' | 'ME' | 'MW' | 'EW' | 'PME' | 'PMW' | 'PEW' | 'MEW' | 'PMEW';

const aspectsOf = (code: AspectCode): Aspect[] => [...code] as Aspect[];

export interface TechniqueDetails {
  description: string;
  tags?: TechniqueTag[];
  /** Names of reality checks this technique ignores. */
  notAffectedBy?: string[];
  onlyTargets?: CrisisKind[];
}

/** Builds the technique constructor for one discipline's data file. */
export function techniquesOf(discipline: Discipline) {
  return (
    id: string,
    name: string,
    aspects: AspectCode,
    range: RangeCode,
    details: TechniqueDetails,
  ): Technique => {
    const [min, max] = range.split('-').map(Number) as [number, number];
    const card: Technique = {
      kind: 'technique',
      id,
      name,
      discipline,
      description: details.description,
      aspects: aspectsOf(aspects),
      range: { min, max },
      tags: details.tags ?? [],
      notAffectedBy: details.notAffectedBy ?? [],
    };
    return details.onlyTargets ? { ...card, onlyTargets: details.onlyTargets } : card;
  };
}

export function crisis(
  id: string,
  name: string,
  crisisKind: CrisisKind,
  techniquesRequired: 1 | 2 | 3,
  aspects: AspectCode,
  difficulty: number,
  details: { description: string },
): Crisis {
  return {
    kind: 'crisis',
    id,
    name,
    description: details.description,
    crisisKind,
    techniquesRequired,
    aspects: aspectsOf(aspects),
    difficulty,
  };
}

export function realityCheck(
  id: string,
  name: string,
  effect: RealityEffect,
  details: { description: string },
): RealityCheck {
  return { kind: 'reality', id, name, description: details.description, effect };
}

// Effect shorthands for reality-checks.ts.
export const difficultyDelta = (delta: -2 | -1 | 1 | 2): RealityEffect => ({ type: 'difficulty', delta });
export const counter = (target: { discipline?: Discipline; tag?: TechniqueTag } = {}): RealityEffect => ({
  type: 'counter',
  ...target,
});
export const extendRange = (by: 1 | 2): RealityEffect => ({ type: 'extend-range', by });
export const addAspect = (aspect: Aspect): RealityEffect => ({ type: 'add-aspect', aspect });
export const THINK_OUTSIDE_THE_BOX: RealityEffect = { type: 'think-outside-the-box' };
/** A Manager Challenge asking `question` of the challenged player. */
export const managerChallenge = (question: string): RealityEffect => ({
  type: 'manager-challenge',
  question,
});
