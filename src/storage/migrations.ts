/**
 * Session records from older schemas are migrated on load, one step per schema change:
 * MIGRATIONS[n] turns a version-n record into a version-(n+1) record. A new schema version
 * adds one step here and a stored record of the old version to test/storage/fixtures/.
 */
import { SESSION_SCHEMA_VERSION } from './session.ts';

type Rec = Record<string, unknown>;

/**
 * Version 0 is the pre-release shape (no `schema` field; no facilitated tables; no record of
 * handled interactions). No public build wrote it; it is kept so the chain is exercised.
 */
const v0ToV1 = (r: Rec): Rec => ({
  ...r,
  schema: 1,
  facilitator: r['facilitator'] ?? false,
  handled: r['handled'] ?? [],
});

/** Version 2 stores the history apart: a version-1 record's whole history becomes its recent part. */
const v1ToV2 = (r: Rec): Rec => ({
  ...r,
  schema: 2,
  history: { stored: 0, recent: Array.isArray(r['history']) ? r['history'] : [] },
});

/**
 * Version 3 stores what the channel is owed (outbox.ts). A record marked `unpublished` owes its
 * board, posted anew as start-up recovery always did; its announcements were never stored, so
 * none are owed. A `wrapUp: true` mark owes every wrap-up step.
 */
const v2ToV3 = (r: Rec): Rec => {
  const { unpublished, wrapUp, ...rest } = r;
  return {
    ...rest,
    schema: 3,
    ...(unpublished === true ? { outbox: { rev: 1, shown: 0, repost: 1, seq: 0, entries: [] } } : {}),
    ...(wrapUp === true ? { wrapUp: { owed: ['debrief', 'stats', 'threads'] } } : {}),
  };
};

/** Version 4 names the table clock `tableClock` (it was `async`); its contents are unchanged. */
const v3ToV4 = (r: Rec): Rec => {
  const { async: tableClock, ...rest } = r;
  return { ...rest, schema: 4, ...(tableClock !== undefined ? { tableClock } : {}) };
};

export const MIGRATIONS: Readonly<Record<number, (record: Rec) => Rec>> = {
  0: v0ToV1,
  1: v1ToV2,
  2: v2ToV3,
  3: v3ToV4,
};

export type MigrationResult =
  | { kind: 'current'; record: unknown }
  | { kind: 'migrated'; record: unknown; from: number }
  /** Written by a newer build of the bot: left alone, never quarantined or overwritten. */
  | { kind: 'newer'; found: number }
  | { kind: 'unknown'; problem: string };

/** Brings a decoded record up to the current schema; validation happens afterwards. */
export function migrate(value: unknown): MigrationResult {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { kind: 'unknown', problem: '(record): not an object' };
  let record = value as Rec;
  const stated = record['schema'];
  const from = stated === undefined ? 0 : stated;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0)
    return { kind: 'unknown', problem: `schema: not a schema version (${JSON.stringify(stated)})` };
  if (from > SESSION_SCHEMA_VERSION) return { kind: 'newer', found: from };
  if (from === SESSION_SCHEMA_VERSION) return { kind: 'current', record };
  for (let v = from; v < SESSION_SCHEMA_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) return { kind: 'unknown', problem: `schema: no migration from version ${v}` };
    record = step(record);
  }
  return { kind: 'migrated', record, from };
}
