/**
 * Start-up recovery's first step for a table (publish.ts `resume`; the caller holds its lock):
 * messages of ours after the newest one the record knows were posted by a process that died
 * before recording them. Lines among them are adopted as posted; a board drawn from the stored
 * version is adopted as the board; any other board of this game loses its controls. Returns what
 * to record as posted (the Publisher records it) and how many boards were disarmed.
 */
import type { Message } from 'discord.js';
import { newestId, outboxOf, type Posted } from '../../storage/outbox.ts';
import type { Session } from '../../storage/session.ts';
import { boardOf, carriedText, disarm, drawnAt, hasControlsOf, unrecorded } from './board-message.ts';
import { covered } from './outbox-messages.ts';
import type { TableService } from './service.ts';

export async function adoptUnrecorded(
  tables: TableService,
  session: Session,
): Promise<{ posted: Posted; orphans: number }> {
  const o = outboxOf(session);
  const { entries } = o;
  const channel = await tables.channel(session.channelId);
  const messages = await unrecorded(tables, session, newestId(o.last, session.boardMessageId));
  const posted: Posted = {};
  let i = 0;
  let orphans = 0;
  let board: Message | undefined;
  for (const m of messages) {
    const k = i < entries.length ? covered(m, entries, i) : 0;
    if (k > 0) {
      i += k;
      posted.upTo = entries[i - 1]?.seq;
      posted.last = newestId(posted.last, m.id);
    }
    if (!hasControlsOf(m, session.id)) continue;
    const drawn = drawnAt(m);
    const current = o.shown < o.rev && (drawn === undefined || drawn === session.version);
    if (current && board) {
      await disarm(channel, board);
      orphans++;
    }
    if (current) board = m;
    else {
      await disarm(channel, m);
      orphans++;
    }
  }
  if (board) {
    // A lobby's seats may have changed since it was drawn: drawn again.
    if (session.state === null) await channel.messages.edit(board.id, await boardOf(tables, session));
    posted.board = { rev: o.rev, messageId: board.id, posted: true, carried: carriedText(board) ?? null };
    posted.last = newestId(posted.last, board.id);
  }
  return { posted, orphans };
}
