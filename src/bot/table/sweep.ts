/**
 * Removing what nobody needs any more: finished games kept past their server's retention
 * (`/tradecraft settings retention:`, 30 days by default) and lobbies nobody started within
 * 7 days. The start-up recovery applies it to every record it walks; while the bot runs, the
 * sweep walks the records again every SWEEP_INTERVAL_MS, so a bot that never restarts still
 * keeps the store from growing one row per thread forever.
 */
import { owes } from '../../storage/outbox.ts';
import { DEFAULT_RETENTION_DAYS, settingsSchema } from '../../storage/settings.ts';
import { ownsGuild } from '../kernel/shard-ownership.ts';
import { ownTables } from './own-tables.ts';
import type { Session } from '../../storage/session.ts';
import type { Logger } from '../kernel/logger.ts';
import type { TableService } from './service.ts';
import { endTableIf } from './table-lifecycle.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A lobby nobody has touched for this many days is closed. */
export const LOBBY_EXPIRY_DAYS = 7;
export const LOBBY_EXPIRY_MS = LOBBY_EXPIRY_DAYS * DAY_MS;
/** How often a running bot sweeps the store. */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type Expiry = 'removed' | 'expired-lobby' | null;

/** How long each server keeps finished games, read once per guild per sweep. */
export function retentionOf(tables: TableService): (guildId: string) => Promise<number> {
  const cache = new Map<string, Promise<number>>();
  return (guildId) => {
    let days = cache.get(guildId);
    if (!days) {
      days = tables.deps.records.settings.get(guildId).then(
        (s) => s.retention,
        // An unreadable settings record must not delete sooner than the default.
        () => settingsSchema.parse({}).retention,
      );
      cache.set(guildId, days);
    }
    return days.then((d) => d * DAY_MS);
  };
}

/** Removes a finished game past retention, or closes a lobby left too long; null when neither. */
export async function expireIfOld(
  tables: TableService,
  session: Session,
  retentionMs: number,
): Promise<Expiry> {
  const { store, records } = tables.deps;
  const { channelId } = session;
  const idle = tables.now() - session.updatedAt;
  if (session.status === 'ended' && idle > retentionMs) {
    const removed = await store.withLock(channelId, async () => {
      // Only the record that was judged old: a new game may have opened in the channel since.
      const current = await tables.load(channelId);
      if (current?.status !== 'ended' || current.id !== session.id) return false;
      await store.delete(channelId);
      return true;
    });
    if (!removed) return null;
    await tables.decisions.forget(channelId);
    await records.seats.sync(session.guildId, channelId, []);
    return 'removed';
  }
  if (session.status === 'lobby' && idle > LOBBY_EXPIRY_MS) {
    // Checked again under the table's lock, in the same lock as the end: a lobby started (or
    // joined) a moment before must not be ended.
    const ended = await endTableIf(
      tables,
      channelId,
      session.id,
      `the clock (nobody started it within ${LOBBY_EXPIRY_DAYS} days)`,
      (current) => current.status === 'lobby' && current.version === session.version,
    );
    return ended ? 'expired-lobby' : null;
  }
  return null;
}

/**
 * Records set aside as unreadable (`quarantine:<channel>:<time>`) are kept for inspection as long
 * as a finished game would be: their server's retention when the record still names its server,
 * else the default. Returns how many were removed.
 */
export async function expireQuarantined(
  tables: TableService,
  retention: (guildId: string) => Promise<number>,
): Promise<number> {
  const { store } = tables.deps;
  let removed = 0;
  for (const { key, at } of await store.setAside.list()) {
    const value = await store.setAside.read(key).catch(() => undefined);
    const guildId =
      typeof value === 'object' && value !== null && 'guildId' in value && typeof value.guildId === 'string'
        ? value.guildId
        : null;
    const keepMs = guildId ? await retention(guildId) : DEFAULT_RETENTION_DAYS * DAY_MS;
    if (tables.now() - at <= keepMs) continue;
    await store.setAside.remove(key);
    removed += 1;
  }
  return removed;
}

export interface SweepReport {
  sessions: number;
  removed: number;
  expiredLobbies: number;
  /** Records set aside as unreadable, removed past retention. */
  quarantinesRemoved: number;
  failed: number;
}

/**
 * Walks this process's shards' tables once (the table index lists them) and expires what is
 * old; an index entry whose record is gone is removed once it is old enough (table-index.ts).
 */
export async function sweep(tables: TableService, logger: Logger): Promise<SweepReport> {
  const report: SweepReport = {
    sessions: 0,
    removed: 0,
    expiredLobbies: 0,
    quarantinesRemoved: 0,
    failed: 0,
  };
  const retention = retentionOf(tables);
  for (const entry of await ownTables(tables)) {
    const { channelId } = entry;
    report.sessions += 1;
    try {
      let session = await tables.load(channelId);
      if (!session) {
        await tables.deps.store.tableIndex.removeIfStale(entry);
        continue;
      }
      // Whatever a table was left owing (its publish's retries given up, or its process gone) is
      // posted; the expiry below then judges the record as that left it.
      if ((owes(session) || session.wrapUp) && ownsGuild(tables.deps.client, session.guildId))
        session = (await tables.publisher.resume(channelId)).session;
      if (!session || session.status === 'playing') continue;
      const expiry = await expireIfOld(tables, session, await retention(session.guildId));
      if (expiry === 'removed') report.removed += 1;
      if (expiry === 'expired-lobby') report.expiredLobbies += 1;
    } catch (err) {
      report.failed += 1;
      logger.warn({ err, channelId }, 'could not sweep a table');
    }
  }
  try {
    report.quarantinesRemoved = await expireQuarantined(tables, retention);
  } catch (err) {
    report.failed += 1;
    logger.warn({ err }, 'could not sweep set-aside records');
  }
  if (report.removed || report.expiredLobbies || report.quarantinesRemoved || report.failed)
    logger.info(report, 'old records swept');
  return report;
}

/** Sweeps every SWEEP_INTERVAL_MS on the bot's clock until the returned function is called. */
export function scheduleSweeps(tables: TableService, logger: Logger): () => void {
  let cancel: () => void = () => undefined;
  const run = { stopped: false };
  const arm = (): void => {
    cancel = tables.deps.clock.schedule(tables.now() + SWEEP_INTERVAL_MS, async () => {
      await sweep(tables, logger).catch((err: unknown) => logger.error({ err }, 'sweep failed'));
      if (!run.stopped) arm();
    });
  };
  arm();
  return () => {
    run.stopped = true;
    cancel();
  };
}
