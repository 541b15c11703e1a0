import Keyv from 'keyv';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../../src/storage/session.ts';
import { SessionStore, VersionConflictError } from '../../src/storage/sessions.ts';
import { emptyHistory } from '../../src/storage/history.ts';

const session = (over: Partial<Session> = {}): Session => ({
  schema: SESSION_SCHEMA_VERSION,
  id: 'abcd1234',
  channelId: 'c1',
  guildId: 'g1',
  gameId: 'tally',
  status: 'lobby',
  version: 0,
  host: 'u1',
  facilitator: false,
  seats: [{ id: 'u1', name: 'Alice' }],
  options: { target: 10 },
  seed: 's',
  state: null,
  history: emptyHistory(),
  handled: [],
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

afterEach(() => {
  removeTempDirs();
});

async function sqliteStore() {
  const dir = tempDir('tradecraft-');
  const url = `sqlite://${join(dir, 'sub', 'test.sqlite')}`;
  return { url, store: new SessionStore(await openKeyv(url), () => 1000) };
}

describe('session store on SQLite', () => {
  it('GIVEN a saved session WHEN it is loaded again after reopening the file THEN it is the same', async () => {
    const { url, store } = await sqliteStore();
    const saved = await store.save(session({ state: { deck: [1, 2, 3] } }), -1);
    expect(saved.version).toBe(0);
    await store.close();
    const reopened = new SessionStore(await openKeyv(url), () => 2000);
    const loaded = await reopened.load('c1');
    expect(loaded).toEqual({ kind: 'ok', session: saved });
    await reopened.close();
  });

  it('GIVEN a corrupt record WHEN loaded THEN it is reported, set aside intact, and the channel is free', async () => {
    const { url, store } = await sqliteStore();
    const keyv = await openKeyv(url);
    await keyv.set('session:c1', { schema: 1, junk: true });
    const result = await store.load('c1');
    expect(result.kind).toBe('corrupt');
    if (result.kind !== 'corrupt') return;
    expect(result.problem).toMatch(/channelId/);
    expect(await store.setAside.read(result.quarantineKey)).toEqual({ schema: 1, junk: true });
    expect(await store.load('c1')).toEqual({ kind: 'none' });
    await keyv.disconnect();
    await store.close();
  });

  it('GIVEN a save based on an old version THEN it is refused and the newer record stays', async () => {
    const { store } = await sqliteStore();
    const v0 = await store.save(session(), -1);
    await store.save({ ...v0, seats: [...v0.seats, { id: 'u2', name: 'Bob' }] }, 0);
    await expect(store.save({ ...v0, seats: [] }, 0)).rejects.toBeInstanceOf(VersionConflictError);
    const loaded = await store.load('c1');
    expect(loaded.kind === 'ok' && loaded.session.seats).toHaveLength(2);
    await store.close();
  });

  it('GIVEN many concurrent read-modify-writes on one channel under its lock THEN none is lost', async () => {
    const { store } = await sqliteStore();
    await store.save(session(), -1);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        store.withLock('c1', async () => {
          const r = await store.load('c1');
          if (r.kind !== 'ok') throw new Error('missing');
          await store.save({ ...r.session, handled: [...r.session.handled, `i${i}`] }, r.session.version);
        }),
      ),
    );
    const r = await store.load('c1');
    expect(r.kind === 'ok' && r.session.handled.length).toBe(25);
    expect(r.kind === 'ok' && r.session.version).toBe(25);
    await store.close();
  });

  it('GIVEN a session with a running timer THEN its channel is listed for re-arming after a restart', async () => {
    const { store } = await sqliteStore();
    await store.save(session({ status: 'playing', timer: { key: 'k', label: 'Turn', due: 5000 } }), -1);
    await store.save(session({ channelId: 'c2' }), -1);
    expect(await store.timerIndex.channels()).toEqual(['c1']);
    const r = await store.load('c1');
    if (r.kind !== 'ok') throw new Error('missing');
    const { timer: _t, ...rest } = r.session;
    await store.save(rest, r.session.version);
    expect(await store.timerIndex.channels()).toEqual([]);
    await store.close();
  });

  it('GIVEN a second process that did not load the session WHEN it starts and stops its timer THEN the index follows', async () => {
    const { url, store } = await sqliteStore();
    const other = new SessionStore(await openKeyv(url), () => 1000);
    const v0 = await store.save(session({ status: 'playing' }), -1);
    const timer = { key: 'k', label: 'Turn', due: 5000 };
    // `other` never loaded this record: what it replaces is read from the store, not remembered.
    const v1 = await other.save({ ...v0, timer }, v0.version);
    expect(await store.timerIndex.channels()).toEqual(['c1']);
    await store.save({ ...v1, state: { moved: true } }, v1.version);
    expect(await store.timerIndex.channels()).toEqual(['c1']);
    const { timer: _t, ...stopped } = v1;
    await other.save(stopped, v1.version + 1);
    expect(await store.timerIndex.channels()).toEqual([]);
    await store.close();
    await other.close();
  });
});

describe('store URLs', () => {
  it('GIVEN an unknown scheme THEN a clear error names the accepted ones', async () => {
    await expect(openKeyv('mongodb://x')).rejects.toThrow(/sqlite:\/\/, redis:\/\/, postgres:\/\//);
  });
  it('GIVEN memory:// THEN an in-memory keyv is returned', async () => {
    expect(await openKeyv('memory://')).toBeInstanceOf(Keyv);
  });
});
