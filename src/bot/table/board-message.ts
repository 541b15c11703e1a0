/**
 * The board as a Discord message: drawn from the session, edited in place or posted anew, and
 * an old board retired (it keeps its text and picture but loses its controls, its mention and
 * its clock). Used by the publisher (publish.ts) and start-up recovery; no store writes here.
 */
import type { Message, SendableChannels } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import { boardPayload, pictureOf, privatePayload } from '../discord/board.ts';
import { decodeRoute } from '../kernel/custom-id.ts';
import { withoutControls, type MessagePayload } from '../discord/layout.ts';
import { renderLobby } from '../discord/lobby.ts';
import { uploadedAs, type DrawnPicture } from '../discord/pictures.ts';
import type { TableService } from './service.ts';
import { LIMITS } from '../kernel/text.ts';

/** Draws the picture of what `userId` (null: everyone) may see; a failed drawing never blocks play. */
export async function draw(
  tables: TableService,
  engine: AnyEngine,
  session: Session,
  userId: string | null,
): Promise<DrawnPicture | undefined> {
  const picture = pictureOf(engine, session, userId);
  if (!picture) return undefined;
  try {
    return await tables.pictures.draw(picture);
  } catch (err) {
    tables.deps.logger.error({ err, gameId: engine.id, kind: picture.kind }, 'could not draw picture');
    return undefined;
  }
}

/** A player's private view with its picture, to send ephemerally. */
export async function privateView(
  tables: TableService,
  session: Session,
  userId: string,
): Promise<MessagePayload> {
  const engine = tables.engine(session.gameId);
  return privatePayload(engine, session, userId, await draw(tables, engine, session, userId));
}

/** The board of this session; until the game is dealt, the lobby is the board. */
async function boardOf(tables: TableService, session: Session): Promise<MessagePayload> {
  const engine = tables.engine(session.gameId);
  if (session.state === null) return renderLobby(session, engine);
  return boardPayload(engine, session, await draw(tables, engine, session, null));
}

export interface Shown {
  /** The message that shows the session now. */
  messageId: string;
  /** True when it was posted anew (so a lost race must retire it). */
  posted: boolean;
  /** True when the announcements went out at the top of the new board (one message, not two). */
  announced: boolean;
}

/** Every text of a Components V2 message, nested ones included, for Discord's 4,000-character cap. */
function textLength(list: readonly unknown[]): number {
  let n = 0;
  for (const raw of list) {
    const c = raw as { type?: number; content?: unknown; components?: unknown[]; accessory?: unknown };
    if (c.type === 10 && typeof c.content === 'string') n += [...c.content].length;
    if (Array.isArray(c.components)) n += textLength(c.components);
    if (c.accessory) n += textLength([c.accessory]);
  }
  return n;
}

/** The board with the announcements above it, when they fit in the same message. */
function withAnnouncement(payload: MessagePayload, announce: string | null): MessagePayload | null {
  if (announce === null) return payload;
  const components = JSON.parse(JSON.stringify(payload.components)) as unknown[];
  if (textLength(components) + [...announce].length > LIMITS.componentText) return null;
  return { ...payload, components: [{ type: 10, content: announce }, ...components] } as MessagePayload;
}

/**
 * Brings the board up to date: edited in place, or posted anew at the bottom of the channel
 * (so whoever must act is pinged) with the old one retired. `previous` is the session the old
 * board shows, so retiring it needs no read of the old message (null: it has no controls left,
 * as a lobby closed by its Start click; absent: it is read back).
 */
export async function putBoard(
  tables: TableService,
  session: Session,
  repost: boolean,
  previous?: Session | null,
  announce: string[] = [],
): Promise<Shown> {
  const channel = await tables.channel(session.channelId);
  const payload = await boardOf(tables, session);
  const old = session.boardMessageId;
  if (!repost && old) {
    const edited = await editMessage(tables, channel, old, payload);
    if (edited) {
      tables.publisher.reattached(old, edited);
      return { messageId: old, posted: false, announced: false };
    }
  }
  // A board posted anew carries the announcements above it: one message where there were two.
  const text = announce.length ? announce.join('\n') : null;
  const carrying = withAnnouncement(payload, text);
  const message = await channel.send(carrying ?? payload);
  tables.publisher.remember(
    message.id,
    carrying ? text : null,
    message.attachments.map((a) => a.id),
  );
  if (old && previous !== null)
    await retireBoard(tables, channel, old, previous?.id === session.id ? previous : undefined);
  return { messageId: message.id, posted: true, announced: carrying !== null && text !== null };
}

/**
 * Retires an old board. When the session it shows is known, its controls are stripped from a
 * fresh rendering (one edit); otherwise the message is read back first.
 */
export async function retireBoard(
  tables: TableService,
  channel: SendableChannels,
  messageId: string,
  shows?: Session,
): Promise<void> {
  // What the old board carried above it is known only for boards this process posted.
  const carried = tables.publisher.carried(messageId);
  if (shows && carried !== undefined)
    try {
      const engine = tables.engine(shows.gameId);
      const picture = shows.state === null ? null : pictureOf(engine, shows, null);
      const rendered =
        shows.state === null
          ? renderLobby(shows, engine)
          : boardPayload(engine, shows, picture ? uploadedAs(picture) : undefined);
      const payload = withAnnouncement(rendered, carried) ?? rendered;
      const json = JSON.parse(JSON.stringify(payload.components)) as unknown[];
      // The media items already say attachment://<name>; listing the upload's id keeps it (and
      // lets the name point at it), as Discord's edit expects.
      const components = withoutControls(json, () => undefined);
      const attachments = tables.publisher.attachmentsOf(messageId).map((id) => ({ id }));
      await channel.messages.edit(messageId, { components, attachments, allowedMentions: { parse: [] } });
      return;
    } catch (err) {
      // Refused (the board showed another picture, say): read it back and strip what it has.
      tables.deps.logger.debug({ err, messageId }, 'could not retire a board from its state');
    }
  try {
    await disarm(channel, await channel.messages.fetch({ message: messageId, force: true }));
  } catch (err) {
    // The old board may have been deleted by a moderator; nothing is left to retire.
    tables.deps.logger.debug({ err, messageId }, 'could not retire old board');
  }
}

/** Removes a message's controls, keeping its text and picture. */
export async function disarm(channel: SendableChannels, message: Message): Promise<void> {
  const byUrl = (url: string) =>
    message.attachments.find((a) => a.url === url || a.proxyURL === url)?.name ?? undefined;
  const components = withoutControls(
    message.components.map((c) => c.toJSON()),
    byUrl,
  );
  // The pictures stay: an edit keeps the attachments it lists by id.
  const attachments = message.attachments.map((a) => ({ id: a.id }));
  await channel.messages.edit(message.id, { components, attachments, allowedMentions: { parse: [] } });
}

/** Whether a message carries live controls of this game (a board or lobby the bot posted). */
export function hasControlsOf(message: Message, sid: string): boolean {
  const ids: string[] = [];
  const walk = (list: readonly unknown[]) => {
    for (const raw of list) {
      const c = raw as { custom_id?: unknown; components?: unknown[]; accessory?: unknown };
      if (typeof c.custom_id === 'string') ids.push(c.custom_id);
      if (Array.isArray(c.components)) walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(message.components.map((c) => c.toJSON()));
  return ids.some((id) => {
    const route = decodeRoute(id);
    return (
      route !== null && route.sid === sid && (route.kind === 'a' || route.kind === 'f' || route.kind === 'l')
    );
  });
}

async function editMessage(
  tables: TableService,
  channel: SendableChannels,
  messageId: string,
  payload: MessagePayload,
): Promise<string[] | null> {
  try {
    const edited = await channel.messages.edit(messageId, payload);
    // The ids of its attachments now: the picture just uploaded.
    return edited.attachments.map((a) => a.id);
  } catch (err) {
    // The old board may have been deleted by a moderator; a fresh one is posted instead.
    tables.deps.logger.debug({ err, messageId }, 'could not edit board message');
    return null;
  }
}

/**
 * Boards a crash left behind: a board is posted before its id is saved, so a process killed in
 * between leaves a live board the record does not know (and the record still `unpublished`).
 * Every message of ours after the recorded board that still carries this game's controls is
 * such an orphan: its controls are removed. Returns how many were disarmed.
 */
export async function disarmOrphans(tables: TableService, session: Session): Promise<number> {
  const channel = await tables.channel(session.channelId);
  const ours = tables.deps.client.user?.id;
  const after = session.boardMessageId;
  const recent = await channel.messages.fetch({ limit: 100, ...(after ? { after } : {}) });
  let disarmed = 0;
  for (const message of recent.values()) {
    if (message.author.id !== ours || message.id === after || !hasControlsOf(message, session.id)) continue;
    await disarm(channel, message);
    disarmed++;
  }
  return disarmed;
}
