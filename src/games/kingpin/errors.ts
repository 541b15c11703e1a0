/**
 * Refusals that teach: each rule error says what was tried, which rule of the rulebook (or
 * which of our rulings) refused it, and what to do instead. The reference is data (`rule`).
 */
import type { Result, RuleError } from '../contract.ts';

/** Sections of the Kingpin rulebook (Sep 2015) and our rulings, by short name. */
export const SECTIONS = {
  setup: 'rulebook 1, Setup: Cartel Preparation',
  seats: 'rulebook 1, Roles',
  sequence: 'rulebook 1, Sequence of Play',
  defense: 'rulebook 2.0, Defense Actions',
  chapo: 'rulebook 2.0, Chapo Actions',
  needs: 'rulebook 2.0, Add Needs Cards',
  planning: 'rulebook 3.0, Planning Collection',
  intel: 'rulebook 3.0, Resolving Intelligence',
  leads: 'rulebook 3.0, Leads',
  enforcement: 'rulebook 3.0, Planning Enforcement',
  police: 'rulebook 3.0, Resolving Police and Marina',
  referee: 'rulebook 4.0, Refereeing',
  victory: 'rulebook 5.0, Victory',
} as const;
export type Section = keyof typeof SECTIONS;

export interface KpRuleError extends RuleError {
  /** The rulebook section (and ruling, if any) that refused the move. */
  rule: string;
}

/** Every code this engine refuses with, and its section: a test walks them all. */
export const ERROR_CODES = {
  'not-seated': 'seats',
  'not-your-turn': 'sequence',
  'game-over': 'victory',
  'bad-location': 'setup',
  'nothing-to-place': 'setup',
  'illegal-location': 'defense',
  'box-taken': 'defense',
  'not-unplayed': 'defense',
  'not-on-board': 'defense',
  'board-crossing': 'defense',
  'too-many-actions': 'sequence',
  'too-many-chapo': 'chapo',
  'fixed-to-hidden': 'chapo',
  'no-free-move': 'chapo',
  'same-location': 'chapo',
  'fulfil-once': 'chapo',
  'not-with-chapo': 'chapo',
  'need-full': 'chapo',
  'deck-empty': 'needs',
  'place-drawn-first': 'needs',
  'fix-pending': 'police',
  'no-pawn-left': 'planning',
  'bad-spot': 'planning',
  'bad-enforcement-spot': 'enforcement',
  'no-such-pawn': 'intel',
  'reposition-elsewhere': 'police',
  'no-such-lead': 'leads',
  'bad-choice': 'police',
} as const satisfies Record<string, Section>;
export type ErrorCode = keyof typeof ERROR_CODES;

/** A refused move: `tried` says what was attempted, `instead` what can be done. */
export function refuse(code: ErrorCode, tried: string, instead: string, ruling?: string): Result<never> {
  const section = SECTIONS[ERROR_CODES[code]];
  const rule = ruling ? `${section}; ruling ${ruling}` : section;
  const error: KpRuleError = { code, message: `${tried} (${rule}). ${instead}`, rule };
  return { ok: false, error };
}
