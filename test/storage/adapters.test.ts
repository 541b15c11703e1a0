/**
 * The same session round trip on the other stores STORE_URL can name. .ci/run starts Redis and
 * PostgreSQL on 127.0.0.1 and sets TEST_REDIS_URL / TEST_POSTGRES_URL; elsewhere these are skipped.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type * as KeyvPostgresModule from '@keyv/postgres';
import type * as KeyvRedisModule from '@keyv/redis';
import { ADAPTERS_INSTALL, importAdapter, openKeyv, StoreUrlError } from '../../src/storage/keyv-store.ts';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
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
      expect(await b.timerIndex.channels()).toContain(channelId);
      await b.delete(channelId);
      expect(await b.load(channelId)).toEqual({ kind: 'none' });
      await b.close();
    },
  );
});

/** An import of a package that is not in the bot's own node_modules, as Node reports it. */
const missing =
  <T>(name: string) =>
  (): Promise<T> =>
    Promise.reject(
      Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' }),
    );

afterEach(removeTempDirs);

/** A `store-adapters` folder as `npm ci --prefix store-adapters` leaves it, with `packages` in it. */
function adaptersFolder(packages: string[]): string {
  const dir = tempDir('adapters-');
  writeFileSync(join(dir, 'package.json'), '{"private":true}');
  for (const name of packages) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(resolve('node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}

describe('GIVEN a production install (npm ci --omit=dev), which does not carry the Redis and PostgreSQL adapters', () => {
  it('WHEN STORE_URL names one that is not installed THEN it says which package is missing and the command that adds it', async () => {
    const opened = importAdapter('@keyv/redis', missing('@keyv/redis'), adaptersFolder([]));
    await expect(opened).rejects.toBeInstanceOf(StoreUrlError);
    await expect(opened).rejects.toThrow(`@keyv/redis package, which a SQLite install does not carry`);
    await expect(opened).rejects.toThrow(ADAPTERS_INSTALL);
  });

  it('WHEN the adapters are installed in store-adapters THEN they load from there, with their own pg', async () => {
    const dir = adaptersFolder(['@keyv/redis', '@keyv/postgres']);
    const redis = await importAdapter('@keyv/redis', missing<typeof KeyvRedisModule>('@keyv/redis'), dir);
    expect(redis.module.default.name).toBe('KeyvRedis');
    expect(typeof redis.module.default.prototype.set).toBe('function');
    const postgres = await importAdapter(
      '@keyv/postgres',
      missing<typeof KeyvPostgresModule>('@keyv/postgres'),
      dir,
    );
    const pg = postgres.requireBeside('pg') as { Pool?: unknown };
    expect(typeof pg.Pool).toBe('function');
  });

  it('WHEN the adapter is there but fails to load THEN that error is not disguised as a missing package', async () => {
    const broken = new Error('native binding failed');
    await expect(importAdapter('@keyv/redis', () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it("THEN store-adapters installs exactly the versions the tests run (the dev install's lock)", () => {
    const lock = (path: string) =>
      (JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, { version?: string }> }).packages;
    const root = lock('package-lock.json');
    const adapters = Object.entries(lock('store-adapters/package-lock.json')).filter(([path]) => path !== '');
    expect(adapters.map(([path]) => path)).toEqual(
      expect.arrayContaining(['node_modules/@keyv/redis', 'node_modules/@keyv/postgres', 'node_modules/pg']),
    );
    for (const [path, { version }] of adapters)
      expect({ path, version }).toEqual({ path, version: root[path]?.version });
  });
});
