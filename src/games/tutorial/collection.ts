/**
 * The COLLECTION tutorial: seven analysts (the newcomer picks a role first, six computers take
 * the others), so the table fills reports quickly; the dice are loaded (every die shows 1) so a
 * newcomer sees reports, completed scenarios and victory within a few turns of their own.
 */
import type { ColState } from '../collection/types.ts';
import { adviseCollection } from './collection-hint.ts';
import { defineTutorial } from './tutorial.ts';

const NEWCOMER = 0;
const completed = (s: ColState): number => s.scenarios.filter((x) => x.completed).length;

export const collectionTutorial = defineTutorial<ColState, unknown>({
  game: 'collection',
  minutes: 8,
  seed: 'tutorial-collection',
  options: {},
  // Die faces used before the generator: a 1 is below every response level, so each roll reports.
  arrangement: { dice: Array.from({ length: 400 }, () => 1) },
  newcomerSeat: NEWCOMER,
  computers: [
    { strategy: 'analyst', name: 'Cam' },
    { strategy: 'analyst', name: 'Kit' },
    { strategy: 'analyst', name: 'Lou' },
    { strategy: 'analyst', name: 'Max' },
    { strategy: 'analyst', name: 'Noor' },
    { strategy: 'analyst', name: 'Pat' },
  ],
  steps: [
    {
      id: 'role',
      title: 'Your analytic role',
      teach:
        'COLLECTION is cooperative: the table wins or loses together. Each analyst has a role; the Political, Military and Economic Analysts engage and roll for their own colour of report.',
      next: 'The first analyst chooses a role from **My view**; the computers take the others.',
      done: ({ state }) => state.seats[NEWCOMER]?.role != null,
    },
    {
      id: 'actions',
      title: 'Two actions a turn',
      teach:
        'On your turn you take two actions: **Move** to a collector (DH, DO, NSA, NGA, OSE…), **Engage** it with a gem of your colour, or **Roll for reporting** there. The first gem puts the collector’s coin on the response ladder.',
      next: 'The analyst whose turn it is picks actions in **My view**.',
      glossary: ['Collector', 'Engagement', 'Response level'],
      done: ({ state }) => state.stats.turns >= 2 || state.outcome !== null,
    },
    {
      id: 'cards',
      title: 'Collection cards',
      teach:
        'After your actions you draw a collection card: a red one happens at once (often a crisis rises), a blue one helps you and may be held for a later turn.',
      next: 'Each analyst in turn takes two actions and draws a card; yours come in **My view**.',
      // Through the newcomer's second turn (the table has seven seats).
      done: ({ state }) => state.stats.turns > state.seats.length + 1 || state.outcome !== null,
    },
    {
      id: 'reports',
      title: 'Rolling for reports',
      teach:
        'A roll uses one die per gem of the colour; any die below the collector’s response level gives a report. A report fills the scenario’s circle or lowers its crisis; a full circle completes the scenario. (The dice are loaded in this tutorial.)',
      next: 'Roll where you have gems, from **My view**.',
      glossary: ['Report', 'Scenario'],
      done: ({ state }) => completed(state) >= 1 || state.outcome !== null,
    },
    {
      id: 'crises',
      title: 'Crises spread',
      teach:
        'Crisis Expansion cards open Scenarios B and C and raise crisis levels. If any crisis reaches 10 the table loses, so spread your work where the need is greatest.',
      next: 'Move to an open scenario that still needs reports and engage or roll there.',
      glossary: ['Crisis level'],
      done: ({ state }) => completed(state) >= 2 || state.outcome !== null,
    },
    {
      id: 'victory',
      title: 'Victory together',
      teach:
        'When the reports circles of all three scenarios are full, the table wins together; if any crisis reaches 10 first, the table loses together.',
      next: 'Keep engaging and rolling where the last scenario needs reports.',
      done: ({ over }) => over,
    },
  ],
  advise: adviseCollection,
  reasons: {
    role: 'The Political Analyst engages and rolls for political reports, which every scenario needs.',
    move: 'This collector is where your colour of report is most needed and your dice have the best chance.',
    engage:
      'Each gem here is one more die when you roll, and the first one puts this collector on the response ladder.',
    roll: 'Your gems here give you enough dice below the response level for a good chance of a report.',
    report: 'The circle needs this report to complete the scenario.',
    play: 'This blue card helps the table now.',
    hold: 'This blue card will help more on a later turn, so keep it.',
    end: 'Nothing more to gain this turn: end it and draw a collection card.',
  },
});
