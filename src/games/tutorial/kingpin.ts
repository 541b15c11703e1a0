/**
 * The Kingpin tutorials, one per side. In the Cartel's the newcomer acts in every turn and sees
 * the whole Hidden board, against the computer's Methodical Hunters; the arrangement loads the
 * dice (every die shows 6) so the Hunters' searches succeed and the newcomer meets Fix and Finish
 * early. In the Hunters' the newcomer finds, Fixes and captures against a Careless Cartel (the
 * Reckless strategy), which moves Chapo in the open on turn 2.
 */
import type { KpState } from '../kingpin/types.ts';
import { defineTutorial } from './tutorial.ts';

const cartelTurnOver = (s: KpState): boolean => s.turn >= 2 || (s.phase !== 'setup' && s.phase !== 'cartel');

export const kingpinTutorial = defineTutorial<KpState, unknown>({
  game: 'kingpin',
  side: { id: 'cartel', name: 'the Cartel' },
  minutes: 9,
  seed: 'tutorial-kingpin',
  options: { host: 'cartel' },
  arrangement: { dice: Array.from({ length: 200 }, () => 6) },
  newcomerSeat: 0,
  computers: [{ strategy: 'methodical', name: 'Methodical Hunters' }],
  steps: [
    {
      id: 'hide',
      title: 'Hide El Chapo',
      teach:
        'You play the Cartel. Behind your screen you place the Defense and three Needs you drew, then Chapo himself, on your Hidden board; the Hunters see none of it.',
      next: 'The Cartel places its cards and Chapo from **My view**.',
      done: ({ state }) => state.phase !== 'setup',
    },
    {
      id: 'chapo',
      title: 'The Cartel’s turn',
      teach:
        'Each Cartel turn has up to three actions, at most two for Chapo: move him, or Fulfil a Need at his Location once a turn (fulfilled Needs fill the circles you need to win). Placing a Defense costs an action, two if marked $$.',
      next: 'The Cartel moves Chapo, fulfils a Need or places Defenses from **My view**, then presses **End the Cartel turn**.',
      glossary: ['Needs', 'Defense'],
      // Public markers only (the board is public): the Cartel's turn is over when the Hunters move.
      done: ({ state }) => cartelTurnOver(state),
    },
    {
      id: 'hunt',
      title: 'The hunt: Fix and Finish',
      teach:
        'The Hunters send Intelligence, Police and the Marina. A success Fixes a card on the public board, where Police and the Marina can Finish it; when they search a Location, you choose what they Fix there.',
      next: 'Watch the Hunters’ turn on the board; when they search your Location, choose what to Fix in **My view**.',
      glossary: ['Fix', 'Finish', 'Lead'],
      done: ({ state }) => state.turn >= 2,
    },
    {
      id: 'defenses',
      title: 'Defenses and the screen',
      teach:
        'Defenses protect the network where the Hunters look: place or move them there. A Hidden Defense that stops the Hunters is announced only as “a Hidden Defense was used”, so they never learn where it stood.',
      next: 'The Cartel takes its turn in **My view**; a Defense is placed in two choices, the card and then where.',
      done: ({ state }) => state.turn >= 3,
    },
    {
      id: 'survive',
      title: 'Eight turns',
      teach:
        'The Cartel wins if Chapo is still free after eight turns with at least half the Needs circles filled; the Hunters win by capturing him. Keep fulfilling Needs and moving your Defenses where the Hunters look.',
      next: 'The Cartel takes its turn in **My view** and ends it.',
      done: ({ over }) => over,
    },
  ],
  reasons: {
    'setup-place':
      'This box or Location is legal for the card, and it keeps the Needs on suitable terrain close to Chapo.',
    'move-chapo': 'Chapo moves to where he can fulfil a Need, away from where the Hunters have Fixed things.',
    fulfil: 'Chapo stands at this Need’s Location, so fulfilling it fills a circle.',
    pick: 'This Defense is worth placing now.',
    'place-defense': 'This Defense guards the place the Hunters are most likely to search next.',
    'move-defense': 'This Defense is more useful where the Hunters are looking now.',
    'end-turn': 'Your useful actions are spent: end the turn and let the Hunters move.',
    'choose-fix':
      'Give up the least valuable thing at that Location, so Chapo and your best cards stay hidden.',
    'draw-need': 'A new Need gives Chapo another circle to fill.',
    'place-need': 'This Location suits the Need’s terrain.',
  },
});

/** Public markers only (the board is public): where the Hunters' turn has got to. */
const huntersPast = (s: KpState, phases: readonly string[]): boolean =>
  s.phase !== 'setup' && s.phase !== 'cartel' && !phases.includes(s.phase);

export const kingpinHuntersTutorial = defineTutorial<KpState, unknown>({
  game: 'kingpin',
  side: { id: 'hunters', name: 'the Hunters' },
  minutes: 8,
  seed: 'tutorial-kingpin-hunters-2',
  options: { host: 'hunters' },
  // Loaded dice, as in the Cartel's tutorial: every search the hints suggest succeeds.
  arrangement: { dice: Array.from({ length: 200 }, () => 6) },
  newcomerSeat: 0,
  computers: [{ strategy: 'reckless', name: 'Careless Cartel' }],
  steps: [
    {
      id: 'intel',
      title: 'Intelligence finds people',
      teach:
        'You play the Hunters; the Cartel hides Chapo, its Needs and Defenses behind its screen. Each turn starts with Intelligence: plan a pawn on a face-down topography card (a person around Chapo), confirm the plan, then resolve it to Find that person and their Leads.',
      next: 'The Hunters plan Intelligence in **My view**, confirm the plan, then resolve each pawn.',
      glossary: ['Topography', 'Find', 'Lead'],
      done: ({ state }) => state.turn >= 2 || huntersPast(state, ['intel-plan', 'intel-resolve']),
    },
    {
      id: 'fix',
      title: 'Fix, then send Police',
      teach:
        'A found person’s Lead is a Location they are linked to: moving the card there Fixes it on the public board. Then plan Police (and the Marina) on Fixed cards, Leads or Locations, confirm, and resolve each pawn: a success Fixes what the Cartel hid there.',
      next: 'The Hunters Fix a found card at its Lead, then plan and resolve Police and the Marina in **My view**.',
      glossary: ['Fix', 'Marina'],
      done: ({ state }) => state.turn >= 2,
    },
    {
      id: 'screen',
      title: 'Behind the screen',
      teach:
        'Between your turns the Cartel moves Chapo, fulfils Needs and places Defenses where you cannot see. Read the board’s latest lines: a Chapo moved in the open is Fixed where everyone sees him.',
      next: 'The Hunters plan and resolve Intelligence in **My view**; then look where Chapo was seen.',
      glossary: ['Needs', 'Defense'],
      done: ({ state }) =>
        state.turn >= 3 || (state.turn >= 2 && huntersPast(state, ['intel-plan', 'intel-resolve'])),
    },
    {
      id: 'capture',
      title: 'Capture El Chapo',
      teach:
        'A Fixed Chapo is captured by the Marina striking his Location with enough Police there (more where Defenses guard him). Miss, and he slips behind the screen again; the Cartel wins if he is free after eight turns.',
      next: 'The Hunters send Police and the Marina to where Chapo is Fixed, from **My view**, and resolve them.',
      glossary: ['Marina', 'Finish'],
      done: ({ over }) => over,
    },
  ],
  reasons: {
    'add-pawn':
      'Intelligence goes to face-down people and their Leads first; Police and the Marina to Fixed cards, Leads and a Fixed Chapo.',
    'remove-pawn': 'That pawn is better used elsewhere.',
    confirm: 'Every useful pawn is planned: confirm the plan to resolve it.',
    resolve: 'Resolving the pawns in the plan’s order is as good as any, and this one is next.',
    'fix-card':
      'A found card moved to its Lead’s Location is Fixed on the public board, where Police can search it.',
  },
});
