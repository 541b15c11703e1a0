/** Every game's tutorial (issue #18), by game id. */
import { collectionTutorial } from './collection.ts';
import { collectionDeckTutorial } from './collection-deck.ts';
import { itemCollectionTutorial } from './item-collection.ts';
import { kingpinTutorial } from './kingpin.ts';
import { storytellingTutorial } from './storytelling.ts';
import type { Tutorial } from './tutorial.ts';

export const TUTORIALS: readonly Tutorial[] = [
  itemCollectionTutorial,
  collectionDeckTutorial,
  collectionTutorial,
  kingpinTutorial,
  storytellingTutorial,
];

export function findTutorial(game: string): Tutorial | undefined {
  return TUTORIALS.find((t) => t.game === game);
}

export { hint, stepContext, tutorialSeats, tutorialStep, type Hint, type Tutorial } from './tutorial.ts';
