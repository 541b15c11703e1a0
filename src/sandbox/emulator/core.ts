/** State and operations shared by the REST routes, the gateway and the interaction engine. */
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';
import { apiMessage } from './api-shapes.ts';
import type { Json } from './json.ts';
import { FormErrors } from './form-errors.ts';
import type { Path } from './form-errors.ts';
import {
  checkUploads,
  IS_COMPONENTS_V2,
  textDisplayContents,
  validateAttachments,
  validateV2,
  type V2Context,
} from './components-v2.ts';
import { rawMarkdown, rawMarkdownFields } from './markdown.ts';
import { checkAllowedMentions, computeMentions } from './mentions.ts';
import { isEmptyMessage, validateMessageBody } from './message-validation.ts';
import { RestError } from './rest-router.ts';
import { touchThread } from './threads.ts';
import type { UploadedFile } from './rest-router.ts';
import type { Core } from './context.ts';
import type { EmuAttachment, EmuMessage } from './types.ts';

export const EPHEMERAL = 64;
export const LOADING = 128;
export const INTENT = {
  guilds: 1,
  guildMembers: 1 << 1,
  guildMessages: 1 << 9,
  directMessages: 1 << 12,
  messageContent: 1 << 15,
} as const;
/** Flags a bot may set on a message it sends; the rest are Discord's to set. */
const SETTABLE_FLAGS = 4 | EPHEMERAL | 4096 | (1 << 15);

export interface NewMessage {
  channelId: string;
  authorId: string;
  interactionId?: string;
  ephemeralTo?: string;
  /** Extra flags Discord sets itself (LOADING for a deferred reply). */
  systemFlags?: number;
  /** The nonce it was sent with (kept on the message, as Discord does for its create event). */
  nonce?: string;
}

/**
 * Throws 50035 with paths under `prefix` when the body breaks a limit. For an edit, `stored` is
 * the message being edited: it keeps its Components V2 flag when the body names no flags.
 */
export function checkMessageBody(body: Json, prefix: Path = [], stored?: EmuMessage): void {
  const errors = new FormErrors();
  validateMessageBody(body, errors, prefix, (stored?.flags ?? 0) & IS_COMPONENTS_V2);
  if (!errors.empty) throw new RestError(400, errors.body());
  checkAllowedMentions(body, prefix);
}

/**
 * Markdown Discord would show raw: in strict mode a refusal (50035 naming each field and what it
 * holds, before anything is stored); otherwise a warning on the message, told to listeners. Only
 * what the bot sends is refused: what a user types is theirs.
 */
function checkMarkdown(
  core: Core,
  message: Pick<EmuMessage, 'authorId' | 'content' | 'embeds' | 'components'>,
): string[] {
  const body = { content: message.content, embeds: message.embeds, components: message.components };
  if (core.markdown === 'strict' && message.authorId === core.botUserId) {
    const bad = rawMarkdownFields(body);
    if (bad.length === 0) return [];
    const errors = new FormErrors();
    for (const { path, what } of bad)
      errors.add(path, 'MARKDOWN_NOT_RENDERED', `Discord would show this as raw text: ${what.join('; ')}`);
    throw new RestError(400, errors.body());
  }
  return rawMarkdown(body);
}

function noteMarkdown(core: Core, message: EmuMessage, warnings: string[]): void {
  if (warnings.length === 0) {
    delete message.markdownWarnings;
    return;
  }
  message.markdownWarnings = warnings;
  core.events.emit('markdownWarning', { message, warnings });
}

export function throwIfEmpty(body: Json, fileCount: number): void {
  if (isEmptyMessage(body, fileCount))
    throw new RestError(400, { code: 50006, message: 'Cannot send an empty message' });
}

function newAttachments(core: Core, body: Json, files: UploadedFile[]): EmuAttachment[] {
  const described = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
  return files.map((file) => {
    const meta = described.find((a) => String(a.id) === String(file.index));
    const description = typeof meta?.description === 'string' ? meta.description : undefined;
    return {
      id: core.world.newId(),
      filename: typeof meta?.filename === 'string' ? meta.filename : file.filename,
      data: file.data,
      ...(file.contentType ? { contentType: file.contentType } : {}),
      ...(description ? { description } : {}),
    };
  });
}

const embedsOf = (body: Json): APIEmbed[] => (Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : []);
const componentsOf = (body: Json): APIActionRowComponent<APIComponentInMessageActionRow>[] =>
  Array.isArray(body.components)
    ? (body.components as APIActionRowComponent<APIComponentInMessageActionRow>[])
    : [];

/** Upload limits and the Components V2 rules, which depend on the files and on the stored message. */
function checkLayout(body: Json, files: UploadedFile[], ctx: V2Context): void {
  checkUploads(files);
  const errors = new FormErrors();
  validateAttachments(body, files, errors);
  validateV2(body, ctx, errors);
  if (!errors.empty) throw new RestError(400, errors.body());
}

const fileNames = (body: Json, files: UploadedFile[]): string[] => {
  const described = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
  return files.map((file) => {
    const meta = described.find((a) => String(a.id) === String(file.index));
    return typeof meta?.filename === 'string' ? meta.filename : file.filename;
  });
};

/** Mentions are parsed from the content and, in Components V2 messages, from text displays. */
const mentionText = (content: string, components: unknown): string =>
  [content, ...textDisplayContents(components)].join('\n');

/** Builds, stores and announces a message the bot (or a webhook for it) sends. Body must be validated. */
export function createMessage(core: Core, body: Json, files: UploadedFile[], meta: NewMessage): EmuMessage {
  const flags =
    ((typeof body.flags === 'number' ? body.flags : 0) & SETTABLE_FLAGS) | (meta.systemFlags ?? 0);
  checkLayout(body, files, { flags, wasV2: false, attachmentNames: new Set(fileNames(body, files)) });
  const content = typeof body.content === 'string' ? body.content : '';
  const warnings = checkMarkdown(core, {
    authorId: meta.authorId,
    content,
    embeds: embedsOf(body),
    components: componentsOf(body),
  });
  const message: EmuMessage = {
    id: core.world.newId(),
    channelId: meta.channelId,
    authorId: meta.authorId,
    content,
    embeds: embedsOf(body),
    components: componentsOf(body),
    attachments: newAttachments(core, body, files),
    createdAt: core.clock.now(),
    flags: meta.ephemeralTo ? flags | EPHEMERAL : flags & ~EPHEMERAL,
    mentions: computeMentions(
      core.world,
      meta.channelId,
      meta.authorId,
      mentionText(content, body.components),
      body.allowed_mentions,
    ),
    ...(meta.ephemeralTo ? { ephemeralTo: meta.ephemeralTo } : {}),
    ...(meta.interactionId ? { interactionId: meta.interactionId } : {}),
    ...(meta.nonce !== undefined ? { nonce: meta.nonce } : {}),
  };
  message.pinged = message.mentions;
  noteMarkdown(core, message, warnings);
  core.world.addMessage(message);
  const channel = core.world.channels.get(message.channelId);
  if (channel) touchThread(core, channel);
  announce(core, 'MESSAGE_CREATE', message);
  core.events.emit('messageCreate', message);
  return message;
}

/** Applies an edit body (fields present replace, `attachments` lists the ones kept). Body must be validated. */
export function editMessage(core: Core, message: EmuMessage, body: Json, files: UploadedFile[]): EmuMessage {
  const content =
    typeof body.content === 'string' ? body.content : body.content === null ? '' : message.content;
  const embeds = body.embeds === undefined ? message.embeds : embedsOf(body);
  const components = body.components === undefined ? message.components : componentsOf(body);
  const listed = Array.isArray(body.attachments) ? (body.attachments as Json[]) : undefined;
  const kept = listed
    ? message.attachments.filter((a) => listed.some((k) => String(k.id) === a.id))
    : message.attachments;
  const flags = typeof body.flags === 'number' ? body.flags : message.flags;
  checkLayout({ ...body, content, embeds }, files, {
    flags,
    wasV2: (message.flags & IS_COMPONENTS_V2) !== 0,
    // `attachment://name` names a file of this request: a new upload, or an existing attachment
    // the edit keeps by listing its id in `attachments`. Attachments kept only because the edit
    // left `attachments` out cannot be pointed at by name.
    attachmentNames: new Set([...(listed ? kept : []).map((a) => a.filename), ...fileNames(body, files)]),
    editing: true,
  });
  const attachments = [...kept, ...newAttachments(core, body, files)];
  // An edit may not leave a message with nothing to show.
  if (isEmptyMessage({ content, embeds, components }, attachments.length)) {
    throw new RestError(400, { code: 50006, message: 'Cannot send an empty message' });
  }
  const warnings = checkMarkdown(core, { authorId: message.authorId, content, embeds, components });
  Object.assign(message, { content, embeds, components, attachments, editedAt: core.clock.now() });
  // An edit does not ping anyone again, but the message's mentions follow its content.
  message.mentions = computeMentions(
    core.world,
    message.channelId,
    message.authorId,
    mentionText(content, components),
    body.allowed_mentions,
  );
  noteMarkdown(core, message, warnings);
  if (typeof body.flags === 'number') {
    message.flags =
      (message.flags & ~SETTABLE_FLAGS) |
      (body.flags & SETTABLE_FLAGS & ~EPHEMERAL) |
      (message.flags & EPHEMERAL);
  }
  message.flags &= ~LOADING;
  announce(core, 'MESSAGE_UPDATE', message);
  core.events.emit('messageUpdate', message);
  return message;
}

export function deleteMessage(core: Core, message: EmuMessage): void {
  message.deleted = true;
  const channel = core.world.channels.get(message.channelId);
  if (!message.ephemeralTo) {
    core.gateway.dispatch(
      'MESSAGE_DELETE',
      {
        id: message.id,
        channel_id: message.channelId,
        ...(channel?.guildId ? { guild_id: channel.guildId } : {}),
      },
      messageTarget(core, message),
    );
  }
  core.events.emit('messageDelete', message);
}

function messageTarget(core: Core, message: EmuMessage): { guildId?: string; intent: number } {
  const guildId = core.world.channels.get(message.channelId)?.guildId;
  return guildId ? { guildId, intent: INTENT.guildMessages } : { intent: INTENT.directMessages };
}

/**
 * Dispatches MESSAGE_CREATE/UPDATE as Discord does: never for ephemeral messages, only with the
 * message intents, and with content emptied for sessions lacking MESSAGE_CONTENT (except the
 * bot's own messages and DMs).
 */
export function announce(core: Core, event: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: EmuMessage): void {
  if (message.ephemeralTo) return;
  const target = messageTarget(core, message);
  const payload = apiMessage(message, {
    world: core.world,
    baseUrl: core.baseUrl(),
    applicationId: core.applicationId,
  });
  const channel = core.world.channels.get(message.channelId);
  const member = channel?.guildId ? core.world.member(channel.guildId, message.authorId) : undefined;
  const full: Json = member
    ? {
        ...payload,
        member: {
          roles: member.roleIds,
          joined_at: new Date(member.joinedAt).toISOString(),
          deaf: false,
          mute: false,
          flags: 0,
        },
      }
    : payload;
  core.gateway.dispatch(
    event,
    (session) =>
      session.intents & INTENT.messageContent || message.authorId === core.botUserId || !channel?.guildId
        ? full
        : { ...full, content: '', embeds: [], components: [], attachments: [] },
    target,
  );
}

export function apiMessageOf(core: Core, message: EmuMessage): Json {
  return apiMessage(message, {
    world: core.world,
    baseUrl: core.baseUrl(),
    applicationId: core.applicationId,
  });
}
