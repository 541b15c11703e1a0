/**
 * Start-up with many stored sessions: how many records the bot reads to re-arm every decision
 * deadline, and how long it takes. Sessions are written as a running bot leaves them (a daily
 * Item Collection table each, its deadline in the deadline index); start-up must read the index,
 * never the sessions themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBot } from '../src/bot/app.ts';
import { createLogger } from '../src/bot/logger.ts';
import { newTableClock, planClocks } from '../src/bot/pace.ts';
import { itemCollection } from '../src/games/item-collection/index.ts';
import { AdjustableClock } from '../src/sandbox/clock.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../src/storage/session.ts';
import { DeadlineIndex } from '../src/storage/indexes.ts';
import { openKeyv } from '../src/storage/keyv-store.ts';
import { emptyHistory } from '../src/storage/history.ts';

export interface StartupFigures {
  sessions: number;
  recordsRead: number;
  sessionsRead: number;
  deadlines: number;
  ms: number;
}

export async function benchStartup(sessions: number): Promise<StartupFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  try {
    const url = `sqlite://${join(dir, 'store.sqlite')}`;
    const clock = new AdjustableClock();
    const now = clock.now();
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
        guildId: '100000000000000000',
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
        async: newTableClock('daily'),
      };
      const session = planClocks(itemCollection, base, now - (i % 1000) * 60_000);
      records.push({ key: `session:${channelId}`, value: session });
      const times = session.async?.clocks.map((c) => c.remindAt ?? c.due ?? Infinity) ?? [];
      wakes.push([channelId, Math.min(...times)]);
    }
    for (let i = 0; i < records.length; i += 500) await writer.setMany(records.slice(i, i + 500));
    await index.setMany(wakes);
    await writer.disconnect();

    const keyv = await openKeyv(url);
    let reads = 0;
    const get = keyv.get.bind(keyv);
    // Counts every record start-up reads from the store.
    keyv.get = ((...args: Parameters<typeof get>) => {
      reads++;
      return get(...args);
    }) as typeof keyv.get;
    const bot = createBot({
      token: 'bench',
      apiUrl: 'http://127.0.0.1:9/api',
      keyv,
      games: [itemCollection],
      commands: [],
      clock,
      logger: createLogger({ level: 'silent', format: 'json', secrets: [] }),
    });
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
