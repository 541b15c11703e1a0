/**
 * Refusals that teach (issue #18): every rule error says what was tried, which rule refused it
 * (a rulebook section or one of our rulings) and what to do instead. The rule is data on the
 * error, not only text in the sentence.
 */
import type { Result, RuleError } from '../contract.ts';

export interface ColRuleError extends RuleError {
  /** e.g. "Rulebook 6.2 Rolling for Reporting" or "collection R4". */
  rule: string;
}

export const SECTIONS = {
  roles: 'Rulebook 2.1 Player Roles',
  setup: 'Rulebook 3 Set Up',
  play: 'Rulebook 6 Sequence of Play',
  engage: 'Rulebook 6.1 Engaging Collectors',
  roll: 'Rulebook 6.2 Rolling for Reporting',
  reports: 'Rulebook 6.3 Using Reports',
  cards: 'Rulebook 2.3 Cards, Gems, and Coins',
  annex: 'Rulebook Annex 1 Detailed Player Roles',
  over: 'Rulebook 5 Victory / Defeat',
} as const;

/** Cited in a refusal's sentence; `/game rules` shows it in Discord. */
export const ruling = (n: number): string => `collection R${n}; read it: /game rules ruling:R${n}`;

export function refuse(
  code: string,
  rule: string,
  tried: string,
  why: string,
  instead: string,
): Result<never> {
  const error: ColRuleError = { code, rule, message: `${tried}: ${why} (${rule}). ${instead}` };
  return { ok: false, error };
}
