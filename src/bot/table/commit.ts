/**
 * Step 2 of a move: the one place it changes a table. Under the channel's lock the session is
 * loaded, the click is resolved against what the game offers now, the action (and everything
 * that follows it) is applied, and the result is saved together with what it owes the channel
 * (src/storage/outbox.ts: a new board revision, its announcement lines, whether the board must
 * be posted anew to ping). Nothing here talks to Discord: publishing (publish.ts) runs after
 * the lock is released, and start-up recovery finishes it if the process dies first.
 */
import type { AnyEngine } from '../../games/contract.ts';
import { owe } from '../../storage/outbox.ts';
import type { Session } from '../../storage/session.ts';
import { userError } from '../kernel/errors.ts';
import { metrics } from '../kernel/metrics.ts';
import { describeTried, ruleRefusal } from '../discord/refusals.ts';
import { playAction, type Step } from '../kernel/play.ts';
import type { Committed, ResolveMove, TableService, TransactionOptions } from './service.ts';
import { WRAP_UP_STEPS } from './wrap-up.ts';

export type { Committed, ResolveMove } from './service.ts';

/**
 * Lock, load, apply, save. Returns null when `interactionId` was already handled (a redelivered
 * interaction is never applied twice); throws a UserError, changing nothing, when refused.
 */
export function commitMove(
  tables: TableService,
  channelId: string,
  sid: string | undefined,
  resolve: ResolveMove,
  interactionId?: string,
): Promise<Committed | null> {
  return transact(
    tables,
    channelId,
    async (session) => {
      if (session.status === 'lobby')
        throw userError('not-started', 'The game has not started yet: the host presses Start in the lobby.');
      if (session.status === 'ended') throw userError('ended', 'This game has ended.');
      const engine = tables.engine(session.gameId);
      const { actor, action, tried } = resolve(session, engine);
      const parsed = engine.actionSchema.safeParse(action);
      if (!parsed.success) throw userError('bad-action', 'That move is not one this game understands.');
      if (session.held) throw heldRefusal(tried ?? describeTried(engine, parsed.data));
      const result = playAction(engine, session, actor, parsed.data, tables.now());
      if (!result.ok) throw ruleRefusal(result.error, tried ?? describeTried(engine, parsed.data));
      const handled = interactionId
        ? [...result.step.session.handled, interactionId]
        : result.step.session.handled;
      const committed = await commitStep(tables, engine, session, {
        ...result.step,
        session: { ...result.step.session, handled },
      });
      metrics.moves.inc({ game: session.gameId });
      return committed;
    },
    { sid, interactionId },
  );
}

/** A move tried while the facilitator holds play: what was tried, why it waits, what to do. */
function heldRefusal(tried: string): Error {
  return userError(
    'play-paused',
    [
      `⏸ You tried: **${tried}**. Play is paused: the facilitator paused every table of the study session, so no move is made until they resume it.`,
      '➡️ Instead: wait for the facilitator to resume play (the table is told), then make your move again; nothing was changed.',
    ].join('\n'),
  );
}

/** TableService.transact: lock, load, skip what was handled, change; flush after the lock. */
export async function transact<T>(
  tables: TableService,
  channelId: string,
  change: (session: Session) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T | null> {
  const result = await tables.deps.store.withLock(channelId, async () => {
    const session = await tables.require(channelId, opts.sid);
    if (opts.interactionId && session.handled.includes(opts.interactionId)) return null;
    return change(session);
  });
  if (opts.flush) await tables.publisher.flush(channelId);
  return result;
}

/** Posted anew (and pinging) only when someone new must act; a Ready press edits in place. */
export function turnMovedOn(engine: AnyEngine, before: Session, after: Session): boolean {
  const activeBefore: string[] = before.status === 'playing' ? engine.activePlayers(before.state) : [];
  const activeAfter: string[] = after.status === 'playing' ? engine.activePlayers(after.state) : [];
  return activeAfter.some((id) => !activeBefore.includes(id)) || before.status !== after.status;
}

/**
 * Saves a step (the caller holds the lock) with what it owes the channel: its board revision and
 * its announcements, in the same save (outbox.ts); and, when it ends the game, its wrap-up
 * (wrap-up.ts), owed until every step is done.
 */
export async function commitStep(
  tables: TableService,
  engine: AnyEngine,
  before: Session,
  step: Step,
): Promise<Committed> {
  const ends = step.session.status === 'ended' && before.status !== 'ended';
  const owed = owe(step.session, {
    lines: step.announce,
    repost: turnMovedOn(engine, before, step.session),
  });
  const saved = await tables.save(
    { ...owed, ...(ends ? { wrapUp: { owed: [...WRAP_UP_STEPS] } } : {}) },
    before.version,
  );
  return { engine, before, saved, announce: step.announce };
}
