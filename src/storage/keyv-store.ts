/**
 * Opens the keyv store named by STORE_URL through keyv's official adapters:
 * `sqlite://path/to/file.sqlite` (the default, under ./data/), `redis://…`, `postgres://…`.
 * Adapters other than SQLite are optional dependencies, imported only when STORE_URL names them;
 * an install without them (`--omit=optional`) is told which package is missing (importAdapter).
 * keyv is told to throw its errors (by default it swallows them and `get` answers undefined, which would look like an empty
 * channel); sessions themselves are read and written through atomic.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Keyv from 'keyv';

export const DEFAULT_STORE_URL = 'sqlite://data/tradecraft.sqlite';

export class StoreUrlError extends Error {}

/** The optional store adapters and the version range package.json asks for. */
const OPTIONAL_ADAPTERS = { '@keyv/redis': '^5.1.6', '@keyv/postgres': '^2.2.3' } as const;

/**
 * Imports an optional store adapter, or says plainly that it is not installed and how to add it
 * (a StoreUrlError: a configuration problem, not a store that is down).
 */
export async function importAdapter<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String((err as Error).message).includes(name)) throw err;
    const range = (OPTIONAL_ADAPTERS as Record<string, string>)[name] ?? 'latest';
    throw new StoreUrlError(
      `STORE_URL needs the ${name} package, which is not installed (an optional dependency). ` +
        `Install the bot with npm ci --omit=dev (not --omit=optional), or add it: npm install --no-save ${name}@${range}`,
    );
  }
}

/** How long SQLite waits for another process's lock before failing (instead of at once). */
export const SQLITE_BUSY_TIMEOUT_MS = 3000;
/** How long a Redis connection attempt may take. */
const REDIS_CONNECT_TIMEOUT_MS = 3000;

export async function openKeyv(url: string = DEFAULT_STORE_URL): Promise<Keyv> {
  const keyv = await open(url);
  keyv.throwOnErrors = true;
  // Errors reach callers as exceptions; without a listener keyv's emitter would throw them again.
  keyv.on('error', () => undefined);
  return keyv;
}

async function open(url: string): Promise<Keyv> {
  const scheme = url.split(':', 1)[0];
  switch (scheme) {
    case 'sqlite': {
      const { default: KeyvSqlite } = await import('@keyv/sqlite');
      const file = url.slice('sqlite://'.length);
      if (file !== ':memory:' && file.length > 0) mkdirSync(dirname(file), { recursive: true });
      const store = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: SQLITE_BUSY_TIMEOUT_MS });
      // Write-ahead logging: readers do not wait for writers and a commit is one append, not a
      // rewrite of the journal (measured: 80 → 1,000+ saves/s). NORMAL sync in WAL mode survives a
      // killed process; only a power cut may lose the last commits.
      await store.query('PRAGMA journal_mode = WAL');
      await store.query('PRAGMA synchronous = NORMAL');
      return new Keyv({ store, namespace: 'tradecraft' });
    }
    case 'redis':
    case 'rediss': {
      const { default: KeyvRedis } = await importAdapter('@keyv/redis', () => import('@keyv/redis'));
      // Bounded connection attempts: a dead Redis fails the call instead of hanging it.
      const store = new KeyvRedis(
        {
          url,
          socket: {
            connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
            reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
          },
        },
        { connectionTimeout: REDIS_CONNECT_TIMEOUT_MS, throwOnConnectError: true, throwOnErrors: true },
      );
      return new Keyv({ store, namespace: 'tradecraft' });
    }
    case 'postgres':
    case 'postgresql': {
      const { default: KeyvPostgres } = await importAdapter('@keyv/postgres', () => import('@keyv/postgres'));
      // Commits are acknowledged before their WAL record is flushed (as SQLite's NORMAL): a
      // crash of the database server may lose the last few hundred ms of saves, never corrupt
      // a record; the bot then republishes what the store still has (recovery.ts).
      const store = new KeyvPostgres({ uri: url, options: '-c synchronous_commit=off' });
      return new Keyv({ store, namespace: 'tradecraft' });
    }
    case 'memory':
      return new Keyv({ namespace: 'tradecraft' });
    default:
      throw new StoreUrlError(
        `STORE_URL must start with sqlite://, redis://, postgres:// or memory:// (got "${scheme ?? url}").`,
      );
  }
}
