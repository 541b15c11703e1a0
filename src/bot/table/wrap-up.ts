/**
 * What a game owes the table once it has ended, after its last board: the debrief, its line in
 * the server's stats and the closing of its team threads. The save that ends a game lists these
 * steps in the session (`wrapUp.owed`, commit.ts); each is removed by a save of its own once it
 * is done, so a crash in between is resumed by start-up recovery from the step it stopped at,
 * and a step done is never done again (issue #22). Each step is also safe to run twice, for a
 * crash between doing it and recording it, and for two processes wrapping up at once:
 *
 *   - the debrief's parts are posted with nonces (publish.ts), and parts already in the channel
 *     after the newest recorded message (posted by a run that was never recorded) are found by
 *     their text and not posted again;
 *   - the stats line counts a game once per session id (src/storage/stats.ts);
 *   - a team thread already archived is left alone, and its closing line carries a nonce.
 *
 * The steps themselves are features (debrief, stats, team threads), reached through the table's
 * hooks (service.ts). Runs from the publisher once nothing else is owed (so the debrief follows the final board and
 * announcements), and from start-up recovery.
 */
import type { AnyEngine } from '../../games/contract.ts';
import { newestId, outboxOf } from '../../storage/outbox.ts';
import type { Session } from '../../storage/session.ts';
import { messageTexts, payloadTexts, sendOnce, unrecorded } from './board-message.ts';
import { nonceFor } from './nonce.ts';
import type { TableService } from './service.ts';

/** The steps a game's end owes, in order. Stored by name: unknown names are skipped. */
export const WRAP_UP_STEPS = ['debrief', 'stats', 'threads'] as const;

interface StepContext {
  tables: TableService;
  engine: AnyEngine;
  session: Session;
}

/** One step; returns the newest message it posted in the table's channel, if any. */
type WrapUpStep = (ctx: StepContext) => Promise<string | undefined>;

const STEPS: Readonly<Record<string, WrapUpStep>> = {
  debrief: postDebriefOnce,
  stats: async ({ tables, engine, session }) => {
    await tables.hooks.recordResult(tables, engine, session);
    return undefined;
  },
  threads: async ({ tables, session }) => {
    await tables.hooks.closeTeamThreads(tables, session);
    return undefined;
  },
};

/** Runs the wrap-up steps still owed, recording each as it is done. */
export async function wrapUp(tables: TableService, session: Session): Promise<void> {
  const engine = tables.engine(session.gameId);
  const { channelId } = session;
  let current: Session | null = session;
  while (current?.id === session.id && current.status === 'ended' && current.wrapUp) {
    const step: string | undefined = current.wrapUp.owed[0];
    const run: WrapUpStep | undefined = step === undefined ? undefined : STEPS[step];
    if (step !== undefined && !run)
      tables.deps.logger.warn({ step, channelId }, 'unknown wrap-up step skipped');
    const last: string | undefined = run ? await run({ tables, engine, session: current }) : undefined;
    current = await tables.deps.store.withLock(channelId, async (): Promise<Session | null> => {
      const latest = await tables.load(channelId);
      if (latest?.id !== session.id || !latest.wrapUp) return latest;
      const owed: string[] = latest.wrapUp.owed.filter((s) => s !== step);
      const { wrapUp: _done, ...rest } = latest;
      const o = outboxOf(latest);
      const outbox: Partial<Session> =
        last === undefined ? {} : { outbox: { ...o, last: newestId(o.last, last) ?? last } };
      return tables.save(
        { ...rest, ...outbox, ...(owed.length ? { wrapUp: { owed } } : {}) },
        latest.version,
      );
    });
  }
}

/** The debrief, each part posted once. */
async function postDebriefOnce({ tables, engine, session }: StepContext): Promise<string | undefined> {
  const parts = await tables.hooks.debrief(tables, engine, session);
  if (!parts.length) return undefined;
  const channel = await tables.channel(session.channelId);
  let next = 0;
  let last: string | undefined;
  // Parts a run that was never recorded posted (a crash, a refusal half-way), found after the
  // newest message the record knows: one read per finished game.
  const o = outboxOf(session);
  for (const m of await unrecorded(tables, session, newestId(o.last, session.boardMessageId))) {
    const part = parts[next];
    if (part && messageTexts(m) === payloadTexts(part)) {
      next++;
      last = m.id;
    }
  }
  for (let n = next; n < parts.length; n++) {
    const part = parts[n];
    if (part) last = (await sendOnce(channel, part, nonceFor(session.id, 'd', n))).id;
  }
  return last;
}
