/**
 * Start-up on one shard of several (issue #25, *Scale*): 10,000 stored tables spread over
 * servers on 4 shards, and what one shard's start-up reads from the store — the table index,
 * re-arming its timers and deadlines, then the recovery sweep — counted as rows of records the SQLite store returns
 * (a key listing is counted apart, as keys). Each shard is measured in turn, as its own bot with
 * `shards: [i]`, on the same store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/bot/kernel/logger.ts';
import { recover } from '../src/bot/table/recovery.ts';
import { openKeyv } from '../src/storage/keyv-store.ts';
import { benchBot, writeStore } from './startup.ts';

export interface ShardStartupFigures {
  sessions: number;
  shards: number;
  guilds: number;
  /** Records each shard read, by shard id. */
  recordsRead: number[];
  /** Keys each shard listed (a listing returns keys, not records). */
  keysListed: number[];
  /** Tables each shard's recovery walked. */
  walked: number[];
}

/** Servers per shard in the benchmark's store. */
const GUILDS_PER_SHARD = 10;

/** A server id Discord routes to shard `g % shards` (`(id >> 22) % shards`). */
const guildId = (g: number): string => String(BigInt(1000 + g) << 22n);

interface SqlStore {
  query: (sql: string, ...params: unknown[]) => Promise<unknown>;
}

export async function benchShardStartup(sessions: number, shards: number): Promise<ShardStartupFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  const guilds = shards * GUILDS_PER_SHARD;
  const figures: ShardStartupFigures = {
    sessions,
    shards,
    guilds,
    recordsRead: [],
    keysListed: [],
    walked: [],
  };
  try {
    const url = `sqlite://${join(dir, 'store.sqlite')}`;
    // 1000 + g is g modulo any shard count dividing 1000: guild g is on shard g % shards.
    await writeStore(url, sessions, Math.ceil(sessions / 10), (i) => guildId(i % guilds));
    for (let shard = 0; shard < shards; shard++) {
      const keyv = await openKeyv(url);
      const store = keyv.store as SqlStore;
      const query = store.query.bind(store);
      let records = 0;
      let keys = 0;
      // Every row a SELECT returns: a record when it carries its value, else a listed key.
      store.query = async (sql, ...params) => {
        const rows = await query(sql, ...params);
        if (/^\s*select/i.test(sql) && Array.isArray(rows))
          for (const row of rows as Record<string, unknown>[]) {
            if ('value' in row) records++;
            else if ('key' in row) keys++;
          }
        return rows;
      };
      const bot = benchBot(keyv, { ids: [shard], count: shards });
      const logger = createLogger({ level: 'silent', format: 'json', secrets: [] });
      // What `bot.start()` does after READY: the one-time indexing check, timers, then recovery.
      await bot.tables.deps.store.tableIndex.indexExisting();
      await bot.tables.restoreTimers();
      const report = await recover(bot.tables, logger);
      bot.tables.decisions.stop();
      await keyv.disconnect();
      await bot.client.destroy();
      figures.recordsRead.push(records);
      figures.keysListed.push(keys);
      figures.walked.push(report.sessions);
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
