/**
 * Two processes on one store: every save is a compare-and-set in the store itself, so of two
 * writers over the same version exactly one wins and the other runs again from a fresh load.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SessionStore, VersionConflictError } from '../../src/storage/sessions.ts';
import { freshChannel, removeTempDirs, sessionFor, storeUrls, urlFor } from './stores.ts';

afterEach(removeTempDirs);

describe.each(storeUrls())('compare-and-set on $name', (store) => {
  it.skipIf(!store.url)(
    'GIVEN two connections racing read-modify-writes on one channel THEN every change lands exactly once',
    async () => {
      const url = urlFor(store);
      const channelId = freshChannel();
      const a = new SessionStore(await openKeyv(url), () => 1);
      const b = new SessionStore(await openKeyv(url), () => 2);
      await a.save(sessionFor(channelId), -1);
      const change = (s: SessionStore, id: string) =>
        s.withLock(channelId, async () => {
          const r = await s.load(channelId);
          if (r.kind !== 'ok') throw new Error(`missing: ${r.kind}`);
          await s.save({ ...r.session, handled: [...r.session.handled, id] }, r.session.version);
        });
      const ids = Array.from({ length: 30 }, (_, i) => `i${i}`);
      await Promise.all(ids.map((id, i) => change(i % 2 ? a : b, id)));
      const r = await a.load(channelId);
      if (r.kind !== 'ok') throw new Error('missing');
      expect([...r.session.handled].sort()).toEqual([...ids].sort());
      expect(r.session.version).toBe(30);
      await a.delete(channelId);
      await a.close();
      await b.close().catch(() => undefined); // @keyv/postgres shares one pool between connections
    },
    30_000,
  );

  it.skipIf(!store.url)(
    'GIVEN a save that read version 0 WHEN another connection saves first THEN it is refused and the newer record stays',
    async () => {
      const url = urlFor(store);
      const channelId = freshChannel();
      const a = new SessionStore(await openKeyv(url), () => 1);
      const b = new SessionStore(await openKeyv(url), () => 2);
      const v0 = await a.save(sessionFor(channelId), -1);
      await b.save({ ...v0, seed: 'b' }, 0);
      await expect(a.save({ ...v0, seed: 'a' }, 0)).rejects.toBeInstanceOf(VersionConflictError);
      await expect(a.save(sessionFor(channelId), -1)).rejects.toBeInstanceOf(VersionConflictError);
      const r = await a.load(channelId);
      expect(r.kind === 'ok' && r.session.seed).toBe('b');
      await a.delete(channelId);
      await a.close();
      await b.close().catch(() => undefined);
    },
  );
});
