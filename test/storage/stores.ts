/** The stores a storage test runs on: a fresh SQLite file always; Redis and PostgreSQL when CI provides them. */
import { tempSqliteUrl } from '../fixtures/temp-dirs.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../../src/storage/session.ts';
import { emptyHistory } from '../../src/storage/history.ts';

export interface StoreUnderTest {
  name: string;
  url: string | undefined;
}

export const storeUrls = (): StoreUnderTest[] => [
  { name: 'sqlite', url: 'sqlite' },
  { name: 'redis', url: process.env['TEST_REDIS_URL'] },
  { name: 'postgres', url: process.env['TEST_POSTGRES_URL'] },
];

/** A concrete URL for one test: SQLite gets a new file each time. */
export function urlFor(store: StoreUnderTest): string {
  if (store.url !== 'sqlite') return store.url ?? '';
  return tempSqliteUrl();
}

export { removeTempDirs } from '../fixtures/temp-dirs.ts';

/** A channel id no other test (or earlier run on a shared server) uses. */
export const freshChannel = (): string => `c${Date.now()}${Math.floor(Math.random() * 1e6)}`;

export const sessionFor = (channelId: string, over: Partial<Session> = {}): Session => ({
  schema: SESSION_SCHEMA_VERSION,
  id: 'abcd1234',
  channelId,
  guildId: 'g1',
  gameId: 'tally',
  status: 'lobby',
  version: 0,
  host: 'u1',
  facilitator: false,
  seats: [{ id: 'u1', name: 'Alice' }],
  options: {},
  seed: 's',
  state: null,
  history: emptyHistory(),
  handled: [],
  createdAt: 1,
  updatedAt: 1,
  ...over,
});
