/**
 * A game's phase timer at work: the reminder before a phase ends, and the phase's own action
 * (played by SYSTEM_ACTOR) when it runs out, or the next round of a computer-only table. The
 * change is committed under the table's lock and published after it, as a move is. A timer whose
 * work fails (the store did not answer) is tried again after a back-off: it reads the record
 * afresh each time, so a retry after the work was done finds nothing left to do.
 */
import { time, TimestampStyles } from 'discord.js';
import { SYSTEM_ACTOR } from '../../games/contract.ts';
import { commitStep, type Committed } from './commit.ts';
import { ownsEveryGuild, ownsGuild } from '../kernel/shard-ownership.ts';
import { ownTables } from './own-tables.ts';
import { nextPacedRound, PACE_KEY, playAction } from '../kernel/play.ts';
import type { TableService } from './service.ts';
import type { TimerKind } from '../kernel/timers.ts';
import { usersToPing } from '../kernel/names.ts';
import { closedIfGone } from './channel-gone.ts';

export async function onPhaseTimer(
  tables: TableService,
  channelId: string,
  key: string,
  kind: TimerKind,
): Promise<void> {
  try {
    const committed = await tables.deps.store.withLock(channelId, () => fire(tables, channelId, key, kind));
    if (committed) await tables.publisher.publish(committed);
  } catch (err) {
    if (await closedIfGone(tables, channelId, err)) return;
    const retryInMs = tables.timers.retry(channelId, key, kind);
    tables.deps.logger.error({ err, channelId, key, kind, retryInMs }, 'timer failed; trying again');
  }
}

async function fire(
  tables: TableService,
  channelId: string,
  key: string,
  kind: TimerKind,
): Promise<Committed | null> {
  const session = await tables.load(channelId);
  const t = session?.timer;
  if (!session || !t || t.key !== key || session.status !== 'playing' || t.due === undefined) return null;
  if (!ownsGuild(tables.deps.client, session.guildId)) return null; // another shard's table
  const engine = tables.engine(session.gameId);
  if (kind === 'remind') {
    // Already sent (a retry after the reminder's save): never twice.
    if (t.remindAt === undefined) return null;
    const { remindAt: _r, ...rest } = t;
    await tables.save({ ...session, timer: rest }, session.version);
    const who = usersToPing(session.seats, engine.activePlayers(session.state));
    await (
      await tables.channel(channelId)
    ).send({
      content:
        `⏱ ${t.label} ends ${time(Math.ceil(t.due / 1000), TimestampStyles.RelativeTime)}. ${who.map((id) => `<@${id}>`).join(' ')}`.trim(),
      allowedMentions: { users: who },
    });
    return null;
  }
  if (t.due > tables.now()) {
    tables.timers.sync(session);
    return null;
  }
  if (t.key.startsWith(PACE_KEY))
    return commitStep(tables, engine, session, nextPacedRound(engine, session, tables.now()));
  const phase = engine.timer(session.state);
  if (!phase || phase.key !== key) return null;
  const result = playAction(engine, session, SYSTEM_ACTOR, phase.action, tables.now());
  if (!result.ok) {
    tables.deps.logger.error({ channelId, key, error: result.error }, 'timer action refused by engine');
    return null;
  }
  result.step.announce.unshift(`⏱ Time is up: ${t.label}.`);
  return commitStep(tables, engine, session, result.step);
}

/**
 * Re-arms every saved timer after a restart: phase timers from their sessions, decision
 * deadlines from the deadline index alone. A process that runs some shards only arms its own
 * tables (their channels from the table index), so it reads no other shard's session. Returns
 * what it read, for the benchmark.
 */
export async function restoreTimers(
  tables: TableService,
): Promise<{ sessionsRead: number; indexReads: number; deadlines: number }> {
  const own = ownsEveryGuild(tables.deps.client)
    ? null
    : new Set((await ownTables(tables)).map((t) => t.channelId));
  const mine = (channelId: string) => !own || own.has(channelId);
  let sessionsRead = 0;
  for (const channelId of (await tables.deps.store.timerIndex.channels()).filter(mine)) {
    sessionsRead++;
    try {
      const session = await tables.load(channelId);
      if (session && ownsGuild(tables.deps.client, session.guildId)) tables.timers.sync(session);
    } catch (err) {
      // One unreadable table must not stop the start; the recovery sweep arms it from its record.
      tables.deps.logger.warn({ err, channelId }, 'could not re-arm a phase timer at start-up');
    }
  }
  return { sessionsRead, ...(await tables.decisions.restore(mine)) };
}
