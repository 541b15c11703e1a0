/**
 * Start-up work over every stored session: re-arm timers from the records themselves (and
 * repair the timer index, which a crash may have left behind its sessions), republish tables
 * whose board a crash left behind the stored state (disarming boards posted but never recorded),
 * remove finished games past their server's retention and close lobbies nobody started (sweep.ts,
 * which also runs while the bot runs).
 */
import { disarmOrphans } from './board-message.ts';
import type { Logger } from '../kernel/logger.ts';
import { ownsGuild } from '../kernel/shard-ownership.ts';
import { expireIfOld, retentionOf } from './sweep.ts';
import type { TableService } from './service.ts';
import { wrapUp } from './wrap-up.ts';

export interface RecoveryReport {
  sessions: number;
  timers: number;
  republished: number;
  /** Finished games whose debrief, result and team threads a crash left owed, now done. */
  wrappedUp: number;
  /** Boards a crash left live without the store knowing them, now without controls. */
  orphans: number;
  removed: number;
  expiredLobbies: number;
  failed: number;
}

export async function recover(tables: TableService, logger: Logger): Promise<RecoveryReport> {
  const { store } = tables.deps;
  const report: RecoveryReport = {
    sessions: 0,
    timers: 0,
    republished: 0,
    wrappedUp: 0,
    orphans: 0,
    removed: 0,
    expiredLobbies: 0,
    failed: 0,
  };
  const withTimers: string[] = [];
  const retention = retentionOf(tables);
  for (const channelId of await store.sessionChannels()) {
    report.sessions += 1;
    try {
      const session = await tables.load(channelId);
      if (!session) continue;
      if (!ownsGuild(tables.deps.client, session.guildId)) {
        // Another shard's table: that process recovers it; the shared timer index still lists it.
        if (session.status === 'playing' && session.timer) withTimers.push(channelId);
        continue;
      }
      if (session.status !== 'playing') {
        const expiry = await expireIfOld(tables, session, await retention(session.guildId));
        if (expiry === 'removed') report.removed += 1;
        if (expiry === 'expired-lobby') report.expiredLobbies += 1;
        if (expiry) continue;
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
      // A crash after a game's last move and before its debrief: the wrap-up is finished now.
      if (session.wrapUp) {
        await wrapUp(tables, tables.engine(session.gameId), session);
        report.wrappedUp += 1;
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
