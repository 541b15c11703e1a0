/**
 * The Item Collection tutorial: two rounds (the round cap ends it), the newcomer starts round 1
 * and three computers (honest, opportunist, reciprocator) show claims, promises and scoring.
 */
import type { IcgState, IcgView } from '../item-collection/index.ts';
import { defineTutorial } from './tutorial.ts';

const NEWCOMER = 0;

export const itemCollectionTutorial = defineTutorial<IcgState, IcgView>({
  game: 'item-collection',
  minutes: 6,
  seed: 'tutorial-item-collection',
  options: { rounds: 2 },
  arrangement: {
    // Top card first: each seat holds its first seven.
    decks: [
      ['A', 'K', '9', '7', '5', '3', '2', 'Q', 'J', '10', '8', '6', '4'],
      ['Q', '10', '8', '6', '4', '3', '2', 'A', 'K', 'J', '9', '7', '5'],
      ['J', '9', '7', '5', '4', '3', '2', 'A', 'K', 'Q', '10', '8', '6'],
      ['10', '8', '6', '5', '4', '3', '2', 'A', 'K', 'Q', 'J', '9', '7'],
    ],
    startingSeat: NEWCOMER,
  },
  newcomerSeat: NEWCOMER,
  computers: [
    { strategy: 'honest', name: 'Honest Hana' },
    { strategy: 'opportunist', name: 'Opportunist Otto' },
    { strategy: 'reciprocator', name: 'Reciprocator Rui' },
  ],
  steps: [
    {
      id: 'joker',
      title: 'The joker: High or Low',
      teach:
        'Each round the starting player turns a joker: with **High** the highest lone card scores, with **Low** the lowest. You start this round: pick the joker under which your cards and the table’s are most likely to score.',
      next: 'The starting player chooses **High** or **Low** on the board.',
      done: ({ state }) => state.modeChosen || state.round > 1,
    },
    {
      id: 'negotiate',
      title: 'Negotiation',
      teach:
        'Before anyone plays, the table talks: in a real game you would agree which cards to play so that several score. **Promise** puts a public statement on the record; press **Ready** when you are done talking.',
      next: 'Everyone presses **Ready** on the board.',
      glossary: ['Prisoner’s dilemma'],
      done: ({ state }) => state.phase !== 'negotiation' || state.round > 1,
    },
    {
      id: 'declare',
      title: 'Declaration: claim and place',
      teach:
        'In turn, each player says a card out loud (the claim, which may be a bluff) and places a card face down (secret). Playing honestly means claiming the card you place.',
      next: 'The player whose turn it is declares from **My view**.',
      done: ({ state }) => state.phase === 'swap' || state.round > 1 || state.outcome !== null,
    },
    {
      id: 'swap',
      title: 'The starting player’s swap',
      teach:
        'Having heard every claim, the starting player may swap their face-down card once, or keep it. It is the last chance to change the outcome of the round.',
      next: 'The starting player presses **Keep my card** or swaps, in **My view**.',
      done: ({ state }) => state.round > 1 || state.outcome !== null,
    },
    {
      id: 'score',
      title: 'Reveal and scoring',
      teach:
        'The four cards are revealed: four of a kind, straights and pairs score together, otherwise only the single highest (High) or lowest (Low) card scores. Losing cards go back into their owner’s deck.',
      next: 'A new round: the next player turns the joker and everyone presses **Ready**.',
      done: ({ state }) => (state.round > 1 && state.phase !== 'negotiation') || state.outcome !== null,
    },
    {
      id: 'finish',
      title: 'Winning',
      teach:
        'Scoring five cards wins, and everyone who reaches five in the same round wins together. This short table ends at its round cap instead: the most scored cards win.',
      next: 'Declare again when your turn comes; the reveal ends the tutorial.',
      done: ({ over }) => over,
    },
  ],
  reasons: {
    mode: 'Under this joker the cards the table is likely to play score best, your own among them.',
    ready: 'Nothing more to say: pressing Ready lets the declarations begin.',
    promise: 'A promise shows the table how you will play, which invites them to play with you.',
    declare:
      'An honest claim of a strong card tells the others what to expect; bluffing can pay once but costs you their trust.',
    claim: 'Claim the card you are placing: honest claims build trust.',
    place: 'Place the card you claimed, so your claim is true.',
    keep: 'Your card already has the best chance to score in this round, so keep it.',
    swap: 'Another card of yours fits the table better than the one you placed.',
  },
});
