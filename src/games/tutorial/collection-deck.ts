/**
 * The Collection Deck tutorial: the CIA edition without Manager Challenges, one round, the
 * newcomer against one computer Analyst. A fixed seed deals the same hands and Field every time.
 */
import type { CdState } from '../collection-deck/types.ts';
import { defineTutorial } from './tutorial.ts';

const NEWCOMER = 0;
/** Strategies laid down and settled so far (solved or failed). */
const settled = (s: CdState): number => s.stats.solved + s.stats.failed;

export const collectionDeckTutorial = defineTutorial<CdState, unknown>({
  game: 'collection-deck',
  minutes: 7,
  seed: 'tutorial-collection-deck',
  options: { edition: 'cia', challenge: false, rounds: 1, window: 600 },
  newcomerSeat: NEWCOMER,
  computers: [{ strategy: 'analyst', name: 'Analyst Ada' }],
  steps: [
    {
      id: 'field',
      title: 'The Field and your hand',
      teach:
        'The crises on the Field are the intelligence problems of the day: each gives points, needs some aspects (P, M, E, W) and has a difficulty. Your hand holds collection techniques and reality checks.',
      next: 'The player whose turn it is picks a crisis from **My view**.',
      glossary: ['Crisis', 'The Field'],
      done: ({ state }) => state.stats.strategies > 0 || state.turn.crisis !== null || state.phase !== 'play',
    },
    {
      id: 'strategy',
      title: 'A collection strategy',
      teach:
        'Target the crisis with as many techniques as it gives points; each must share an aspect with it and reach its difficulty with its range. Then commit the strategy.',
      next: 'The player building a strategy ticks its techniques and presses **Commit the strategy** in **My view**.',
      glossary: ['Collection strategy', 'Collection technique', 'Difficulty and range'],
      done: ({ state }) => state.stats.strategies > 0 || state.phase !== 'play',
    },
    {
      id: 'disruption',
      title: 'Disruption and response',
      teach:
        'The other players now play “the system”: reality checks that disrupt a technique. The player whose strategy it is may respond, for example with Think Outside the Box.',
      next: 'Disrupt or respond from **My view**, or let the strategy through on the board.',
      glossary: ['Reality check', 'Disruption', 'Think Outside the Box'],
      done: ({ state }) => settled(state) >= 1 || state.phase !== 'play',
    },
    {
      id: 'system',
      title: 'Your turn to be the system',
      teach:
        'When another player commits a strategy, you may disrupt it with a reality check from your hand, or let it through. A strategy that survives solves its crisis and scores its points.',
      next: 'When a strategy is committed, disrupt it from **My view** or press **Let it through**; on your turn, build one or **Pass**.',
      done: ({ state }) => settled(state) >= 2 || state.phase !== 'play',
    },
    {
      id: 'round',
      title: 'Passing and the end of a round',
      teach:
        'Build strategies while your hand allows; when nothing fits, pass. When everyone passes in a row the round ends: the Field is refilled, you may discard, and hands are refilled to seven.',
      next: 'Build a strategy or press **Pass** in **My view**; everyone passing ends the round.',
      done: ({ state }) => state.phase !== 'play',
    },
    {
      id: 'winning',
      title: 'Winning',
      teach:
        'In the CIA edition the first to 10 points wins. This short table ends after one round instead: the most points win.',
      next: 'Everyone passing in a row ends the round, and with it this tutorial.',
      done: ({ over }) => over,
    },
  ],
  reasons: {
    'select-crisis':
      'Your hand holds enough techniques that fit this crisis: its aspects match and their ranges reach its difficulty.',
    'add-techniques':
      'These techniques share an aspect with the crisis and their ranges cover its difficulty, so together they make a valid strategy.',
    commit: 'The strategy is complete: commit it so the others get their chance to disrupt it.',
    play: 'This card answers what is happening now: it replaces or saves a technique of your strategy, or breaks one of the other player’s.',
    pass: 'Nothing in your hand makes a better move now, so pass.',
    discard: 'Throw away cards that will not help you next round; you draw back up to seven.',
    cancel: 'This strategy cannot succeed any more; take it back.',
  },
});
