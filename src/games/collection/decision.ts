/** A computer analyst's choice with its reason in the game's terms, for the post-game review. */
import type { ColAction } from './types.ts';

export interface Decision {
  action: ColAction;
  /** Why, in COLLECTION's words: "Scenario A is complete…", "crisis 8 is too close to ten…". */
  why: string;
}
