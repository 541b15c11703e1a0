/**
 * Refusals that teach (issue #18): a rule error becomes a message that says what the player
 * tried, why the game refused it, which rule (rulebook section and our ruling) and what they can
 * do instead. The reference is data on the error (src/games/rule-refs.ts); this only words it.
 */
import type { AnyEngine, RuleError } from '../../games/contract.ts';
import { describeAction } from '../../games/describe.ts';
import { citeRule } from '../../games/rule-refs.ts';
import { UserError } from '../kernel/errors.ts';

/** Discord's limit for a message's content; the refusal is answered as plain content. */
const CONTENT_MAX = 2000;

/** What the player tried, in words. */
export const describeTried = (engine: AnyEngine, action: unknown): string => describeAction(engine, action);

/** The text a player reads for a refused move. */
export function refusalText(error: RuleError, tried: string): string {
  const lines = [`⛔ You tried: **${tried}**. ${error.message}`];
  if (error.reference) lines.push(`📖 Rule: ${citeRule(error.reference)}`);
  if (error.instead && !error.message.includes(error.instead)) lines.push(`➡️ Instead: ${error.instead}`);
  const text = lines.join('\n');
  return text.length <= CONTENT_MAX ? text : `${text.slice(0, CONTENT_MAX - 1)}…`;
}

/** The UserError the funnel answers ephemerally; nothing has changed. */
export function ruleRefusal(error: RuleError, tried: string): UserError {
  return new UserError(error.code, refusalText(error, tried));
}
