/**
 * The three decks of the storytelling variant, built from the Collection Deck card set:
 * techniques with the helpful (non-counter) reality checks, the crises, and the 12 Manager
 * Challenge cards read by their Resolution face. The Resolution faces are checked here with
 * zod when the variant's cards are first used.
 */
import { z } from 'zod';
import type { CardIndex } from '../collection-deck/cardset.ts';
import { crisis, fits, indexCards, realityCheck, technique } from '../collection-deck/cardset.ts';
import {
  loadCards,
  RESOLUTION_OUTCOMES,
  RESOLUTIONS,
  type Resolution,
} from '../collection-deck/cards/index.ts';
import type { RealityCheck } from '../collection-deck/cards/schema.ts';
import type { TableCrisis } from './types.ts';

export const resolutionSchema = z
  .object({
    card: z.string().regex(/^R\d{2}$/),
    outcome: z.enum(RESOLUTION_OUTCOMES),
    text: z.string().min(10).max(120),
  })
  .strict();

/** How the outcomes rank when a player keeps the better of two cards (S8). */
export const OUTCOME_RANK: Record<Resolution['outcome'], number> = {
  'success-and': 4,
  'success-but': 3,
  'failure-but': 2,
  'failure-and': 1,
};

export const OUTCOME_LABEL: Record<Resolution['outcome'], string> = {
  'success-and': 'Success, and…',
  'success-but': 'Success, but…',
  'failure-but': 'Failure, but…',
  'failure-and': 'Failure, and…',
};

export const isSuccess = (r: Resolution): boolean => r.outcome.startsWith('success');

export interface StoryCards {
  index: CardIndex;
  /** Resolution face by Manager Challenge card id. */
  resolutions: ReadonlyMap<string, Resolution>;
}

/** The helpful reality checks: those that change a difficulty, a range or an aspect (S2). */
export const isHelpful = (check: RealityCheck): boolean =>
  check.effect.type === 'difficulty' ||
  check.effect.type === 'extend-range' ||
  check.effect.type === 'add-aspect';

let loaded: StoryCards | undefined;

/** Parses every Resolution face and checks each Manager Challenge has exactly one. */
export function storyCards(): StoryCards {
  if (loaded) return loaded;
  const index = indexCards(loadCards());
  const faces = z.array(resolutionSchema).parse(RESOLUTIONS);
  const challenges = index.set.realityChecks
    .filter((r) => r.effect.type === 'manager-challenge')
    .map((r) => r.id);
  const byCard = new Map<string, Resolution>();
  for (const face of faces) {
    if (byCard.has(face.card)) throw new Error(`two Resolution faces for ${face.card}`);
    if (!challenges.includes(face.card)) throw new Error(`${face.card} is not a Manager Challenge`);
    byCard.set(face.card, face);
  }
  const missing = challenges.filter((id) => !byCard.has(id));
  if (missing.length > 0) throw new Error(`no Resolution face for ${missing.join(', ')}`);
  loaded = { index, resolutions: byCard };
  return loaded;
}

export function resolutionOf(cards: StoryCards, id: string): Resolution {
  const r = cards.resolutions.get(id);
  if (!r) throw new Error(`not a Resolution card: ${id}`);
  return r;
}

/** Card ids of the three decks, unshuffled. */
export function decks(cards: StoryCards): { deck: string[]; crises: string[]; resolutions: string[] } {
  const { set } = cards.index;
  return {
    deck: [...set.techniques.map((t) => t.id), ...set.realityChecks.filter(isHelpful).map((r) => r.id)],
    crises: set.crises.map((c) => c.id),
    resolutions: [...cards.resolutions.keys()],
  };
}

export const isTechniqueCard = (cards: StoryCards, id: string): boolean =>
  cards.index.byId.get(id)?.kind === 'technique';
export const isCheckCard = (cards: StoryCards, id: string): boolean =>
  cards.index.byId.get(id)?.kind === 'reality';
export const nameOf = (cards: StoryCards, id: string): string => cards.index.byId.get(id)?.name ?? id;

/** Whether the technique fits the crisis with the reality checks resting on it (S3). */
export function fitsCrisis(cards: StoryCards, techniqueId: string, tc: TableCrisis): boolean {
  const checks = tc.checks.map((c) => realityCheck(cards.index, c.card));
  const onTechnique = checks.filter((c) => c.effect.type !== 'difficulty');
  const onCrisis = checks.filter((c) => c.effect.type === 'difficulty');
  return fits(technique(cards.index, techniqueId), onTechnique, crisis(cards.index, tc.card), onCrisis);
}

/** The crisis's difficulty with the Target cards resting on it (S2), for a technique without immunities. */
export function crisisDifficulty(cards: StoryCards, tc: TableCrisis): number {
  const c = crisis(cards.index, tc.card);
  const targets = tc.checks.map((x) => realityCheck(cards.index, x.card));
  return targets.reduce((d, r) => d + (r.effect.type === 'difficulty' ? r.effect.delta : 0), c.difficulty);
}

/** A discipline already used on this crisis blocks another technique of it (the one-per-discipline rule). */
export const disciplineTaken = (cards: StoryCards, techniqueId: string, tc: TableCrisis): boolean => {
  const d = technique(cards.index, techniqueId).discipline;
  return tc.techniques.some((p) => technique(cards.index, p.card).discipline === d);
};

export const canCollect = (cards: StoryCards, techniqueId: string, tc: TableCrisis): boolean =>
  isTechniqueCard(cards, techniqueId) &&
  fitsCrisis(cards, techniqueId, tc) &&
  !disciplineTaken(cards, techniqueId, tc);

export const required = (cards: StoryCards, tc: TableCrisis): number =>
  crisis(cards.index, tc.card).techniquesRequired;

export const canOperate = (cards: StoryCards, tc: TableCrisis): boolean =>
  tc.techniques.length >= required(cards, tc);

/** Target cards: only one of them may rest on a crisis (base game rule, kept). */
export const isTarget = (cards: StoryCards, id: string): boolean =>
  realityCheck(cards.index, id).effect.type === 'difficulty';
