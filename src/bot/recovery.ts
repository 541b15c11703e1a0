/**
 * Start-up work over every stored session: re-arm timers from the records themselves (and
 * repair the timer index, which a crash may have left behind its sessions), republish tables
 * whose board a crash left behind the stored state (disarming boards posted but never recorded),
 * remove finished games past retention and close lobbies nobody started.
 */
import { disarmOrphans } from './board-message.ts';
import type { Logger } from './logger.ts';
import type { Tables } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a finished game is kept for export, stats and review before it is removed. */
export const FINISHED_RETENTION_MS = 30 * DAY_MS;
/** A lobby nobody has touched for this long is closed. */
export const LOBBY_EXPIRY_MS = 7 * DAY_MS;

export interface RecoveryReport {
  sessions: number;
  timers: number;
  republished: number;
  /** Boards a crash left live without the store knowing them, now without controls. */
  orphans: number;
  removed: number;
  expiredLobbies: number;
  failed: number;
}

export async function recover(tables: Tables, logger: Logger): Promise<RecoveryReport> {
  const { store } = tables.deps;
  const report: RecoveryReport = {
    sessions: 0,
    timers: 0,
    republished: 0,
    orphans: 0,
    removed: 0,
    expiredLobbies: 0,
    failed: 0,
  };
  const withTimers: string[] = [];
  for (const channelId of await store.sessionChannels()) {
    report.sessions += 1;
    try {
      const session = await tables.load(channelId);
      if (!session) continue;
      const idle = tables.now() - session.updatedAt;
      if (session.status === 'ended' && idle > FINISHED_RETENTION_MS) {
        await store.withLock(channelId, () => store.delete(channelId));
        report.removed += 1;
        continue;
      }
      if (session.status === 'lobby' && idle > LOBBY_EXPIRY_MS) {
        await tables.end(channelId, session.id, 'the clock (nobody started it within 7 days)');
        report.expiredLobbies += 1;
        continue;
      }
      if (session.unpublished) {
        await store.withLock(channelId, async () => {
          const current = await tables.load(channelId);
          if (!current?.unpublished) return;
          // A crash may have come between posting a board and saving its id: disarm it first.
          report.orphans += await disarmOrphans(tables, current);
          await tables.showBoard(current, true);
        });
        report.republished += 1;
      }
      const current = session.unpublished ? await tables.load(channelId) : session;
      if (current?.status === 'playing' && current.timer) {
        tables.timers.sync(current);
        withTimers.push(channelId);
      }
    } catch (err) {
      // One table's failure (a deleted channel, a refused post) must not stop the others.
      report.failed += 1;
      logger.warn({ err, channelId }, 'could not recover a table at start-up');
    }
  }
  await store.setTimerIndex(withTimers);
  report.timers = withTimers.length;
  logger.info(report, 'tables recovered');
  return report;
}
