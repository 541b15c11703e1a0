/**
 * Refusals that teach: every error code of COLLECTION, its rulebook section and ruling, and what
 * to do instead. The engine's own messages already cite a section; this is the same rule as data.
 */
import type { GameRuleRefs } from '../rule-refs.ts';

export const collectionRuleRefs: GameRuleRefs = {
  book: 'COLLECTION: A Game of Influence and Collaboration (CIA, Feb 2017)',
  rulings: 'collection',
  codes: {
    'already-there': {
      section: '6 Sequence of Play',
      ruling: 'R3',
      instead: 'Engage or roll here, or move to another collector.',
    },
    'bad-arrangement': {
      section: '3 Set Up',
      ruling: 'R20',
      instead: 'Fix the arrangement (known cards, once each, one legal role per seat), or start without one.',
    },
    'card-not-held': {
      section: '2.3 Cards, Gems, and Coins',
      ruling: 'R13',
      instead: 'Play or hold the card you just drew; held blue cards are played on your own turn.',
    },
    'circle-full': {
      section: '6.3 Using Reports',
      ruling: 'R15',
      instead: 'Use the report to lower the crisis instead.',
    },
    'colour-needed': {
      section: 'Annex 1 Detailed Player Roles',
      ruling: 'R17',
      instead: 'Name the colour: political, military or economic.',
    },
    'crisis-floor': {
      section: '6.3 Using Reports',
      ruling: 'R9',
      instead: 'Put the report into the reports circle instead.',
    },
    'game-over': {
      section: '5 Victory / Defeat',
      ruling: 'R11',
      instead: 'Read the debrief, or start a new game with /game start.',
    },
    'inactive-scenario': {
      section: '6 Sequence of Play',
      ruling: 'R3',
      instead: 'Move to a collector of an open scenario.',
    },
    'no-affinity': {
      section: '6.1 Engaging Collectors',
      ruling: 'R4',
      instead: 'Move to a collector whose affinity colours include that one.',
    },
    'no-dice': {
      section: '6.2 Rolling for Reporting',
      ruling: 'R7',
      instead: 'Engage with that colour first, or stand with an analyst who adds a die.',
    },
    'not-adjacent': {
      section: '6 Sequence of Play',
      ruling: 'R3',
      instead: 'Move one step: another collector in this scenario, or this collector in another scenario.',
    },
    'not-engaged': {
      section: '6.1 Engaging Collectors',
      ruling: 'R5',
      instead: 'Engage the collector first: the first gem places its coin on the response ladder.',
    },
    'not-on-board': {
      section: '6 Sequence of Play',
      ruling: 'R2',
      instead: 'Move onto a collector space of an open scenario first.',
    },
    'not-seated': {
      section: '6 Sequence of Play',
      instead: 'Watch the board, or join the next game (/game start, or Join in a lobby).',
    },
    'not-your-turn': {
      section: '6 Sequence of Play',
      instead: 'Wait for your turn; the board names the analyst to act. Offer to collocate meanwhile.',
    },
    'player-count': {
      section: '2 Roles & Components',
      instead: 'Seat 3 to 7 analysts; add computer players from the lobby.',
    },
    'report-unusable': {
      section: '6.2 Rolling for Reporting',
      ruling: 'R8',
      instead: 'Roll for a colour the scenario still needs, or work another scenario.',
    },
    'role-unavailable': {
      section: '2.1 Player Roles',
      ruling: 'R1',
      instead: 'Choose one of the roles still open; the mandatory roles are filled first.',
    },
    'wrong-colour': {
      section: 'Annex 1 Detailed Player Roles',
      instead: 'Use your role’s colour, or stand with an analyst who can.',
    },
    'wrong-stage': {
      section: '6 Sequence of Play',
      instead: 'Do what the board asks for now (your action, the draw, or a card decision).',
    },
  },
};
