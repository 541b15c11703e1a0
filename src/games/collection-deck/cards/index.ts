/**
 * The Collection Deck / CIA: Collect It All card set: 66 techniques, 46 crises and 55
 * reality checks (12 of them Collection Manager Challenges), validated once on first use, and
 * Collect It All's three blank redacted cards, which are never dealt.
 */
import { CRISES } from './crises.ts';
import { REALITY_CHECKS } from './reality-checks.ts';
import { REDACTED } from './redacted.ts';
import { redactedSchema, type RedactedCard } from './schema.ts';
import type { Card } from './schema.ts';
import { TECHNIQUES } from './techniques.ts';
import { validateCards, type CardSet } from './validate.ts';

export { CRISES, REALITY_CHECKS, REDACTED, TECHNIQUES };

/** The blank cards, parsed through their schema (they are not part of any deck). */
export const redactedCards = (): RedactedCard[] => REDACTED.map((c) => redactedSchema.parse(c));
export * from './fit.ts';
export * from './resolutions.ts';
export { validateCards, type CardSet, type RawCardSet, type Validation } from './validate.ts';

let loaded: CardSet | undefined;

/** Parses every card through the schemas (once) and throws a list of every problem found. */
export function loadCards(): CardSet {
  if (loaded) return loaded;
  const validation = validateCards({ techniques: TECHNIQUES, crises: CRISES, realityChecks: REALITY_CHECKS });
  if (!validation.ok) {
    throw new Error(`Collection Deck card data is invalid:\n- ${validation.problems.join('\n- ')}`);
  }
  loaded = validation.cards;
  return loaded;
}

export const cardById = (id: string): Card | undefined => loadCards().byId.get(id);
