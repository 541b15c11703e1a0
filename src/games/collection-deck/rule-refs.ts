/**
 * Refusals that teach: every error code of Collection Deck, its rule in each edition's rulebook
 * (v4.3 headings by default, Collect It All's where they differ) and what to do instead.
 */
import type { GameRuleRefs } from '../rule-refs.ts';

const TURN = 'Player Turn';
const SELF = 'Self-Defeatist Rule';
const REALITY = 'Components: Reality Check Cards';
const SETUP = 'Initial Setup';

export const collectionDeckRuleRefs: GameRuleRefs = {
  book: 'Collection Deck (CIA, v4.3, May 2012)',
  rulings: 'collection-deck',
  codes: {
    'already-challenged': {
      section: REALITY,
      ruling: 'R15',
      instead: 'Wait for the vote on the challenge, or disrupt another technique of the strategy.',
    },
    'already-countered': {
      section: TURN,
      ruling: 'R7',
      instead: 'Aim at a technique of the strategy that still stands, or pass.',
    },
    'already-defeated': {
      section: REALITY,
      ruling: 'R14',
      instead: 'That card no longer counts; answer a reality check that still stands.',
    },
    'already-seated': {
      section: 'Late Arrivals Rule',
      instead: 'You already have a seat: play from it.',
    },
    'already-voted': {
      section: REALITY,
      ruling: 'R15',
      instead: 'Wait for the others to vote; the result is announced when everyone has.',
    },
    'bad-arrangement': {
      section: SETUP,
      ruling: 'R1',
      instead: 'Fix the arrangement so it lists every card once, or start without one.',
    },
    'bad-options': {
      section: SETUP,
      instead: 'Start again with the options /game help lists.',
    },
    'bad-target': {
      section: TURN,
      ruling: 'R7',
      instead:
        'Play it on the card the rule names: the crisis, a technique of the current strategy, or the reality check aimed at you.',
    },
    'does-not-fit': {
      section: 'Playing the Game',
      ruling: 'R5',
      instead:
        'Choose a technique that shares an aspect with the crisis and whose range covers its difficulty, or play a range extension first.',
    },
    'duplicate-card': {
      section: TURN,
      instead: 'Play each card once; choose another card from your hand.',
    },
    'duplicate-player': {
      section: 'Variant Rules: Team Play',
      ruling: 'R23',
      instead: 'Each player holds one seat; join a team instead of a second seat.',
    },
    'game-over': {
      section: 'Victory',
      ruling: 'R21',
      instead: 'Read the debrief, or start a new game with /game start.',
    },
    immune: {
      section: REALITY,
      instead: 'Aim the reality check at another technique, or keep it for a later turn.',
    },
    'half-a-claim': {
      section: REALITY,
      ruling: 'R36',
      instead:
        'Choose a claim from the menu (it names both), or give both collects and aspect, or write your answer.',
    },
    'no-challenge': {
      section: REALITY,
      ruling: 'R15',
      instead: 'Justify only when a Manager Challenge is aimed at your technique.',
    },
    'no-crisis': {
      section: TURN,
      instead: 'Choose a crisis on the Field first, then add techniques.',
    },
    'no-mulligan': {
      section: 'Additional Rules and Clarifications',
      ruling: 'R11',
      instead: 'Play the hand you hold; a mulligan is only for a round you start with one or two techniques.',
    },
    'no-strategy': {
      section: TURN,
      instead: 'Choose a crisis and build a strategy first, or pass.',
    },
    'no-vote': {
      section: REALITY,
      ruling: 'R15',
      instead: 'Vote only while a Manager Challenge is being judged.',
    },
    'not-a-disruption': {
      section: TURN,
      ruling: 'R6',
      instead:
        'Keep the card for your own strategy; disrupt with a counter, a Target card or a Manager Challenge.',
    },
    'not-a-technique': {
      section: TURN,
      instead: 'A strategy is built from technique cards: choose one of those from your hand.',
    },
    'not-a-voter': {
      section: REALITY,
      ruling: 'R15',
      instead: 'The other players (or the facilitator) judge the justification; wait for their verdict.',
    },
    'not-allowed': {
      section: TURN,
      ruling: 'R22',
      instead: 'Pass when you are done; the window closes when everyone has, or when its timer runs out.',
    },
    'not-discarding': {
      section: 'Starting a New Round',
      ruling: 'R18',
      instead: 'Discard when the round ends and the board asks you to.',
    },
    'not-in-hand': {
      section: TURN,
      instead: 'Choose a card from your private view (My view).',
    },
    'not-now': {
      section: TURN,
      ruling: 'R8',
      instead: 'Wait until the board asks you to build, disrupt or respond.',
    },
    'not-on-field': {
      section: 'Initial Setup: The Field',
      instead: 'Choose one of the crises shown on the board.',
    },
    'not-seated': {
      section: 'Late Arrivals Rule',
      instead: 'Press Join next round on the board to be dealt in at the start of a round.',
    },
    'not-vs-manager': {
      section: REALITY,
      ruling: 'R14',
      instead: 'Answer a Manager Challenge by justifying the technique when asked.',
    },
    'not-vs-totb': {
      section: REALITY,
      ruling: 'R14',
      instead:
        'In this edition one Think Outside the Box cannot answer another: respond with another card, or let it stand.',
    },
    'not-vs-target': {
      section: REALITY,
      ruling: 'D1',
      instead:
        'Meet the new difficulty with a range extension (CIA edition: or the opposite Target card), or replace the technique.',
    },
    'not-your-challenge': {
      section: REALITY,
      ruling: 'R15',
      instead: 'Wait for the challenged player to justify, then vote.',
    },
    'not-your-move': {
      section: TURN,
      ruling: 'R8',
      instead:
        'Wait until the board names you: to build on your turn, or to disrupt when the window reaches you.',
    },
    'not-your-turn': {
      section: TURN,
      instead: 'Wait for your turn; between turns you may disrupt when the window opens.',
    },
    'nothing-to-close': {
      section: TURN,
      ruling: 'R22',
      instead: 'There is no window to close; carry on with the board as it is.',
    },
    'nothing-to-replace': {
      section: TURN,
      ruling: 'R9',
      instead: 'Your strategy is complete: say you are done responding.',
    },
    'one-target-card': {
      section: 'Additional Rules and Clarifications',
      ruling: 'R13',
      instead:
        'Only one Target card (Hard, Soft, Very Hard, Very Soft or Really Hard Target) per crisis: use a range extension instead.',
    },
    'seat-count': {
      section: 'Variant Rules: Team Play',
      instead: 'Seat 2 to 8 players or teams; add computer players from the lobby.',
    },
    'self-defeatist': {
      section: SELF,
      ruling: 'R12',
      instead: 'Keep the card for an opponent’s strategy, or replace the technique yourself.',
    },
    'strategy-full': {
      section: TURN,
      ruling: 'R3',
      instead: 'The crisis has all the techniques it needs: commit the strategy.',
    },
    'strategy-incomplete': {
      section: TURN,
      ruling: 'R3',
      instead: 'Add as many fitting techniques as the crisis’s points, or cancel and pass.',
    },
    'table-full': {
      section: 'Late Arrivals Rule',
      instead: 'Start another table with /game start.',
    },
    'unknown-card': {
      section: 'Components',
      instead: 'Pick the card from the autocomplete list or your private view.',
    },
    'wrong-discipline': {
      section: REALITY,
      instead: 'Aim the counter at a technique of the discipline it names.',
    },
    'wrong-kind': {
      section: REALITY,
      instead: 'Aim the counter at a technique of the kind it names.',
    },
  },
  editionOf: (s) =>
    typeof s === 'object' && s !== null && 'edition' in s && typeof s.edition === 'string'
      ? s.edition
      : undefined,
  editions: {
    'collect-it-all': {
      book: 'CIA: Collect It All (2018)',
      sections: {
        'already-countered': 'Disruption',
        'already-seated': 'Playing the Game',
        'bad-target': 'Disruption',
        'does-not-fit': 'On Your Turn: Forming a Collection Strategy',
        'duplicate-player': 'Playing the Game',
        'game-over': 'Winning the Game',
        'not-a-disruption': 'Disruption',
        'not-allowed': 'Disruption',
        'not-discarding': 'Ending a Round',
        'not-now': 'Disruption',
        'not-seated': 'Playing the Game',
        'not-your-move': 'Disruption',
        'not-your-turn': 'On Your Turn',
        'no-crisis': 'On Your Turn',
        'no-strategy': 'On Your Turn',
        'nothing-to-replace': 'Disruption',
        'seat-count': 'Playing the Game',
        'self-defeatist': 'Additional Rules and Clarifications',
        'strategy-full': 'On Your Turn',
        'strategy-incomplete': 'On Your Turn: Forming a Collection Strategy',
        'table-full': 'Playing the Game',
        'not-vs-manager': 'Additional Rules and Clarifications',
        'not-vs-totb': 'Additional Rules and Clarifications',
        'not-vs-target': 'Reality Check Cards',
        'duplicate-card': 'On Your Turn',
        'not-in-hand': 'On Your Turn',
        'not-a-technique': 'On Your Turn: Forming a Collection Strategy',
        'not-on-field': 'Initial Setup',
        'unknown-card': 'Components',
      },
    },
  },
};
