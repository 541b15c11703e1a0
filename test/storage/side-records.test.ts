/**
 * Two processes on one store writing the records beside the sessions (issue #24): the stats of a
 * server's game and a user's `/game mine` seat index. Every update lands, on every store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DeadlineIndex, SeatIndex } from '../../src/storage/indexes.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SettingsStore } from '../../src/storage/settings.ts';
import { StatsStore } from '../../src/storage/stats.ts';
import { freshChannel, removeTempDirs, storeUrls, urlFor } from './stores.ts';

afterEach(removeTempDirs);

/** Two connections to one store, as two processes would have. */
async function twoWriters(url: string) {
  const a = await openKeyv(url);
  const b = await openKeyv(url);
  return {
    a,
    b,
    close: async () => {
      await a.disconnect();
      await b.disconnect().catch(() => undefined); // @keyv/postgres shares one pool between connections
    },
  };
}

describe.each(storeUrls())('records beside the sessions, two writers, on $name', (store) => {
  it.skipIf(!store.url)(
    'GIVEN two processes finishing 100 games of one player at once THEN the stats count all 100',
    async () => {
      const { a, b, close } = await twoWriters(urlFor(store));
      const guild = freshChannel();
      const stats = [new StatsStore(a), new StatsStore(b)] as const;
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          stats[i % 2 ? 1 : 0].record(
            guild,
            'tally',
            [{ userId: 'u1', name: 'Alice', won: i < 30, score: 2 }],
            `game${i}`,
          ),
        ),
      );
      const line = (await stats[0].table(guild, 'tally'))['u1'];
      expect(line?.played).toBe(100);
      expect(line?.won).toBe(30);
      expect(line?.scoreSum).toBe(200);
      await close();
    },
    60_000,
  );

  it.skipIf(!store.url)(
    'GIVEN two processes seating one user at 40 tables at once THEN /game mine lists all 40, and unseating removes them all',
    async () => {
      const { a, b, close } = await twoWriters(urlFor(store));
      const guild = freshChannel();
      const seats = [new SeatIndex(a), new SeatIndex(b)] as const;
      const channels = Array.from({ length: 40 }, (_, i) => `${guild}-c${i}`);
      await Promise.all(channels.map((c, i) => seats[i % 2 ? 1 : 0].sync(guild, c, ['u1', 'u2'])));
      expect([...(await seats[0].channelsOf(guild, 'u1'))].sort()).toEqual([...channels].sort());
      expect((await seats[1].channelsOf(guild, 'u2')).length).toBe(40);
      await Promise.all(channels.map((c, i) => seats[i % 2 ? 0 : 1].sync(guild, c, [])));
      expect(await seats[0].channelsOf(guild, 'u1')).toEqual([]);
      await close();
    },
    60_000,
  );

  it.skipIf(!store.url)(
    'GIVEN two processes writing deadlines of 40 channels into the index at once THEN every entry is there',
    async () => {
      const { a, b, close } = await twoWriters(urlFor(store));
      const prefix = freshChannel();
      const index = [new DeadlineIndex(a), new DeadlineIndex(b)] as const;
      const channels = Array.from({ length: 40 }, (_, i) => `${prefix}-${i}`);
      await Promise.all(channels.map((c, i) => index[i % 2 ? 1 : 0].set(c, 1000 + i)));
      const entries = new Map((await index[0].all()).entries);
      for (const [i, c] of channels.entries()) expect(entries.get(c)).toBe(1000 + i);
      await Promise.all(channels.map((c) => index[1].set(c, undefined)));
      await close();
    },
    60_000,
  );

  it.skipIf(!store.url)(
    'GIVEN two admins changing different settings of one server at once, and two reminder preferences THEN both changes land',
    async () => {
      const { a, b, close } = await twoWriters(urlFor(store));
      const guild = freshChannel();
      const settings = [new SettingsStore(a), new SettingsStore(b)] as const;
      await Promise.all([
        ...Array.from({ length: 10 }, () => settings[0].update(guild, (s) => ({ ...s, retention: 90 }))),
        ...Array.from({ length: 10 }, () => settings[1].update(guild, (s) => ({ ...s, missed: 5 }))),
        settings[0].updateNotify(`${guild}u`, (p) => ({ ...p, dm: true })),
        settings[1].updateNotify(`${guild}u`, (p) => ({ ...p, refusalNoticed: true })),
      ]);
      const saved = await settings[1].get(guild);
      expect([saved.retention, saved.missed]).toEqual([90, 5]);
      expect(await settings[0].notify(`${guild}u`)).toEqual({ dm: true, refusalNoticed: true });
      await close();
    },
    60_000,
  );
});
