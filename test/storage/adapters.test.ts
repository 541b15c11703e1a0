/**
 * The same session round trip on the other stores STORE_URL can name. .ci/run starts Redis and
 * PostgreSQL on 127.0.0.1 and sets TEST_REDIS_URL / TEST_POSTGRES_URL; elsewhere these are skipped.
 */
import { describe, expect, it } from 'vitest';
import { importAdapter, openKeyv, StoreUrlError } from '../../src/storage/keyv-store.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../../src/storage/session.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { emptyHistory } from '../../src/storage/history.ts';

const urls = [
  ['redis', process.env['TEST_REDIS_URL']],
  ['postgres', process.env['TEST_POSTGRES_URL']],
] as const;

describe.each(urls)('session store on %s', (_name, url) => {
  it.skipIf(!url)(
    'GIVEN a saved session WHEN loaded through a new connection THEN it is the same, and its timer is indexed',
    async () => {
      const channelId = `c${Date.now()}`;
      const session: Session = {
        schema: SESSION_SCHEMA_VERSION,
        id: 'abcd1234',
        channelId,
        guildId: 'g',
        gameId: 'tally',
        status: 'playing',
        version: 0,
        host: 'u',
        facilitator: false,
        seats: [{ id: 'u', name: 'U' }],
        options: {},
        seed: 's',
        state: { nested: { list: [1, 2, 3] } },
        timer: { key: 'k', label: 'Turn', due: 1 },
        history: emptyHistory(),
        handled: ['i1'],
        createdAt: 1,
        updatedAt: 1,
      };
      const a = new SessionStore(await openKeyv(url), () => 5);
      const saved = await a.save(session, -1);
      await a.close();
      const b = new SessionStore(await openKeyv(url), () => 6);
      expect(await b.load(channelId)).toEqual({ kind: 'ok', session: saved });
      expect(await b.channelsWithTimers()).toContain(channelId);
      await b.delete(channelId);
      expect(await b.load(channelId)).toEqual({ kind: 'none' });
      await b.close();
    },
  );
});

describe('GIVEN an install without the optional adapter STORE_URL names', () => {
  it('WHEN the store opens THEN it says which package is missing and the command that installs it', async () => {
    // A package that is not installed, as @keyv/redis is after `npm ci --omit=optional`.
    const name = '@keyv/redis-not-installed';
    const opened = importAdapter(name, () => import(name));
    await expect(opened).rejects.toBeInstanceOf(StoreUrlError);
    await expect(opened).rejects.toThrow(`npm ci --omit=dev (not --omit=optional)`);
  });

  it('WHEN the adapter is there but fails to load THEN that error is not disguised as a missing package', async () => {
    const broken = new Error('native binding failed');
    await expect(importAdapter('@keyv/redis', () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
