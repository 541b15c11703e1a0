/**
 * Checks a card set: every card against schema.ts, then the rules that span cards (unique
 * ids, id prefixes, "not affected by" names, every crisis solvable from the deck).
 * Returns problems as sentences naming the card, so a data mistake is easy to find.
 */
import type { z } from 'zod';
import { isSolvable } from './fit.ts';
import {
  crisisSchema,
  realityCheckSchema,
  techniqueSchema,
  type Card,
  type Crisis,
  type RealityCheck,
  type Technique,
} from './schema.ts';

export interface CardSet {
  techniques: readonly Technique[];
  crises: readonly Crisis[];
  realityChecks: readonly RealityCheck[];
  byId: ReadonlyMap<string, Card>;
}

export interface RawCardSet {
  techniques: readonly unknown[];
  crises: readonly unknown[];
  realityChecks: readonly unknown[];
}

export type Validation = { ok: true; cards: CardSet } | { ok: false; problems: string[] };

const ID_PREFIX = { technique: 'T', crisis: 'C', reality: 'R' } as const;

function parseAll<T>(schema: z.ZodType<T>, raw: readonly unknown[], label: string, problems: string[]): T[] {
  const parsed: T[] = [];
  raw.forEach((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) {
      parsed.push(result.data);
      return;
    }
    const id = (item as { id?: unknown } | null)?.id;
    const where = typeof id === 'string' ? id : `${label} #${index}`;
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      problems.push(`${where}: ${path}${issue.message}`);
    }
  });
  return parsed;
}

export function validateCards(raw: RawCardSet): Validation {
  const problems: string[] = [];
  const techniques = parseAll(techniqueSchema, raw.techniques, 'technique', problems);
  const crises = parseAll(crisisSchema, raw.crises, 'crisis', problems);
  const realityChecks = parseAll(realityCheckSchema, raw.realityChecks, 'reality check', problems);

  const byId = new Map<string, Card>();
  for (const card of [...techniques, ...crises, ...realityChecks]) {
    if (byId.has(card.id)) problems.push(`${card.id}: id used by more than one card`);
    if (!card.id.startsWith(ID_PREFIX[card.kind])) {
      problems.push(`${card.id}: a ${card.kind} id must start with ${ID_PREFIX[card.kind]}`);
    }
    byId.set(card.id, card);
  }

  const realityNames = new Set(realityChecks.map((check) => check.name));
  for (const technique of techniques) {
    for (const name of technique.notAffectedBy) {
      if (!realityNames.has(name))
        problems.push(`${technique.id}: not affected by "${name}", which is no reality check`);
    }
  }

  for (const crisis of crises) {
    if (!isSolvable(crisis, techniques)) {
      problems.push(
        `${crisis.id}: fewer than ${crisis.techniquesRequired} techniques in the deck fit this crisis`,
      );
    }
  }

  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, cards: { techniques, crises, realityChecks, byId } };
}
