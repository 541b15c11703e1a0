/**
 * The session store's own speed, on each store the machine has: persisted actions per second
 * (lock, load, apply, save, as a click does, on 20 channels at once), load+save against a raw
 * keyv get+set of the same bytes, and how a record grows with the length of its game.
 * Redis and PostgreSQL are measured when TEST_REDIS_URL / TEST_POSTGRES_URL name them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectionDeck } from '../src/games/collection-deck/index.ts';
import { playthrough, tableOf } from '../src/games/playthrough.ts';
import { appendHistory, emptyHistory } from '../src/storage/history.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../src/storage/session.ts';
import { SessionStore } from '../src/storage/sessions.ts';
import { openKeyv } from '../src/storage/keyv-store.ts';

export interface StorageFigures {
  store: string;
  persistedActionsPerS: number;
  loadSaveRatio: number;
}

const CHANNELS = 20;
const SEATS = 8;

/** Every state of one seeded 8-seat Collection Deck game (a long one): the moves the bench replays. */
function gameStates(): unknown[] {
  return [...playthrough(collectionDeck, tableOf(SEATS), { seed: 'bench-store' })];
}

const sessionOf = (channelId: string, state: unknown): Session => ({
  schema: SESSION_SCHEMA_VERSION,
  id: 'bench001',
  channelId,
  guildId: '100000000000000000',
  gameId: collectionDeck.id,
  status: 'playing',
  version: 0,
  host: '800000000000000000',
  facilitator: false,
  seats: tableOf(SEATS),
  options: {},
  seed: 'bench-store',
  state,
  history: emptyHistory(),
  handled: [],
  createdAt: 0,
  updatedAt: 0,
});

/** One move as the bot records it: the new state, a history entry, the interaction id. */
function move(session: Session, state: unknown, n: number): Session {
  return {
    ...session,
    state,
    history: appendHistory(session.history, [
      { at: n, actor: '800000000000000000', action: { type: 'ready' }, announce: [] },
    ]),
    handled: [...session.handled, `i${n}`],
  };
}

/**
 * Record size after a long game against after a short one, as stored: each move saved through
 * the session store (which keeps the history apart) and the record's stored text measured.
 */
export async function sessionBytesRatio(): Promise<{
  ratio: number;
  shortBytes: number;
  longBytes: number;
  moves: number;
}> {
  const states = gameStates();
  const keyv = await openKeyv('memory://');
  const sessions = new SessionStore(keyv, () => 0);
  try {
    let session = await sessions.save(sessionOf('c', states[0]), -1);
    const sizes: number[] = [];
    for (const [i, s] of states.entries()) {
      session = await sessions.save(move(session, s, i), session.version);
      const text = (keyv.store as Map<string, unknown>).get('tradecraft:session:c');
      sizes.push(typeof text === 'string' ? text.length : 0);
    }
    const shortBytes = sizes[Math.min(5, sizes.length - 1)] ?? 0;
    const longBytes = sizes[sizes.length - 1] ?? 0;
    return { ratio: longBytes / shortBytes, shortBytes, longBytes, moves: states.length };
  } finally {
    await sessions.close();
  }
}

export async function benchStorage(urls: { store: string; url: string }[]): Promise<StorageFigures[]> {
  const states = gameStates();
  const out: StorageFigures[] = [];
  for (const { store, url } of urls) {
    const keyv = await openKeyv(url);
    const sessions = new SessionStore(keyv, () => Date.now());
    try {
      const prefix = `bench${Date.now()}`;
      const channels = Array.from({ length: CHANNELS }, (_, i) => `${prefix}-${i}`);
      for (const c of channels) await sessions.save(sessionOf(c, states[0]), -1);
      const perChannel = Math.max(20, Math.min(states.length - 1, 100));
      const t0 = performance.now();
      await Promise.all(
        channels.map(async (c) => {
          for (let i = 1; i <= perChannel; i++)
            await sessions.withLock(c, async () => {
              const loaded = await sessions.load(c);
              if (loaded.kind !== 'ok') throw new Error(`bench: ${c} did not load`);
              await sessions.save(move(loaded.session, states[i], i), loaded.session.version);
            });
        }),
      );
      const persisted = (CHANNELS * perChannel) / ((performance.now() - t0) / 1000);

      // Load+save of one record against keyv's raw get+set of the same bytes.
      const c = channels[0] ?? '';
      const rounds = 200;
      const t1 = performance.now();
      for (let i = 0; i < rounds; i++) {
        const loaded = await sessions.load(c);
        if (loaded.kind !== 'ok') throw new Error('bench: no session');
        await sessions.save(loaded.session, loaded.session.version);
      }
      const ours = performance.now() - t1;
      const raw: unknown = await keyv.get(`session:${c}`);
      const t2 = performance.now();
      for (let i = 0; i < rounds; i++) {
        await keyv.get(`raw:${c}`);
        await keyv.set(`raw:${c}`, raw);
      }
      const bare = performance.now() - t2;
      for (const ch of channels) await sessions.delete(ch);
      await keyv.delete(`raw:${c}`);
      out.push({ store, persistedActionsPerS: persisted, loadSaveRatio: ours / bare });
    } finally {
      await sessions.close();
    }
  }
  return out;
}

/** The stores this machine offers: a fresh SQLite file always, Redis and PostgreSQL if named. */
export function benchStoreUrls(): { store: string; url: string; cleanup?: () => void }[] {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-store-'));
  const urls: { store: string; url: string; cleanup?: () => void }[] = [
    {
      store: 'sqlite',
      url: `sqlite://${join(dir, 'store.sqlite')}`,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    },
  ];
  const redis = process.env['TEST_REDIS_URL'];
  const postgres = process.env['TEST_POSTGRES_URL'];
  if (redis) urls.push({ store: 'redis', url: redis });
  if (postgres) urls.push({ store: 'postgres', url: postgres });
  return urls;
}
