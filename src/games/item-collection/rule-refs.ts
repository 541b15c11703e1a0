/** Refusals that teach: every error code of the Item Collection Game, its rule and what to do instead. */
import type { GameRuleRefs } from '../rule-refs.ts';

const NEGOTIATION = 'Gameplay: The Negotiation Phase';
const DECLARATION = 'The Declaration Phase';

export const itemCollectionRuleRefs: GameRuleRefs = {
  book: 'Item Collection Game',
  rulings: 'item-collection',
  codes: {
    'already-claimed': {
      section: DECLARATION,
      ruling: 'R5',
      instead: 'Place your face-down card now; your claim stands as said.',
    },
    'already-placed': {
      section: DECLARATION,
      ruling: 'R5',
      instead: 'Wait for the others to declare; the starting player may still swap at the end.',
    },
    'already-promised': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Talk it over in the channel, then press Ready.',
    },
    'already-ready': {
      section: NEGOTIATION,
      ruling: 'R4',
      instead: 'Wait for the other players to press Ready, or for the negotiation timer.',
    },
    'card-not-in-hand': {
      section: DECLARATION,
      instead: 'Choose one of the cards shown in your private view (My view).',
    },
    'duplicate-player': {
      section: 'Setup',
      ruling: 'R14',
      instead: 'Seat four different players (computer players may fill seats).',
    },
    'game-over': {
      section: 'Ending the Round and Winning the Game',
      ruling: 'R15',
      instead: 'Read the debrief, or start a new game with /game start.',
    },
    'invalid-action': {
      section: 'Gameplay',
      instead: 'Use the buttons on the board or in My view.',
    },
    'invalid-arrangement': {
      section: 'Setup',
      instead: 'Fix the arrangement (each seat deals from its own suit), or start without one.',
    },
    'invalid-options': {
      section: 'Setup',
      ruling: 'R11',
      instead: 'Start again with the options /game help lists.',
    },
    'mode-already-chosen': {
      section: NEGOTIATION,
      ruling: 'R3',
      instead: 'Negotiate with the joker as it lies, then press Ready.',
    },
    'mode-not-chosen': {
      section: NEGOTIATION,
      ruling: 'R3',
      instead: 'Turn the black joker (High) or the red joker (Low) first, then press Ready.',
    },
    'not-a-player': {
      section: 'Setup',
      ruling: 'R14',
      instead: 'Watch the table, or join the next game in the lobby.',
    },
    'not-facilitator': {
      section: NEGOTIATION,
      ruling: 'R4',
      instead: 'Press Ready; the negotiation ends when all four are ready or the timer runs out.',
    },
    'not-starting-player': {
      section: NEGOTIATION,
      ruling: 'R3',
      instead: 'Only the starting player turns the joker or swaps at the end: negotiate, then press Ready.',
    },
    'not-your-turn': {
      section: DECLARATION,
      ruling: 'R5',
      instead: 'Wait for your turn; the board names who declares now.',
    },
    'promise-empty': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Write the promise in a few words, e.g. “I’ll play a 7”.',
    },
    'promise-needs-card': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Press Promise again and choose the card under “Which card”.',
    },
    'promise-needs-player': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Press Promise again and choose whose card you will match under “To whom”.',
    },
    'promise-no-next-round': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Press Promise again and leave “Which round” empty: a promise for this round.',
    },
    'promise-to-self': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Leave “To whom” empty (the whole table) or choose another player.',
    },
    'promise-too-long': {
      section: NEGOTIATION,
      ruling: 'R20',
      instead: 'Say it shorter and press Promise again.',
    },
    'wrong-phase': {
      section: 'Gameplay',
      instead: 'Do what the board asks for in this phase (negotiate, declare, or wait for the reveal).',
    },
    'wrong-player-count': {
      section: 'Setup',
      instead: 'Seat exactly four players; add computer players from the lobby to fill seats.',
    },
  },
};
