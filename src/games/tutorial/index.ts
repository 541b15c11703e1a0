/** Tutorials (issue #18): each game's are registered with it (src/games/index.ts, `TUTORIALS`). */
export {
  defineTutorial,
  findTutorialIn,
  hint,
  stepContext,
  tutorialId,
  tutorialSeats,
  tutorialStep,
  type Hint,
  type Tutorial,
} from './tutorial.ts';
