/**
 * What a game owes the table once it has ended, after its last board: the debrief, its line in
 * the server's stats and the closing of its team threads. The save that ends a game marks the
 * session `wrapUp` (commit.ts); the mark is cleared here once all three are done, so a crash in
 * between is finished by start-up recovery (at least once: a crash after the debrief but before
 * the mark is cleared posts that debrief again, which beats never posting it).
 */
import type { AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import type { TableService } from './service.ts';

export async function wrapUp(tables: TableService, engine: AnyEngine, session: Session): Promise<void> {
  for (const step of tables.hooks.gameEnded) await step(tables, engine, session);
  await tables.deps.store.withLock(session.channelId, async () => {
    const current = await tables.load(session.channelId);
    if (current?.id !== session.id || !current.wrapUp) return;
    const { wrapUp: _done, ...rest } = current;
    await tables.save(rest, current.version);
  });
}
