/**
 * Start-up with many stored sessions (issue #15):
 * - how many records the bot reads to re-arm every decision deadline (the deadline index only,
 *   never the sessions themselves);
 * - start to READY, deadlines re-armed, with 10,000 stored sessions of which 1,000 have a
 *   running decision clock, measured in a fresh bot process (`startup-process.ts`);
 * - that process's RSS once the start-up sweep has walked every record, against the same bot
 *   on an empty store (`rss_ratio`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBot } from '../src/bot/app/app.ts';
import { createLogger } from '../src/bot/kernel/logger.ts';
import { newTableClock, planClocks } from '../src/bot/kernel/pace.ts';
import { itemCollection } from '../src/games/item-collection/index.ts';
import { AdjustableClock } from '../src/sandbox/clock.ts';
import { emptyHistory } from '../src/storage/history.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../src/storage/session.ts';
import { atomicStore } from '../src/storage/atomic.ts';
import { DeadlineIndex } from '../src/storage/indexes.ts';
import { TableIndex } from '../src/storage/table-index.ts';
import { openKeyv } from '../src/storage/keyv-store.ts';

export interface StartupFigures {
  sessions: number;
  recordsRead: number;
  sessionsRead: number;
  deadlines: number;
  ms: number;
}

export interface ProcessFigures {
  sessions: number;
  clocks: number;
  /** Start to READY with every deadline re-armed, in a fresh process. */
  readyMs: number;
  deadlines: number;
  rss: number;
  emptyRss: number;
  rssRatio: number;
}

const GUILD = '100000000000000000';

/**
 * Writes `sessions` Item Collection tables as a running bot leaves them; the first `clocks` of
 * them play at a daily pace, each with its decision deadlines in the deadline index. Table `i`
 * is in server `guildOf(i)` (one server unless told).
 */
export async function writeStore(
  url: string,
  sessions: number,
  clocks: number,
  guildOf: (i: number) => string = () => GUILD,
): Promise<void> {
  const now = Date.now();
  const writer = await openKeyv(url);
  const index = new DeadlineIndex(writer);
  const seats = ['1', '2', '3', '4'].map((id) => ({ id: `10000000000000000${id}`, name: `p${id}` }));
  const setup = itemCollection.setup({ players: seats, options: {}, seed: 'bench' });
  if (!setup.ok) throw new Error(setup.error.message);
  const wakes: [string, number][] = [];
  const records: { key: string; value: Session }[] = [];
  for (let i = 0; i < sessions; i++) {
    const channelId = String(200000000000000000n + BigInt(i));
    const base: Session = {
      schema: SESSION_SCHEMA_VERSION,
      id: `b${i.toString(36).padStart(5, '0')}`,
      channelId,
      guildId: guildOf(i),
      gameId: itemCollection.id,
      status: 'playing',
      version: 1,
      host: seats[0]?.id ?? '',
      facilitator: false,
      seats,
      options: {},
      seed: 'bench',
      state: setup.value,
      history: emptyHistory(),
      handled: [],
      createdAt: now,
      updatedAt: now,
      tableClock: newTableClock(i < clocks ? 'daily' : 'none'),
    };
    const session = planClocks(itemCollection, base, now - (i % 1000) * 60_000);
    records.push({ key: `session:${channelId}`, value: session });
    const times = session.tableClock?.clocks.map((c) => c.remindAt ?? c.due ?? Infinity) ?? [];
    if (times.length) wakes.push([channelId, Math.min(...times)]);
  }
  for (let i = 0; i < records.length; i += 500) await writer.setMany(records.slice(i, i + 500));
  await index.setMany(wakes);
  // Listed by server, as the bot lists each table it opens (src/storage/table-index.ts).
  const tables = new TableIndex(atomicStore(writer), () => now);
  await tables.addMany(records.map((r) => r.value));
  await tables.markBuilt();
  await writer.disconnect();
}

export async function benchStartup(sessions: number): Promise<StartupFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  try {
    const url = `sqlite://${join(dir, 'store.sqlite')}`;
    await writeStore(url, sessions, sessions);
    const keyv = await openKeyv(url);
    let reads = 0;
    const get = keyv.get.bind(keyv);
    // Counts every record start-up reads from the store.
    keyv.get = ((...args: Parameters<typeof get>) => {
      reads++;
      return get(...args);
    }) as typeof keyv.get;
    const bot = benchBot(keyv);
    const t0 = performance.now();
    const restored = await bot.tables.restoreTimers();
    const ms = performance.now() - t0;
    bot.tables.decisions.stop();
    await keyv.disconnect();
    await bot.client.destroy();
    return {
      sessions,
      recordsRead: reads,
      sessionsRead: restored.sessionsRead,
      deadlines: restored.deadlines,
      ms,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one bot process on `url` (see startup-process.ts) and returns what it printed. */
function botProcess(url: string): { readyMs: number; rss: number; deadlines: number } {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'startup-process.ts'), url, GUILD],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as { readyMs: number; rss: number; deadlines: number };
}

export async function benchStartupProcess(sessions: number, clocks: number): Promise<ProcessFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  try {
    const full = `sqlite://${join(dir, 'full.sqlite')}`;
    const empty = `sqlite://${join(dir, 'empty.sqlite')}`;
    await writeStore(full, sessions, clocks);
    await writeStore(empty, 0, 0);
    // Each measured twice, alternating, the better of the two kept: one process start is noisy.
    const runs = [botProcess(empty), botProcess(full), botProcess(empty), botProcess(full)];
    const [e1, f1, e2, f2] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    const emptyRss = Math.min(e1.rss, e2.rss);
    const rss = Math.min(f1.rss, f2.rss);
    return {
      sessions,
      clocks,
      readyMs: Math.min(f1.readyMs, f2.readyMs),
      deadlines: f1.deadlines,
      rss,
      emptyRss,
      rssRatio: rss / emptyRss,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A bot on `keyv` that never reaches Discord (start-up recovery is measured without a gateway). */
export function benchBot(
  keyv: Parameters<typeof createBot>[0]['keyv'],
  shards?: { ids: number[]; count: number },
) {
  return createBot({
    token: 'bench',
    apiUrl: 'http://127.0.0.1:9/api',
    keyv,
    games: [itemCollection],
    commands: [],
    clock: new AdjustableClock(),
    logger: createLogger({ level: 'silent', format: 'json', secrets: [] }),
    ...(shards ? { shards } : {}),
  });
}
