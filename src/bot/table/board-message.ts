/**
 * The board as a Discord message: drawn from the session, edited in place or posted anew, and
 * an old board retired (it keeps its text and picture but loses its controls, its mention and
 * its clock); what a message posted for the table carries (its announcement lines, the version
 * its board was drawn from), posting at most once with a nonce, and the messages of ours after
 * the newest one a record knows. Used by the publisher (publish.ts), the wrap-up and start-up
 * recovery; no store writes here.
 */
import { createHash } from 'node:crypto';
import type { Message, SendableChannels } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import type { Picture } from '../../games/picture.ts';
import type { Session } from '../../storage/session.ts';
import { boardPayload, pictureOf, privatePayload } from '../discord/board.ts';
import { decodeRoute } from '../kernel/custom-id.ts';
import { withoutControls, type MessagePayload } from '../discord/layout.ts';
import { renderLobby } from '../discord/lobby.ts';
import { pictureHash, uploadedAs, type DrawnPicture, type DrawOptions } from '../discord/pictures.ts';
import type { BoardEdit, ClickedMessage, TableService } from './service.ts';
import { LIMITS } from '../kernel/text.ts';
import { tokenReaches } from './board-tokens.ts';

/**
 * Edits a message, through the click's interaction when the click was on that message and its
 * token is fresh (outside the global rate limit), else by the channel's route. A token edit
 * Discord refuses (the token expired meanwhile, say) is made again by the channel's route.
 */
export async function editShown(
  tables: TableService,
  channel: SendableChannels,
  messageId: string,
  payload: BoardEdit,
  clicked?: ClickedMessage,
): Promise<Message> {
  if (clicked && tokenReaches(clicked, messageId, tables.deps.clock.now()))
    try {
      return await clicked.edit(payload);
    } catch (err) {
      tables.deps.logger.debug({ err, messageId }, 'could not edit a board through its click');
    }
  return channel.messages.edit(messageId, payload);
}

/**
 * What a board message shows, as a key: its layout, text and controls, and the hash of its
 * picture's SVG. Two boards with one key look the same, so an edit from one to the other is
 * not sent (publish.ts). Which upload the picture is (files or attachment ids) is left out.
 */
export function shownKey(payload: MessagePayload, picture: string | undefined): string {
  const { flags, components, allowedMentions } = payload;
  return createHash('sha256')
    .update(JSON.stringify([flags, components, allowedMentions, picture ?? null]))
    .digest('base64url');
}

/** Draws the picture of what `userId` (null: everyone) may see; a failed drawing never blocks play. */
export async function draw(
  tables: TableService,
  engine: AnyEngine,
  session: Session,
  userId: string | null,
  paced = false,
): Promise<DrawnPicture | undefined> {
  // A private view is drawn ahead of queued boards: the person who clicked is watching for it; a
  // board goes ahead of views now and then, and one bound for the global budget at the pace the
  // budget lets it go (kernel/board-pace.ts).
  const options = userId !== null ? { first: true } : { board: true, paced };
  return drawSafely(tables, engine, pictureOf(engine, session, userId), options);
}

/** Draws a picture of `engine`'s game (a board, a debrief chart); a failed drawing is logged, never thrown. */
export async function drawSafely(
  tables: TableService,
  engine: AnyEngine,
  picture: Picture | null,
  options?: DrawOptions,
): Promise<DrawnPicture | undefined> {
  if (!picture) return undefined;
  try {
    return await tables.pictures.draw(picture, options);
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
export async function boardOf(tables: TableService, session: Session): Promise<MessagePayload> {
  return (await drawBoard(tables, session)).payload;
}

/** A board to send, and the hash of its picture's SVG (pictures.ts, `pictureHash`), if it has one. */
export interface DrawnBoard {
  payload: MessagePayload;
  picture?: string;
  /** The payload keeps the message's picture (lists its attachments) instead of uploading one. */
  kept: boolean;
}

/**
 * The board of this session, to edit into a message already showing the picture whose SVG hash
 * is `shown.picture` with attachments `shown.attachments`: when the picture is unchanged, the
 * edit lists the upload (Discord keeps an attachment an edit lists by id) and sends no file.
 * `paced`: it will be sent on the bot's global budget, and is drawn at its pace.
 */
export async function drawBoard(
  tables: TableService,
  session: Session,
  shown?: { picture?: string | undefined; attachments: readonly string[] },
  paced = false,
): Promise<DrawnBoard> {
  const engine = tables.engine(session.gameId);
  if (session.state === null) return { payload: renderLobby(session, engine), kept: false };
  const picture = pictureOf(engine, session, null);
  if (!picture) return { payload: boardPayload(engine, session), kept: false };
  const hash = pictureHash(picture);
  if (shown?.picture === hash && shown.attachments.length > 0) {
    const payload = boardPayload(engine, session, uploadedAs(picture));
    const attachments = shown.attachments.map((id) => ({ id }));
    return { payload: { ...payload, files: [], attachments }, picture: hash, kept: true };
  }
  const drawn = await draw(tables, engine, session, null, paced);
  return { payload: boardPayload(engine, session, drawn), ...(drawn ? { picture: hash } : {}), kept: false };
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
export function withAnnouncement(payload: MessagePayload, announce: string | null): MessagePayload | null {
  if (announce === null) return payload;
  const components = JSON.parse(JSON.stringify(payload.components)) as unknown[];
  if (textLength(components) + [...announce].length > LIMITS.componentText) return null;
  return { ...payload, components: [{ type: 10, content: announce }, ...components] } as MessagePayload;
}

/**
 * Posts a message at most once: Discord returns the message created earlier with the same
 * nonce (from this process before a crash, or from another process) instead of a second one,
 * for a few minutes (`enforce_nonce`). The caller checks what came back (`carriedText`).
 */
export function sendOnce(
  channel: SendableChannels,
  payload: MessagePayload | { content: string; allowedMentions: { parse: [] } },
  nonce: string,
): Promise<Message> {
  return channel.send({ ...payload, nonce, enforceNonce: true });
}

/** The announcement lines a message carries: its content, or a board's leading text display. */
export function carriedText(message: Message): string | undefined {
  if (message.content) return message.content;
  const first = message.components[0]?.toJSON() as { type?: number; content?: unknown } | undefined;
  return first?.type === 10 && typeof first.content === 'string' ? first.content : undefined;
}

/** Every text of a message (its content, then its text displays, nested ones included). */
export function messageTexts(message: Message): string {
  return [message.content, ...textsIn(message.components.map((c) => c.toJSON()))].filter(Boolean).join('\n');
}

/** Every text of a message about to be sent, as `messageTexts` reads it back. */
export function payloadTexts(payload: MessagePayload): string {
  return textsIn(JSON.parse(JSON.stringify(payload.components)) as unknown[]).join('\n');
}

function textsIn(list: readonly unknown[]): string[] {
  const texts: string[] = [];
  for (const raw of list) {
    const c = raw as { type?: number; content?: unknown; components?: unknown[]; accessory?: unknown };
    if (c.type === 10 && typeof c.content === 'string') texts.push(c.content);
    if (Array.isArray(c.components)) texts.push(...textsIn(c.components));
    if (c.accessory) texts.push(...textsIn([c.accessory]));
  }
  return texts;
}

/** The session version a board was drawn from (its game controls say it), if it has any. */
export function drawnAt(message: Message): number | undefined {
  for (const id of customIds(message)) {
    const route = decodeRoute(id);
    if (route && (route.kind === 'a' || route.kind === 'f')) return route.version;
  }
  return undefined;
}

function customIds(message: Message): string[] {
  return customIdsIn(message.components.map((c) => c.toJSON()));
}

function customIdsIn(components: readonly unknown[]): string[] {
  const ids: string[] = [];
  const walk = (list: readonly unknown[]) => {
    for (const raw of list) {
      const c = raw as { custom_id?: unknown; components?: unknown[]; accessory?: unknown };
      if (typeof c.custom_id === 'string') ids.push(c.custom_id);
      if (Array.isArray(c.components)) walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(components);
  return ids;
}

/**
 * Retires an old board. When the session it shows (and the lines it carries above it) are known,
 * its controls are stripped from a fresh rendering (one edit); otherwise the message is read back
 * first.
 */
export async function retireBoard(
  tables: TableService,
  channel: SendableChannels,
  messageId: string,
  shows?: Session,
  carriedAbove?: string | null,
  clicked?: ClickedMessage,
): Promise<void> {
  // What the old board carried above it: as the record says, or as this process posted it.
  const carried = carriedAbove !== undefined ? carriedAbove : tables.publisher.carried(messageId);
  // Its picture can be kept only by the upload's id: a board this process did not post (before a
  // restart, say) is read back instead of sending Discord an edit it would refuse.
  const attachments = tables.publisher.attachmentsOf(messageId).map((id) => ({ id }));
  if (shows && carried !== undefined)
    try {
      const engine = tables.engine(shows.gameId);
      const picture = shows.state === null ? null : pictureOf(engine, shows, null);
      if (picture === null || attachments.length > 0) {
        const rendered =
          shows.state === null
            ? renderLobby(shows, engine)
            : boardPayload(engine, shows, picture ? uploadedAs(picture) : undefined);
        const payload = withAnnouncement(rendered, carried) ?? rendered;
        const json = JSON.parse(JSON.stringify(payload.components)) as unknown[];
        // The media items already say attachment://<name>; listing the upload's id keeps it (and
        // lets the name point at it), as Discord's edit expects.
        const components = withoutControls(json, () => undefined);
        await editShown(
          tables,
          channel,
          messageId,
          { components, attachments, allowedMentions: { parse: [] } },
          clicked,
        );
        return;
      }
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

const isControlOf = (sid: string) => (id: string) => {
  const route = decodeRoute(id);
  return (
    route !== null && route.sid === sid && (route.kind === 'a' || route.kind === 'f' || route.kind === 'l')
  );
};

/** Whether a message carries live controls of this game (a board or lobby the bot posted). */
export function hasControlsOf(message: Message, sid: string): boolean {
  return customIds(message).some(isControlOf(sid));
}

/** The routes of a message's controls (those the bot can read back). */
function routesOf(message: Message): NonNullable<ReturnType<typeof decodeRoute>>[] {
  return customIds(message)
    .map(decodeRoute)
    .filter((r) => r !== null);
}

/** The route kinds that act on one table's game (a study session's `s` controls do not). */
const TABLE_ROUTES = new Set(['a', 'f', 'l', 'v', 'e', 'h']);

/**
 * A game removed from its channel (`/tradecraft reset`, or its record set aside as unreadable):
 * every recent message of ours with controls of that game — of any game when `sid` is null, as
 * for an unreadable record — loses them, so no old button stays live (issue #24). Returns how
 * many were disarmed; a channel that cannot be read is left as it is.
 */
export async function disarmGame(
  tables: TableService,
  channelId: string,
  sid: string | null,
): Promise<number> {
  const channel = await tables.channel(channelId);
  const ours = tables.deps.client.user?.id;
  const recent = await channel.messages.fetch({ limit: 100 });
  let disarmed = 0;
  for (const message of recent.values()) {
    if (message.author.id !== ours) continue;
    const live = routesOf(message).some((r) => TABLE_ROUTES.has(r.kind) && (sid === null || r.sid === sid));
    if (!live) continue;
    await disarm(channel, message);
    disarmed++;
  }
  return disarmed;
}

/** Whether a board about to be sent carries controls of this game. */
export function payloadHasControls(payload: MessagePayload, sid: string): boolean {
  return customIdsIn(JSON.parse(JSON.stringify(payload.components)) as unknown[]).some(isControlOf(sid));
}

export async function editMessage(
  tables: TableService,
  channel: SendableChannels,
  messageId: string,
  payload: MessagePayload,
  clicked?: ClickedMessage,
): Promise<string[] | null> {
  try {
    const edited = await editShown(tables, channel, messageId, payload, clicked);
    // The ids of its attachments now: the picture just uploaded.
    return edited.attachments.map((a) => a.id);
  } catch (err) {
    // The old board may have been deleted by a moderator; a fresh one is posted instead.
    tables.deps.logger.debug({ err, messageId }, 'could not edit board message');
    return null;
  }
}

/**
 * Messages of ours posted after the newest one the record knows (its board, or the newest post
 * it recorded), oldest first: a process that posts before it records leaves these behind when
 * it dies in between. Start-up recovery adopts the announcements among them and disarms the
 * boards (publish.ts, `adoptUnrecorded`).
 */
export async function unrecorded(
  tables: TableService,
  session: Session,
  after: string | undefined,
): Promise<Message[]> {
  const channel = await tables.channel(session.channelId);
  const ours = tables.deps.client.user?.id;
  try {
    const recent = await channel.messages.fetch({ limit: 100, ...(after ? { after } : {}) });
    return [...recent.values()]
      .filter((m) => m.author.id === ours && m.id !== after)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  } catch (err) {
    // Reading history is not among the permissions the bot asks for (Discord then answers with
    // no messages, or a refusal): only the nonces guard against posting twice.
    tables.deps.logger.debug({ err, channelId: session.channelId }, 'could not read the channel back');
    return [];
  }
}
