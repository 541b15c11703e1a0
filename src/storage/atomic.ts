/**
 * Compare-and-set underneath keyv. keyv has no conditional write, so sessions are written
 * through the adapter's own connection: a conditional UPDATE/INSERT in SQLite and PostgreSQL,
 * a Lua script in Redis, a synchronous check in the in-memory Map.
 *
 * The condition is the whole stored text (keyv's serialized `{ value, expires }`), not a field
 * inside it: no JSON parsing in the database, identical on every backend, and exact — every
 * save bumps the version, so a record never returns to an earlier text. Records stay in keyv's
 * own format (its default serializer), so `keyv.get` and existing databases read them unchanged.
 */
import type Keyv from 'keyv';

export interface AtomicStore {
  /** The stored text under a keyv key, or undefined. Throws on any store error. */
  get(key: string): Promise<string | undefined>;
  /**
   * Writes `next` (undefined deletes) only if the stored text is still `expected` (undefined:
   * absent). Returns false, writing nothing, when someone else changed it first.
   */
  swap(key: string, expected: string | undefined, next: string | undefined): Promise<boolean>;
  /** Every keyv key starting with `prefix` (unprefixed, as keyv callers name them). */
  keys(prefix: string): Promise<string[]>;
  /** keyv's serialized form of a value, as `keyv.set` would store it. */
  encode(value: unknown): Promise<string>;
  /** The value inside stored text; throws on text keyv could not have written. */
  decode(text: string): Promise<unknown>;
}

type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The bits of the keyv adapters this module relies on (they are public on each adapter). */
interface SqlAdapter {
  opts: { dialect?: string; table: string; schema?: string };
  query: (sql: string, ...params: unknown[]) => Promise<unknown>;
}
interface RedisClientLike {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string[] | string>;
}
interface RedisAdapter {
  namespace: string | undefined;
  createKeyPrefix(key: string, namespace: string | undefined): string;
  getClient(): Promise<RedisClientLike>;
}

// A Lua script runs atomically in Redis: compare, then set or delete.
const REDIS_SWAP = `
local cur = redis.call('GET', KEYS[1])
local expected = ARGV[1] == '1' and ARGV[2] or false
if cur ~= expected then return 0 end
if ARGV[3] == '1' then redis.call('SET', KEYS[1], ARGV[4]) else redis.call('DEL', KEYS[1]) end
return 1`;

export function atomicStore(keyv: Keyv): AtomicStore {
  const namespace = keyv.namespace;
  const full = (key: string) => (namespace ? `${namespace}:${key}` : key);
  const short = (key: string) => (namespace ? key.slice(namespace.length + 1) : key);
  const codec = {
    async encode(value: unknown): Promise<string> {
      const text: unknown = await keyv.serialize?.({ value, expires: undefined });
      if (typeof text !== 'string') throw new Error('keyv has no string serializer');
      return text;
    },
    async decode(text: string): Promise<unknown> {
      const data: unknown = await keyv.deserialize?.(text);
      if (!data || typeof data !== 'object' || !('value' in data)) throw new SyntaxError('not a keyv record');
      return data.value;
    },
  };
  // keyv's store is typed loosely; narrow by what each adapter exposes.
  const store: unknown = keyv.store;
  if (store instanceof Map) return { ...codec, ...mapSwap(store as Map<string, unknown>, full, short) };
  if (isSql(store)) {
    const postgres = store.opts.dialect === 'postgres';
    const table = postgres ? `${store.opts.schema ?? 'public'}.${store.opts.table}` : store.opts.table;
    const query: Query = postgres
      ? (sql, params) => store.query(sql, params) as ReturnType<Query>
      : (sql, params) => store.query(sql, ...params) as ReturnType<Query>;
    return { ...codec, ...sqlSwap(query, table, postgres, full, short) };
  }
  if (isRedis(store)) return { ...codec, ...redisSwap(store, full) };
  throw new Error('This keyv store has no compare-and-set support (use sqlite, redis, postgres or memory).');
}

function isSql(store: unknown): store is SqlAdapter {
  const s = store as Partial<SqlAdapter> | null;
  return typeof s?.query === 'function' && typeof s.opts?.table === 'string';
}

function isRedis(store: unknown): store is RedisAdapter {
  const s = store as Partial<RedisAdapter> | null;
  return typeof s?.getClient === 'function' && typeof s.createKeyPrefix === 'function';
}

type Swap = Pick<AtomicStore, 'get' | 'swap' | 'keys'>;

function mapSwap(map: Map<string, unknown>, full: (k: string) => string, short: (k: string) => string): Swap {
  const read = (key: string) => {
    const v = map.get(full(key));
    return typeof v === 'string' ? v : undefined;
  };
  return {
    get: (key) => Promise.resolve(read(key)),
    swap(key, expected, next) {
      if (read(key) !== expected) return Promise.resolve(false);
      if (next === undefined) map.delete(full(key));
      else map.set(full(key), next);
      return Promise.resolve(true);
    },
    keys: (prefix) =>
      Promise.resolve([...map.keys()].filter((k) => k.startsWith(full(prefix))).map((k) => short(k))),
  };
}

function sqlSwap(
  query: Query,
  table: string,
  postgres: boolean,
  full: (k: string) => string,
  short: (k: string) => string,
): Swap {
  const p = (n: number) => (postgres ? `$${n}` : '?');
  // RETURNING tells both dialects whether the row was written (SQLite has it since 3.35).
  const run = async (sql: string, params: unknown[]) => (await query(sql, params)).length > 0;
  return {
    async get(key) {
      const rows = await query(`SELECT value FROM ${table} WHERE key = ${p(1)}`, [full(key)]);
      const value = rows[0]?.['value'];
      return typeof value === 'string' ? value : undefined;
    },
    swap(key, expected, next) {
      const k = full(key);
      if (expected === undefined && next === undefined)
        return query(`SELECT key FROM ${table} WHERE key = ${p(1)}`, [k]).then((r) => r.length === 0);
      if (expected === undefined)
        return run(
          `INSERT INTO ${table} (key, value) VALUES (${p(1)}, ${p(2)}) ON CONFLICT(key) DO NOTHING RETURNING key`,
          [k, next],
        );
      if (next === undefined)
        return run(`DELETE FROM ${table} WHERE key = ${p(1)} AND value = ${p(2)} RETURNING key`, [
          k,
          expected,
        ]);
      return run(
        `UPDATE ${table} SET value = ${p(1)} WHERE key = ${p(2)} AND value = ${p(3)} RETURNING key`,
        [next, k, expected],
      );
    },
    async keys(prefix) {
      // Prefixes here are our own constants, but escape LIKE's wildcards anyway.
      const pattern = `${full(prefix).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await query(`SELECT key FROM ${table} WHERE key LIKE ${p(1)} ESCAPE '\\'`, [pattern]);
      return rows.map((r) => short(String(r['key'])));
    },
  };
}

function redisSwap(adapter: RedisAdapter, full: (k: string) => string): Swap {
  const redisKey = (key: string) => adapter.createKeyPrefix(full(key), adapter.namespace);
  const outer = redisKey('').length;
  return {
    async get(key) {
      const value = await (await adapter.getClient()).get(redisKey(key));
      return value ?? undefined;
    },
    async swap(key, expected, next) {
      const client = await adapter.getClient();
      const result = await client.eval(REDIS_SWAP, {
        keys: [redisKey(key)],
        arguments: [
          expected === undefined ? '0' : '1',
          expected ?? '',
          next === undefined ? '0' : '1',
          next ?? '',
        ],
      });
      return result === 1;
    },
    async keys(prefix) {
      const client = await adapter.getClient();
      const match = `${redisKey(prefix).replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
      const found: string[] = [];
      // node-redis 5 yields batches of keys; older versions yield single keys.
      for await (const batch of client.scanIterator({ MATCH: match, COUNT: 500 }))
        for (const k of Array.isArray(batch) ? batch : [batch]) found.push(k.slice(outer));
      return found;
    },
  };
}
