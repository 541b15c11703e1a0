/**
 * Records as they may be found in a store: every past schema version (migrated on load),
 * unreadable text in any shape (set aside, channel freed), a newer schema (left untouched).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Keyv from 'keyv';
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { MIGRATIONS } from '../../src/storage/migrations.ts';
import { WRAP_UP_STEPS } from '../../src/bot/table/wrap-up.ts';
import { owes, repostOwed } from '../../src/storage/outbox.ts';
import { SESSION_SCHEMA_VERSION, sessionSchema } from '../../src/storage/session.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { removeTempDirs, urlFor } from './stores.ts';
import { renderLobby } from '../../src/bot/discord/lobby.ts';
import { tally } from '../fixtures/tally.ts';

afterEach(removeTempDirs);

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Writes text as the adapter would hold it, bypassing keyv's serializer. */
async function putRaw(keyv: Keyv, key: string, text: string): Promise<void> {
  const store = keyv.store as { set(k: string, v: string): Promise<unknown> };
  await store.set(`tradecraft:${key}`, text);
}

async function open() {
  const keyv = await openKeyv(urlFor({ name: 'sqlite', url: 'sqlite' }));
  return { keyv, store: new SessionStore(keyv, () => 1000) };
}

describe('GIVEN a stored record of each past schema version', () => {
  it('THEN there is one fixture per version and a migration step from each older one', () => {
    const versions = readdirSync(FIXTURES)
      .map((f) => /^session-v(\d+)\.json$/.exec(f)?.[1])
      .filter((v) => v !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: SESSION_SCHEMA_VERSION + 1 }, (_, i) => i));
    for (let v = 0; v < SESSION_SCHEMA_VERSION; v++) expect(MIGRATIONS[v]).toBeTypeOf('function');
  });

  it.each(Array.from({ length: SESSION_SCHEMA_VERSION + 1 }, (_, v) => v))(
    'WHEN the version %i record is loaded THEN it is migrated to the current schema with its game intact, and saves',
    async (v) => {
      const { keyv, store } = await open();
      const record = JSON.parse(readFileSync(join(FIXTURES, `session-v${v}.json`), 'utf8')) as {
        channelId: string;
        state: unknown;
        version: number;
      };
      await keyv.set(`session:${record.channelId}`, record);
      const loaded = await store.load(record.channelId);
      if (loaded.kind !== 'ok') throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
      expect(sessionSchema.parse(loaded.session).schema).toBe(SESSION_SCHEMA_VERSION);
      expect(loaded.session.state).toEqual(record.state);
      const saved = await store.save(loaded.session, record.version);
      expect(saved.version).toBe(record.version + 1);
      await store.close();
    },
  );
});

describe('GIVEN a version 3 record of a table with deadlines', () => {
  it('WHEN it is loaded THEN its clock record (`async`) is its table clock, with every deadline kept', async () => {
    const { keyv, store } = await open();
    const record = JSON.parse(readFileSync(join(FIXTURES, 'session-v3.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const clock = {
      pace: 'daily',
      clocks: [{ key: 'turn', player: 'p1', for: 'your move', startedAt: 1, due: 86_400_001 }],
      reserves: { p1: 3_600_000 },
      missed: { p2: 1 },
      standIns: { p2: 'away' },
      paused: false,
    };
    await keyv.set('session:c-clock', { ...record, channelId: 'c-clock', async: clock });
    const loaded = await store.load('c-clock');
    if (loaded.kind !== 'ok') throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
    expect(loaded.session).not.toHaveProperty('async');
    expect(loaded.session.tableClock).toEqual(clock);
    await store.close();
  });
});

describe('GIVEN a version 2 record a crash left marked', () => {
  it('WHEN it is loaded THEN `unpublished` owes its board (posted anew) and `wrapUp: true` owes every wrap-up step', async () => {
    const { keyv, store } = await open();
    const record = JSON.parse(readFileSync(join(FIXTURES, 'session-v2.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    await keyv.set('session:c-marked', { ...record, channelId: 'c-marked', unpublished: true, wrapUp: true });
    const loaded = await store.load('c-marked');
    if (loaded.kind !== 'ok') throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
    expect(loaded.session).not.toHaveProperty('unpublished');
    expect(loaded.session.outbox).toEqual({ rev: 1, shown: 0, repost: 1, seq: 0, entries: [] });
    expect(owes(loaded.session)).toBe(true);
    expect(repostOwed(loaded.session)).toBe(true);
    expect(loaded.session.wrapUp).toEqual({ owed: [...WRAP_UP_STEPS] });
    await store.close();
  });

  it('WHEN it was not marked THEN nothing is owed', async () => {
    const { keyv, store } = await open();
    const record = JSON.parse(readFileSync(join(FIXTURES, 'session-v2.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    await keyv.set('session:c-clean', { ...record, channelId: 'c-clean' });
    const loaded = await store.load('c-clean');
    if (loaded.kind !== 'ok') throw new Error('not loaded');
    expect(loaded.session.outbox).toBeUndefined();
    expect(owes(loaded.session)).toBe(false);
    expect(loaded.session.wrapUp).toBeUndefined();
    await store.close();
  });
});

describe('GIVEN an unreadable record', () => {
  it.each([
    ['text that is not JSON', '{"value": {"schema": 1, "id": '],
    ['JSON that is not a keyv record', '[1, 2, 3]'],
    ['a record that is not an object', '{"value": "hello", "expires": null}'],
    ['a record with a bad schema field', '{"value": {"schema": "one"}, "expires": null}'],
    ['a current record with missing fields', '{"value": {"schema": 1, "id": "x"}, "expires": null}'],
  ])('WHEN it is %s THEN it is set aside as it was and the channel is free', async (_what, text) => {
    const { keyv, store } = await open();
    await putRaw(keyv, 'session:c9', text);
    const result = await store.load('c9');
    if (result.kind !== 'corrupt') throw new Error(`not quarantined: ${result.kind}`);
    expect(result.quarantineKey).toMatch(/^quarantine:c9:/);
    expect(await store.setAside.read(result.quarantineKey)).toBeDefined();
    expect(await store.load('c9')).toEqual({ kind: 'none' });
    await store.close();
  });

  it('WHEN a record comes from a newer schema THEN it is left untouched, not quarantined', async () => {
    const { keyv, store } = await open();
    await keyv.set('session:c8', { schema: SESSION_SCHEMA_VERSION + 1, anything: true });
    expect(await store.load('c8')).toEqual({ kind: 'newer', found: SESSION_SCHEMA_VERSION + 1 });
    expect(await keyv.get('session:c8')).toEqual({ schema: SESSION_SCHEMA_VERSION + 1, anything: true });
    await store.close();
  });
});

describe('GIVEN a record saved before seeds were kept secret (issue #23)', () => {
  it('WHEN it is loaded THEN it keeps its seed for replay and review, counts as drawn, and its lobby no longer shows the seed', async () => {
    const { keyv, store } = await open();
    const record = JSON.parse(readFileSync(join(FIXTURES, 'session-v2.json'), 'utf8')) as {
      channelId: string;
    };
    await keyv.set(`session:${record.channelId}`, record);
    const loaded = await store.load(record.channelId);
    if (loaded.kind !== 'ok') throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
    expect(loaded.session.seed).toBe('7');
    expect(loaded.session.deal).toBeUndefined();
    const lobby = renderLobby({ ...loaded.session, status: 'lobby' }, tally);
    expect(JSON.stringify(lobby.components)).not.toMatch(/Seed|Deal/);
    await store.close();
  });
});
