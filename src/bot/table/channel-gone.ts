/**
 * A table whose channel was deleted (issue #27). Discord sends CHANNEL_DELETE (THREAD_DELETE for
 * a thread) and answers every later post there with 10003 Unknown Channel, so the table can never
 * be shown again: it is closed at once (ended, its clocks and phase timer disarmed by the save,
 * nothing left owed to the channel, no wrap-up to post) and its host is told by direct message,
 * or the log says so when their DMs are closed. A post refused with 10003 closes the table the
 * same way, for a deletion the bot did not see (it was down, or the channel was a thread of a
 * deleted channel), so no deadline, retry or sweep ever tries that channel again.
 */
import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import type { Session } from '../../storage/session.ts';
import { outboxOf } from '../../storage/outbox.ts';
import { literal } from '../kernel/text.ts';
import type { TableService } from './service.ts';

export const CHANNEL_GONE_REASON = 'its channel was deleted';

/** Whether Discord refused a request because the channel no longer exists. */
export const channelGone = (err: unknown): boolean =>
  err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownChannel;

/** The record closed: ended, nothing owed to the channel, no wrap-up. */
function closed(session: Session): Session {
  const { timer: _t, wrapUp: _w, ...rest } = session;
  const o = outboxOf(session);
  return {
    ...rest,
    status: 'ended',
    endedReason:
      session.status === 'ended' ? (session.endedReason ?? CHANNEL_GONE_REASON) : CHANNEL_GONE_REASON,
    outbox: { ...o, shown: o.rev, entries: [] },
  };
}

/**
 * Closes the table of a deleted channel, if it has one still running or still owing the channel
 * something, and tells its host when a lobby or game was cut short. `name` is the channel's name
 * as the deletion event carried it.
 */
export async function closeDeletedChannel(
  tables: TableService,
  channelId: string,
  name?: string,
): Promise<void> {
  const was = await tables.deps.store.withLock(channelId, async () => {
    const session = await tables.load(channelId);
    if (!session) return null;
    const o = outboxOf(session);
    if (session.status === 'ended' && !session.wrapUp && o.shown >= o.rev && !o.entries.length) return null;
    await tables.save(closed(session), session.version);
    return session;
  });
  if (!was || was.status === 'ended') return;
  tables.deps.logger.info({ channelId, sid: was.id }, 'table closed: its channel was deleted');
  await tellHost(tables, was, name);
}

/**
 * For a clock or publish that failed: when Discord said the channel is gone, the table is closed
 * instead of tried again (true); any other failure is the caller's to retry (false).
 */
export async function closedIfGone(tables: TableService, channelId: string, err: unknown): Promise<boolean> {
  if (!channelGone(err)) return false;
  await closeDeletedChannel(tables, channelId).catch((e: unknown) =>
    tables.deps.logger.warn({ err: e, channelId }, 'could not close the table of a deleted channel'),
  );
  return true;
}

async function tellHost(tables: TableService, session: Session, name: string | undefined): Promise<void> {
  const game = tables.engine(session.gameId).name;
  const where = name ? `#${literal(name)}` : 'its channel';
  const what = session.status === 'lobby' ? `lobby of ${game}` : `game of ${game}`;
  const text = `🛑 Your ${what} in ${where} was closed: the channel was deleted, so its deadlines are off and nothing more is posted there. Start a new one with \`/game start\` in another channel.`;
  try {
    await tables.deps.client.users.send(session.host, { content: text, allowedMentions: { parse: [] } });
  } catch (err) {
    const closedDms =
      err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser;
    tables.deps.logger[closedDms ? 'info' : 'warn'](
      { err, channelId: session.channelId, host: session.host },
      closedDms
        ? 'could not tell the host by DM that their table was closed (DMs closed)'
        : 'could not tell the host that their table was closed',
    );
  }
}
