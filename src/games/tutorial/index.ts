/** Every game's tutorial (issue #18), by game id. */
import { itemCollectionTutorial } from './item-collection.ts';
import type { Tutorial } from './tutorial.ts';

export const TUTORIALS: readonly Tutorial[] = [itemCollectionTutorial];

export function findTutorial(game: string): Tutorial | undefined {
  return TUTORIALS.find((t) => t.game === game);
}

export { hint, stepContext, tutorialSeats, tutorialStep, type Hint, type Tutorial } from './tutorial.ts';
