/**
 * COLLECTION's content, parsed through the schemas once on first use. A problem anywhere in
 * the data is a programmer error: loading throws with every problem listed.
 */
import type { z } from 'zod';
import { COLLECTORS, LETTERS, ROLES, type Collector, type RoleId } from '../types.ts';
import { CARD_DATA } from './cards.ts';
import { COLLECTOR_DATA } from './collectors.ts';
import { ROLE_DATA } from './roles.ts';
import {
  collectionCardSchema,
  collectorSchema,
  roleSchema,
  scenarioCardSchema,
  type CollectionCard,
  type CollectorInfo,
  type Role,
  type ScenarioCard,
} from './schema.ts';
import { SCENARIO_DATA } from './scenarios.ts';

export type { CollectionCard, CollectorInfo, Effect, Role, ScenarioCard, ScenarioTarget } from './schema.ts';

export const COLLECTION_CARD_COUNT = 80;
export const SCENARIO_CARD_COUNT = 12;

export interface Content {
  roles: Map<RoleId, Role>;
  collectors: Map<Collector, CollectorInfo>;
  scenarios: Map<string, ScenarioCard>;
  /** Card designs by design id (K01). */
  designs: Map<string, CollectionCard>;
  /** Every physical card: `K01.1`, `K01.2`, … in design order. */
  deck: string[];
}

/** Checks the raw data; returns the problems found (empty when all is well). */
export function contentProblems(raw: {
  roles: unknown[];
  collectors: unknown[];
  scenarios: unknown[];
  cards: unknown[];
}): string[] {
  const problems: string[] = [];
  const parse = <T>(schema: z.ZodType<T>, items: unknown[], what: string): T[] =>
    items.flatMap((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) return [r.data];
      problems.push(
        `${what} ${i}: ${r.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`,
      );
      return [];
    });
  const roles = parse(roleSchema, raw.roles, 'role');
  const collectors = parse(collectorSchema, raw.collectors, 'collector');
  const scenarios = parse(scenarioCardSchema, raw.scenarios, 'scenario');
  const cards = parse(collectionCardSchema, raw.cards, 'card');
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
  if (
    !same(
      roles.map((r) => r.id),
      ROLES,
    )
  )
    problems.push('roles: exactly the seven of Annex 1');
  if (
    !same(
      collectors.map((c) => c.id),
      COLLECTORS,
    )
  )
    problems.push('collectors: exactly DH DO NGA NSA OSE STATE');
  if (scenarios.length !== SCENARIO_CARD_COUNT) problems.push(`scenarios: ${scenarios.length}, not 12`);
  const unique = (ids: string[], what: string) => {
    if (new Set(ids).size !== ids.length) problems.push(`${what}: duplicate ids`);
  };
  unique(
    scenarios.map((s) => s.id),
    'scenarios',
  );
  unique(
    cards.map((c) => c.id),
    'cards',
  );
  const total = cards.reduce((n, c) => n + c.copies, 0);
  if (total !== COLLECTION_CARD_COUNT) problems.push(`collection cards: ${total}, not 80`);
  for (const letter of LETTERS)
    if (
      !cards.some(
        (c) => c.label === 'red' && c.effects.some((e) => e.type === 'expand' && e.scenario === letter),
      )
    )
      problems.push(`no Crisis Expansion card for scenario ${letter}`);
  return problems;
}

let loaded: Content | undefined;

export function content(): Content {
  if (loaded) return loaded;
  const problems = contentProblems({
    roles: ROLE_DATA,
    collectors: COLLECTOR_DATA,
    scenarios: SCENARIO_DATA,
    cards: CARD_DATA,
  });
  if (problems.length > 0) throw new Error(`COLLECTION content is invalid:\n- ${problems.join('\n- ')}`);
  loaded = {
    roles: new Map(ROLE_DATA.map((r) => [r.id, r])),
    collectors: new Map(COLLECTOR_DATA.map((c) => [c.id, c])),
    scenarios: new Map(SCENARIO_DATA.map((s) => [s.id, s])),
    designs: new Map(CARD_DATA.map((c) => [c.id, c])),
    deck: CARD_DATA.flatMap((c) => Array.from({ length: c.copies }, (_, i) => `${c.id}.${i + 1}`)),
  };
  return loaded;
}

export const roleOf = (id: RoleId): Role => {
  const r = content().roles.get(id);
  if (!r) throw new Error(`unknown role ${id}`);
  return r;
};
export const collectorInfo = (id: Collector): CollectorInfo => {
  const c = content().collectors.get(id);
  if (!c) throw new Error(`unknown collector ${id}`);
  return c;
};
export const scenarioCard = (id: string): ScenarioCard => {
  const s = content().scenarios.get(id);
  if (!s) throw new Error(`unknown scenario card ${id}`);
  return s;
};
/** The design of a physical card (`K07.2` → K07). */
export const cardOf = (id: string): CollectionCard => {
  const c = content().designs.get(id.split('.')[0] ?? '');
  if (!c) throw new Error(`unknown collection card ${id}`);
  return c;
};
