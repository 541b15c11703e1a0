/** Tutorials (issue #18): each game's is registered with it (src/games/index.ts, `TUTORIALS`). */
export {
  defineTutorial,
  hint,
  stepContext,
  tutorialSeats,
  tutorialStep,
  type Hint,
  type Tutorial,
} from './tutorial.ts';
