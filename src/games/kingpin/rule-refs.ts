/**
 * Refusals that teach: every error code of Kingpin, its rulebook section (taken from the engine's
 * own ERROR_CODES, so the two cannot drift) and what to do instead.
 */
import type { GameRuleRefs, RuleRef } from '../rule-refs.ts';
import type { ErrorCode } from './errors.ts';
import { ERROR_CODES, SECTIONS } from './errors.ts';

/** "rulebook 2.0, Defense Actions" → "2.0 The Cartel: Defense Actions". */
const CHAPTERS: Record<string, string> = {
  '1': 'Introduction',
  '2.0': 'The Cartel',
  '3.0': 'The Hunters',
  '4.0': 'Refereeing',
  '5.0': 'Victory',
};
function sectionOf(code: ErrorCode): string {
  const [chapter = '', heading = ''] = SECTIONS[ERROR_CODES[code]].replace(/^rulebook /, '').split(', ');
  const title = CHAPTERS[chapter] ?? '';
  return title === heading ? `${chapter} ${heading}` : `${chapter} ${title}: ${heading}`;
}

const ADVICE: Record<ErrorCode, Omit<RuleRef, 'section'>> = {
  'not-seated': { ruling: 'R1', instead: 'Watch the public board, or join the next game.' },
  'not-your-turn': { instead: 'Wait for your side’s turn; the board says who acts now.' },
  'game-over': { ruling: 'R23', instead: 'Read the debrief, or start a new game with /game start.' },
  'bad-location': {
    ruling: 'R2',
    instead: 'Choose one of the Locations the card suits; My view lists them.',
  },
  'nothing-to-place': {
    ruling: 'R2',
    instead: 'Place what is waiting: the drawn Defense, the three Needs and Chapo.',
  },
  'illegal-location': {
    ruling: 'R3',
    instead: 'Place the Defense at a Location with a free box of its type.',
  },
  'box-taken': {
    ruling: 'R3',
    instead: 'Choose another Location with a free box, or move that Defense away first.',
  },
  'not-unplayed': { instead: 'Place or move one of your unplayed Defenses.' },
  'not-on-board': { instead: 'Choose a card that is on the board.' },
  'board-crossing': { instead: 'Move Defenses within their board: Hidden to Hidden, Fixed to Fixed.' },
  'too-many-actions': { instead: 'Spend the actions you have left, draw a Need, or end the turn.' },
  'too-many-chapo': { instead: 'Use the rest of the turn on Defenses, draw a Need, or end the turn.' },
  'fixed-to-hidden': { ruling: 'R5', instead: 'Move Chapo to another Location: once Fixed he stays Fixed.' },
  'same-location': { ruling: 'R5', instead: 'Move Chapo to a different Location.' },
  'no-free-move': {
    ruling: 'R30',
    instead: 'Move Chapo with a Chapo action; a free move needs a Mobility Defense with him.',
  },
  'fulfil-once': { ruling: 'R4', instead: 'Fulfil a different Need this turn.' },
  'not-with-chapo': { ruling: 'R4', instead: 'Move Chapo to the Need’s Location first, then fulfil it.' },
  'need-full': { instead: 'Fulfil another Need.' },
  'deck-empty': { ruling: 'R6', instead: 'Play on with the Needs on the table.' },
  'place-drawn-first': { ruling: 'R6', instead: 'Place the drawn Need at a suitable Hidden Location first.' },
  'fix-pending': { ruling: 'R9', instead: 'Wait for the Cartel to choose what is Fixed, then carry on.' },
  'no-pawn-left': {
    ruling: 'R10',
    instead: 'Remove a planned pawn to plan it elsewhere, or confirm the plan.',
  },
  'bad-spot': {
    instead:
      'Plan Intelligence on a topography card (face down or face up) or on one of its Lead markers; Locations and Fixed cards take Police and the Marina.',
  },
  'bad-enforcement-spot': {
    instead: 'Place Police or the Marina on a Location, a Lead of a Fixed card, or a Fixed card.',
  },
  'no-such-pawn': { instead: 'Resolve one of the pawns the plan still lists.' },
  'reposition-elsewhere': {
    ruling: 'R20',
    instead: 'Reposition only Police or the Marina from a Fixed card or its Lead onto that Location.',
  },
  'no-such-lead': {
    ruling: 'R26',
    instead: 'Move a face-up card only to a Location one of its Leads names.',
  },
  'bad-choice': {
    ruling: 'R28',
    instead: 'Answer with one of the things My view offers to Fix, or that nothing is Hidden there.',
  },
};

const codes: Record<string, RuleRef> = {
  'bad-arrangement': {
    section: '1 Introduction: Setup',
    instead: 'Fix the arrangement (Needs ids, a Defense id, dice 1-6), or start without one.',
  },
  'two-teams': {
    section: '1 Introduction: Roles',
    ruling: 'R1',
    instead: 'Seat exactly two: the Cartel and the Hunters (a team may share a seat).',
  },
};
for (const code of Object.keys(ERROR_CODES) as ErrorCode[])
  codes[code] = { section: sectionOf(code), ...ADVICE[code] };

export const kingpinRuleRefs: GameRuleRefs = {
  book: 'Kingpin: The Hunt for El Chapo (CIA, Sep 2015)',
  rulings: 'kingpin',
  codes,
};
