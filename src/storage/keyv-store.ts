/**
 * Opens the keyv store named by STORE_URL through keyv's official adapters:
 * `sqlite://path/to/file.sqlite` (the default, under ./data/), `redis://…`, `postgres://…`.
 * The Redis and PostgreSQL adapters are not part of the bot's install: an admin who uses one adds
 * both beside it (`npm ci --prefix store-adapters --omit=dev`, locked to the versions the tests
 * run; in a development install they are dev dependencies), so a SQLite install does not carry
 * them. They are imported only when STORE_URL names them (importAdapter).
 * keyv is told to throw its errors (by default it swallows them and `get` answers undefined, which would look like an empty
 * channel); sessions themselves are read and written through atomic.ts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Keyv from 'keyv';
import type KeyvPostgresType from '@keyv/postgres';

export const DEFAULT_STORE_URL = 'sqlite://data/tradecraft.sqlite';

export class StoreUrlError extends Error {}

/** The command that installs the server stores' adapters beside the bot. */
export const ADAPTERS_INSTALL = 'npm ci --prefix store-adapters --omit=dev';

/**
 * The `store-adapters` folder of this checkout: the nearest one above this module, so the
 * compiled bot (dist/src/storage) finds the same folder as the source.
 */
function adaptersDir(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'store-adapters', 'package.json'))) return join(dir, 'store-adapters');
    if (dirname(dir) === dir) return undefined;
  }
}

/** A loaded adapter module and a `require` that resolves from where it was found (its own deps). */
export interface LoadedAdapter<T> {
  module: T;
  requireBeside: NodeJS.Require;
}

const notFound = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
};

/**
 * Imports a server store's adapter: from the bot's own node_modules (a development install), else
 * from `store-adapters` (a production install), else says plainly that it is not installed and
 * the command that adds it (a StoreUrlError: a configuration problem, not a store that is down).
 * A package that is there but fails to load keeps its own error.
 */
export async function importAdapter<T>(
  name: '@keyv/redis' | '@keyv/postgres',
  load: () => Promise<T>,
  besides: string | undefined = adaptersDir(),
): Promise<LoadedAdapter<T>> {
  try {
    return { module: await load(), requireBeside: createRequire(import.meta.resolve(name)) };
  } catch (err) {
    if (!notFound(err) || !String((err as Error).message).includes(name)) throw err;
  }
  if (besides !== undefined) {
    const requireThere = createRequire(join(besides, 'package.json'));
    try {
      const path = requireThere.resolve(name);
      // The adapters' CommonJS build: its exports carry `default` as the ES module's do.
      return { module: requireThere(path) as T, requireBeside: createRequire(path) };
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }
  throw new StoreUrlError(
    `STORE_URL needs the ${name} package, which a SQLite install does not carry. ` +
      `Add the Redis and PostgreSQL adapters beside the bot: ${ADAPTERS_INSTALL}`,
  );
}

/** How long SQLite waits for another process's lock before failing (instead of at once). */
export const SQLITE_BUSY_TIMEOUT_MS = 3000;
/** How long a Redis connection attempt may take. */
const REDIS_CONNECT_TIMEOUT_MS = 3000;

/** What the store's connection has to tell the operator (a lost connection, once per outage). */
export type StoreLog = (level: 'warn' | 'info', fields: Record<string, unknown>, message: string) => void;

export interface OpenOptions {
  log?: StoreLog;
}

export async function openKeyv(url: string = DEFAULT_STORE_URL, opts: OpenOptions = {}): Promise<Keyv> {
  const keyv = await open(url, opts.log ?? (() => undefined));
  keyv.throwOnErrors = true;
  // Errors reach callers as exceptions; without a listener keyv's emitter would throw them again.
  keyv.on('error', () => undefined);
  return keyv;
}

async function open(url: string, log: StoreLog): Promise<Keyv> {
  const scheme = url.split(':', 1)[0];
  switch (scheme) {
    case 'sqlite': {
      const { default: KeyvSqlite } = await import('@keyv/sqlite');
      const file = url.slice('sqlite://'.length);
      if (file !== ':memory:' && file.length > 0) mkdirSync(dirname(file), { recursive: true });
      const store = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: SQLITE_BUSY_TIMEOUT_MS });
      // A file that cannot be opened is reported by the queries below; without a listener the
      // adapter's own 'error' event would throw a second, unhandled error.
      store.on('error', () => undefined);
      // Write-ahead logging: readers do not wait for writers and a commit is one append, not a
      // rewrite of the journal (measured: 80 → 1,000+ saves/s). NORMAL sync in WAL mode survives a
      // killed process; only a power cut may lose the last commits.
      await store.query('PRAGMA journal_mode = WAL');
      await store.query('PRAGMA synchronous = NORMAL');
      return new Keyv({ store, namespace: 'tradecraft' });
    }
    case 'redis':
    case 'rediss': {
      const { module: redis } = await importAdapter('@keyv/redis', () => import('@keyv/redis'));
      const KeyvRedis = redis.default;
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
      // Reconnects by itself: said once per outage, not once per retry.
      let down = false;
      const client = store.client as unknown as {
        on(event: string, fn: (...args: unknown[]) => void): unknown;
        options?: { disableOfflineQueue?: boolean };
      };
      client.on('ready', () => {
        // Once connected, a command made while the connection is down fails at once instead of
        // queueing: a click is refused in milliseconds, saying why, rather than waiting out the
        // store's timeout (issue #24). Until then, the first commands wait for the connection.
        if (client.options) client.options.disableOfflineQueue = true;
      });
      client.on('error', (err: unknown) => {
        if (down) return;
        down = true;
        log(
          'warn',
          { err: err instanceof Error ? err.message : String(err) },
          'Redis connection lost; reconnecting',
        );
      });
      client.on('ready', () => {
        if (!down) return;
        down = false;
        log('info', {}, 'Redis connection back');
      });
      return new Keyv({ store, namespace: 'tradecraft' });
    }
    case 'postgres':
    case 'postgresql': {
      const postgres = await importAdapter('@keyv/postgres', () => import('@keyv/postgres'));
      // Commits are acknowledged before their WAL record is flushed (as SQLite's NORMAL): a
      // crash of the database server may lose the last few hundred ms of saves, never corrupt
      // a record; the bot then republishes what the store still has (recovery.ts).
      const store = new (withOwnPool(postgres.module.default, postgres.requireBeside, log))({
        uri: url,
        options: '-c synchronous_commit=off',
      });
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

/** The parts of pg's Pool used here (the pg that @keyv/postgres itself depends on). */
interface PgPool {
  query(sql: string, values?: unknown): Promise<{ rows: unknown[] }>;
  on(event: 'error', fn: (err: Error) => void): unknown;
  end(): Promise<void>;
}
type PgPoolClass = new (config: Record<string, unknown>) => PgPool;

type KeyvPostgresClass = typeof KeyvPostgresType;

/**
 * @keyv/postgres makes one module-wide pg Pool and gives no way to listen to it, so when the
 * database restarts, an idle connection's error is an 'error' event nobody handles: an uncaught
 * exception that only the process guard catches. Here each store makes its own pool, where it
 * is made: its errors are handled (the pool drops the dead connection and the next query opens
 * a new one) and logged once per outage (issue #24).
 */
function withOwnPool(
  Base: KeyvPostgresClass,
  requireBeside: NodeJS.Require,
  log: StoreLog,
): KeyvPostgresClass {
  const { Pool } = requireBeside('pg') as { Pool: PgPoolClass };
  return class PostgresWithOwnPool extends Base {
    // Assigned by connect(), which the base constructor calls: no field initialiser may reset it.
    declare private pool: PgPool | undefined;
    declare private down: boolean | undefined;

    override connect(): Promise<(sql: string, values?: unknown) => Promise<unknown[]>> {
      // The adapter's options, typed through pg's PoolConfig, which this package has no types for.
      const opts = this.opts as Record<string, unknown>;
      const pool = new Pool({ connectionString: opts['uri'], ...opts });
      pool.on('error', (err) => {
        if (this.down) return;
        this.down = true;
        log('warn', { err: err.message }, 'PostgreSQL connection lost; reconnecting');
      });
      this.pool = pool;
      return Promise.resolve(async (sql: string, values?: unknown) => {
        const { rows } = await pool.query(sql, values);
        if (this.down) {
          this.down = false;
          log('info', {}, 'PostgreSQL connection back');
        }
        return rows;
      });
    }

    override async disconnect(): Promise<void> {
      await this.pool?.end();
    }
  };
}
