/**
 * The table index (issue #25, *Scale*): each server's tables, so a shard lists its own without
 * reading any other shard's records. On SQLite always, on Redis and PostgreSQL when provided.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import {
  GUILD_BUCKETS,
  STALE_ENTRY_MS,
  TABLE_INDEX_BUILT_KEY,
  UNKNOWN_GUILD,
} from '../../src/storage/table-index.ts';
import { freshChannel, removeTempDirs, sessionFor, storeUrls, urlFor } from './stores.ts';

afterEach(removeTempDirs);

const channelsOf = async (store: SessionStore, owns: (guildId: string) => boolean) =>
  (await store.tableIndex.tables(owns)).tables.map((t) => t.channelId).sort();

describe.each(storeUrls())('the table index on $name', (under) => {
  it.skipIf(!under.url)(
    'GIVEN tables opened in four servers by two processes at once THEN a shard lists exactly its servers’ tables, reading the 32 server buckets and its servers’ lists only',
    async () => {
      const url = urlFor(under);
      const stores = [
        new SessionStore(await openKeyv(url), Date.now),
        new SessionStore(await openKeyv(url), Date.now),
      ];
      const run = freshChannel();
      const guilds = [0, 1, 2, 3].map((k) => `${run}g${k}`);
      const tables = guilds.flatMap((guildId) =>
        Array.from({ length: 10 }, (_, i) => ({ guildId, channelId: `${guildId}c${i}` })),
      );
      await Promise.all(
        tables.map((t, i) => stores[i % 2]!.save(sessionFor(t.channelId, { guildId: t.guildId }), -1)),
      );
      const mine = (g: string) => g === guilds[0] || g === guilds[1];
      const listed = await stores[0]!.tableIndex.tables(mine);
      expect(listed.tables.map((t) => t.channelId).sort()).toEqual(
        tables
          .filter((t) => mine(t.guildId))
          .map((t) => t.channelId)
          .sort(),
      );
      expect(listed.reads).toBe(GUILD_BUCKETS + 2);
      for (const t of tables) await stores[0]!.delete(t.channelId);
      await Promise.all(stores.map((s) => s.close().catch(() => undefined)));
    },
    60_000,
  );

  it.skipIf(!under.url)(
    'GIVEN a store from before the index (a current-schema record and an unreadable one, neither indexed) WHEN it is indexed at start-up THEN both are listed, the unreadable one for shard 0, and once only',
    async () => {
      const keyv = await openKeyv(urlFor(under));
      const store = new SessionStore(keyv, Date.now);
      const guildId = `${freshChannel()}g`;
      const table = freshChannel();
      const broken = freshChannel();
      await keyv.set(`session:${table}`, sessionFor(table, { guildId, status: 'playing' }));
      await keyv.set(`session:${broken}`, 'not a table record');
      // A shared server's store may have been indexed by an earlier run: made "before" again.
      await keyv.delete(TABLE_INDEX_BUILT_KEY);
      expect(await channelsOf(store, (g) => g === guildId)).toEqual([]);

      expect(await store.tableIndex.indexExisting()).toBeGreaterThanOrEqual(2);
      expect(await channelsOf(store, (g) => g === guildId)).toEqual([table]);
      expect(await channelsOf(store, (g) => g === UNKNOWN_GUILD)).toContain(broken);
      expect(await store.tableIndex.indexExisting()).toBeNull();
      await keyv.delete(`session:${broken}`);
      await store.delete(table);
      await store.close();
    },
    60_000,
  );

  it.skipIf(!under.url)(
    'GIVEN a record an older build saved without an entry WHEN this build saves it THEN it is listed',
    async () => {
      const keyv = await openKeyv(urlFor(under));
      const store = new SessionStore(keyv, Date.now);
      const guildId = `${freshChannel()}g`;
      const table = freshChannel();
      await keyv.set(`session:${table}`, sessionFor(table, { guildId }));
      const loaded = await store.load(table);
      if (loaded.kind !== 'ok') throw new Error('not loaded');
      await store.save(loaded.session, loaded.session.version);
      expect(await channelsOf(store, (g) => g === guildId)).toEqual([table]);
      await store.delete(table);
      await store.close();
    },
    60_000,
  );

  it.skipIf(!under.url)(
    'GIVEN a removed table’s entry THEN it goes only once it is old, and never when the channel opened a table again since it was read',
    async () => {
      let now = Date.now();
      const store = new SessionStore(await openKeyv(urlFor(under)), () => now);
      const guildId = `${freshChannel()}g`;
      const [gone, reopened] = [freshChannel(), freshChannel()];
      for (const c of [gone, reopened]) await store.save(sessionFor(c, { guildId }), -1);
      for (const c of [gone, reopened]) await store.delete(c);
      const entries = async () => (await store.tableIndex.tables((g) => g === guildId)).tables;
      const byChannel = new Map((await entries()).map((e) => [e.channelId, e]));
      expect([...byChannel.keys()].sort()).toEqual([gone, reopened].sort());
      // Young: a table may be being opened there this very moment.
      expect(await store.tableIndex.removeIfStale(byChannel.get(gone)!)).toBe(false);

      now += STALE_ENTRY_MS + 1;
      // Opened again after its entry was read (and judged empty): the entry is renewed and stays.
      await store.save(sessionFor(reopened, { guildId }), -1);
      expect(await store.tableIndex.removeIfStale(byChannel.get(reopened)!)).toBe(false);
      expect(await store.tableIndex.removeIfStale(byChannel.get(gone)!)).toBe(true);
      expect((await entries()).map((e) => e.channelId)).toEqual([reopened]);
      await store.delete(reopened);
      await store.close();
    },
    60_000,
  );
});
