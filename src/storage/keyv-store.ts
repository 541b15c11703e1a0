/**
 * Opens the keyv store named by STORE_URL through keyv's official adapters:
 * `sqlite://path/to/file.sqlite` (the default, under ./data/), `redis://…`, `postgres://…`.
 * Adapters other than SQLite are imported only when asked for.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Keyv from 'keyv';

export const DEFAULT_STORE_URL = 'sqlite://data/tradecraft.sqlite';

export class StoreUrlError extends Error {}

export async function openKeyv(url: string = DEFAULT_STORE_URL): Promise<Keyv> {
  const scheme = url.split(':', 1)[0];
  switch (scheme) {
    case 'sqlite': {
      const { default: KeyvSqlite } = await import('@keyv/sqlite');
      const file = url.slice('sqlite://'.length);
      if (file !== ':memory:' && file.length > 0) mkdirSync(dirname(file), { recursive: true });
      return new Keyv({ store: new KeyvSqlite(`sqlite://${file}`), namespace: 'tradecraft' });
    }
    case 'redis':
    case 'rediss': {
      const { default: KeyvRedis } = await import('@keyv/redis');
      return new Keyv({ store: new KeyvRedis(url), namespace: 'tradecraft' });
    }
    case 'postgres':
    case 'postgresql': {
      const { default: KeyvPostgres } = await import('@keyv/postgres');
      return new Keyv({ store: new KeyvPostgres({ uri: url }), namespace: 'tradecraft' });
    }
    case 'memory':
      return new Keyv({ namespace: 'tradecraft' });
    default:
      throw new StoreUrlError(
        `STORE_URL must start with sqlite://, redis://, postgres:// or memory:// (got "${scheme ?? url}").`,
      );
  }
}
