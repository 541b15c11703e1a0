/**
 * Collection Deck (CIA v4.3) and CIA: Collect It All, bound to the project's card set.
 */
import { loadCards } from './cards/index.ts';
import { createEngine } from './engine.ts';

export const collectionDeck = createEngine(loadCards);

export { createEngine, RULES_SUMMARY } from './engine.ts';
export type { CollectionDeckEngine } from './engine.ts';
export type { CardSet } from './cardset.ts';
export type { CdAction, CdOptions, CdState } from './types.ts';
export type { CdView } from './view.ts';
