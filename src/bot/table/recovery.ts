/**
 * Start-up work over every stored session: re-arm timers from the records themselves (and
 * repair the timer index, which a crash may have left behind its sessions), reconcile the
 * deadline index with each session's decision clocks (the same crash window), post what a crash
 * left owed to a channel (outbox.ts: the board behind the stored state, announcements not yet
 * posted) after adopting what a dead process posted but never recorded and disarming its
 * stale boards (publish.ts, `adoptUnrecorded`), resume a finished game's wrap-up from the step
 * it stopped at (wrap-up.ts), remove finished games past their server's retention and close
 * lobbies nobody started (sweep.ts, which also runs while the bot runs).
 */
import { owes } from '../../storage/outbox.ts';
import type { Logger } from '../kernel/logger.ts';
import { ownsGuild } from '../kernel/shard-ownership.ts';
import { ownTables } from './own-tables.ts';
import { expireIfOld, expireQuarantined, retentionOf } from './sweep.ts';
import type { Session } from '../../storage/session.ts';
import type { TableService } from './service.ts';

export interface RecoveryReport {
  sessions: number;
  timers: number;
  /** Tables whose deadline-index entry did not match their clocks (a crash or a failed write), now fixed. */
  deadlinesReconciled: number;
  /** Tables whose board or announcements a crash left owed, now posted. */
  republished: number;
  /** Finished games whose debrief, result and team threads a crash left owed, now done. */
  wrappedUp: number;
  /** Boards a crash left live without the store knowing them, now without controls. */
  orphans: number;
  removed: number;
  expiredLobbies: number;
  /** Records set aside as unreadable, removed past retention. */
  quarantinesRemoved: number;
  failed: number;
}

export async function recover(tables: TableService, logger: Logger): Promise<RecoveryReport> {
  const { store } = tables.deps;
  const report: RecoveryReport = {
    sessions: 0,
    timers: 0,
    deadlinesReconciled: 0,
    republished: 0,
    wrappedUp: 0,
    orphans: 0,
    removed: 0,
    expiredLobbies: 0,
    quarantinesRemoved: 0,
    failed: 0,
  };
  const withTimers: string[] = [];
  const retention = retentionOf(tables);
  // This process's shards' tables only, from the table index: no other shard's record is read.
  const walked = new Set((await ownTables(tables)).map((t) => t.channelId));
  for (const channelId of walked) {
    report.sessions += 1;
    try {
      const session = await tables.load(channelId);
      if (!session) continue;
      // Listed under a server it does not name (never written so): left to its owner.
      if (!ownsGuild(tables.deps.client, session.guildId)) continue;
      if (session.status !== 'playing') {
        const expiry = await expireIfOld(tables, session, await retention(session.guildId));
        if (expiry === 'removed') report.removed += 1;
        if (expiry === 'expired-lobby') report.expiredLobbies += 1;
        if (expiry) continue;
      }
      let current: Session | null = session;
      if (owes(session) || session.wrapUp) {
        // Owed by a crash: posted (after adopting what was posted but never recorded) and wrapped up.
        const resumed = await tables.publisher.resume(channelId);
        current = resumed.session;
        report.orphans += resumed.orphans;
        if (resumed.republished) report.republished += 1;
        if (resumed.wrappedUp) report.wrappedUp += 1;
      }
      if (current?.status === 'playing' && current.timer) {
        tables.timers.sync(current);
        withTimers.push(channelId);
      }
      // The index may lack this table's deadline (a crash between the two writes, a failed write).
      if (current && (await tables.decisions.reconcile(current))) report.deadlinesReconciled += 1;
    } catch (err) {
      // One table's failure (a deleted channel, a refused post) must not stop the others.
      report.failed += 1;
      logger.warn({ err, channelId }, 'could not recover a table at start-up');
    }
  }
  try {
    report.quarantinesRemoved = await expireQuarantined(tables, retention);
  } catch (err) {
    report.failed += 1;
    logger.warn({ err }, 'could not sweep set-aside records at start-up');
  }
  // The timer index is shared (other shards' tables, and any a table index missed): only the
  // entries of the tables walked here are rewritten.
  await store.timerIndex.set(withTimers, (c) => walked.has(c));
  report.timers = withTimers.length;
  logger.info(report, 'tables recovered');
  return report;
}
