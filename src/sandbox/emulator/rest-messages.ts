/** REST routes for channel messages, reactions, typing and threads. */
import { apiChannel } from './api-shapes.ts';
import {
  apiMessageOf,
  checkMessageBody,
  createMessage,
  deleteMessage,
  editMessage,
  INTENT,
  throwIfEmpty,
} from './core.ts';
import type { Core } from './context.ts';
import { FormErrors } from './form-errors.ts';
import { deleteChannel } from './world-building.ts';
import { PermissionFlagsBits as P } from 'discord.js';
import { messageNeeds, requirePermissions, sendPermission } from './permissions.ts';
import {
  AUTO_ARCHIVE_MINUTES,
  beforeSendInThread,
  isThread,
  refuseIfArchived,
  touchThread,
} from './threads.ts';
import { RestError, route, unknownChannel, unknownMessage } from './rest-router.ts';
import type { RestRequest, RestResponse, Route } from './rest-router.ts';
import type { EmuChannel, EmuMessage } from './types.ts';

const EPHEMERAL_MASK = ~64;

/**
 * How long a nonce sent with `enforce_nonce: true` is remembered. Discord documents "the past
 * few minutes" without a figure; the bot must not depend on the exact window.
 */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;

/** Per emulator: `<author>:<nonce>` → the message created with it. */
const noncesOf = new WeakMap<Core, Map<string, EmuMessage>>();

/** The nonce of a create body (a string of at most 25 characters or an integer), checked. */
function nonceOf(body: Record<string, unknown>): string | undefined {
  const { nonce } = body;
  if (nonce === undefined || nonce === null) return undefined;
  const errors = new FormErrors();
  const text =
    typeof nonce === 'string'
      ? nonce
      : typeof nonce === 'number' && Number.isInteger(nonce)
        ? String(nonce)
        : null;
  if (text === null) errors.add(['nonce'], 'BASE_TYPE_BAD_TYPE', 'Must be a string or an integer.');
  else errors.maxLength(['nonce'], text, 25);
  if (!errors.empty || text === null) throw new RestError(400, errors.body());
  return text;
}

export function messageRoutes(core: Core): Route[] {
  const { world } = core;
  /** The channel, which the bot must be able to see (and do `needed` in). */
  const channelOf = (req: RestRequest, needed = 0n): EmuChannel => {
    const channel = world.channels.get(req.params[0] ?? '');
    if (!channel) throw unknownChannel();
    requirePermissions(world, channel.id, core.botUserId, needed);
    return channel;
  };
  /** The bot cannot see other users' ephemeral messages, nor deleted ones, through channel routes. */
  const messageOf = (req: RestRequest, needed = 0n): EmuMessage => {
    const channel = channelOf(req, needed);
    const message = world.messages.get(req.params[1] ?? '');
    if (!message || message.channelId !== channel.id || message.deleted || message.ephemeralTo)
      throw unknownMessage();
    return message;
  };

  const send = (req: RestRequest): RestResponse => {
    const channel = channelOf(req);
    checkMessageBody(req.body);
    throwIfEmpty(req.body, req.files.length);
    if (channel.type === 1) {
      const recipient = channel.recipientId ? world.users.get(channel.recipientId) : undefined;
      if (!recipient || recipient.bot || recipient.dmsClosed)
        throw new RestError(403, { code: 50007, message: 'Cannot send messages to this user' });
    }
    requirePermissions(
      world,
      channel.id,
      core.botUserId,
      sendPermission(channel) | messageNeeds(req.body, req.files.length),
    );
    beforeSendInThread(core, channel, world.permissionsIn(channel.id, core.botUserId));
    // `enforce_nonce`: a message the same author created with this nonce in the past few
    // minutes is returned instead of creating another (Discord's create-message docs).
    const nonce = nonceOf(req.body);
    const nonces = noncesOf.get(core) ?? new Map<string, EmuMessage>();
    noncesOf.set(core, nonces);
    const key = `${core.botUserId}:${nonce}`;
    if (nonce !== undefined && req.body.enforce_nonce === true) {
      const earlier = nonces.get(key);
      if (earlier && !earlier.deleted && core.clock.now() - earlier.createdAt < NONCE_WINDOW_MS)
        return { status: 200, body: { ...apiMessageOf(core, earlier), nonce } };
    }
    const body =
      typeof req.body.flags === 'number' ? { ...req.body, flags: req.body.flags & EPHEMERAL_MASK } : req.body;
    const message = createMessage(core, body, req.files, {
      channelId: channel.id,
      authorId: core.botUserId,
      ...(nonce !== undefined ? { nonce } : {}),
    });
    if (nonce !== undefined) {
      nonces.set(key, message);
      // Forgotten once out of the window (the map is in insertion order, oldest first).
      for (const [k, m] of nonces) {
        if (core.clock.now() - m.createdAt < NONCE_WINDOW_MS) break;
        nonces.delete(k);
      }
    }
    // The create response carries the nonce; a message read back later does not.
    return {
      status: 200,
      body: { ...apiMessageOf(core, message), ...(nonce !== undefined ? { nonce } : {}) },
    };
  };

  const list = (req: RestRequest): RestResponse => {
    const channel = channelOf(req, P.ReadMessageHistory);
    const limit = Math.max(1, Math.min(100, Number(req.query.get('limit') ?? 50)));
    const visible = world.messagesIn(channel.id).filter((m) => !m.deleted && !m.ephemeralTo);
    const before = req.query.get('before');
    const after = req.query.get('after');
    const filtered = visible.filter(
      (m) => (!before || BigInt(m.id) < BigInt(before)) && (!after || BigInt(m.id) > BigInt(after)),
    );
    // Discord lists newest first.
    return {
      status: 200,
      body: filtered
        .slice(-limit)
        .reverse()
        .map((m) => apiMessageOf(core, m)),
    };
  };

  const edit = (req: RestRequest): RestResponse => {
    const message = messageOf(req);
    if (message.authorId !== core.botUserId)
      throw new RestError(403, { code: 50005, message: 'Cannot edit a message authored by another user' });
    checkMessageBody(req.body, [], message);
    const channel = world.channel(message.channelId);
    refuseIfArchived(channel);
    // New embeds or files need the same permissions as when sending.
    requirePermissions(world, channel.id, core.botUserId, messageNeeds(req.body, req.files.length));
    return { status: 200, body: apiMessageOf(core, editMessage(core, message, req.body, req.files)) };
  };

  const createThread = (channel: EmuChannel, req: RestRequest, type: number, id: string): RestResponse => {
    if (channel.type !== 0)
      throw new RestError(400, { code: 50024, message: 'Cannot execute action on this channel type' });
    requirePermissions(
      world,
      channel.id,
      core.botUserId,
      type === 12 ? P.CreatePrivateThreads : P.CreatePublicThreads,
    );
    const minutes = req.body.auto_archive_duration;
    const errors = new FormErrors();
    if (errors.required(['name'], req.body.name)) errors.maxLength(['name'], req.body.name, 100, 1);
    if (type !== 11 && type !== 12)
      errors.add(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (10, 11, 12).');
    if (req.body.invitable !== undefined && typeof req.body.invitable !== 'boolean')
      errors.add(['invitable'], 'BASE_TYPE_BAD_TYPE', 'Must be a boolean.');
    if (minutes !== undefined && !AUTO_ARCHIVE_MINUTES.includes(Number(minutes)))
      errors.add(
        ['auto_archive_duration'],
        'BASE_TYPE_CHOICES',
        'Value must be one of (60, 1440, 4320, 10080).',
      );
    if (!errors.empty) throw new RestError(400, errors.body());
    if (world.channels.has(id))
      throw new RestError(400, {
        code: 160004,
        message: 'A thread has already been created for this message',
      });
    const thread: EmuChannel = {
      id,
      name: String(req.body.name),
      type,
      parentId: channel.id,
      ownerId: core.botUserId,
      autoArchiveMinutes: minutes === undefined ? 4320 : Number(minutes),
      // The creator joins the thread; `invitable` exists only on private threads (default true).
      members: [{ userId: core.botUserId, joinedAt: core.clock.now() }],
      ...(type === 12 ? { invitable: req.body.invitable !== false } : {}),
      ...(channel.guildId ? { guildId: channel.guildId } : {}),
    };
    world.channels.set(thread.id, thread);
    touchThread(core, thread);
    const payload = apiChannel(thread, world, core.clock.now());
    core.gateway.dispatch(
      'THREAD_CREATE',
      { ...payload, newly_created: true },
      { ...(thread.guildId ? { guildId: thread.guildId } : {}), intent: INTENT.guilds },
    );
    core.events.emit('threadCreate', thread);
    return { status: 201, body: payload };
  };

  return [
    route('POST', '/channels/:channel/messages', true, send),
    route('GET', '/channels/:channel/messages', true, list),
    route('GET', '/channels/:channel/messages/:message', true, (req) => ({
      status: 200,
      body: apiMessageOf(core, messageOf(req, P.ReadMessageHistory)),
    })),
    route('PATCH', '/channels/:channel/messages/:message', true, edit),
    route('DELETE', '/channels/:channel/messages/:message', true, (req) => {
      const message = messageOf(req);
      refuseIfArchived(world.channel(message.channelId));
      // Someone else's message needs Manage Messages.
      if (message.authorId !== core.botUserId)
        requirePermissions(world, message.channelId, core.botUserId, P.ManageMessages);
      deleteMessage(core, message);
      return { status: 204 };
    }),
    route('PUT', '/channels/:channel/messages/:message/reactions/:emoji/@me', true, (req) => {
      messageOf(req, P.ReadMessageHistory | P.AddReactions);
      return { status: 204 };
    }),
    route('POST', '/channels/:channel/typing', true, (req) => {
      const channel = channelOf(req);
      requirePermissions(world, channel.id, core.botUserId, sendPermission(channel));
      return { status: 204 };
    }),
    route('DELETE', '/channels/:channel', true, (req) => {
      const channel = channelOf(req);
      // The bot deletes only threads here (its own empty ones), which needs Manage Threads.
      if (!isThread(channel)) requirePermissions(world, channel.id, core.botUserId, P.ManageChannels);
      else requirePermissions(world, channel.id, core.botUserId, P.ManageThreads);
      return { status: 200, body: deleteChannel(core, channel) };
    }),
    route('POST', '/channels/:channel/threads', true, (req) => {
      const channel = channelOf(req);
      const type = typeof req.body.type === 'number' ? req.body.type : 12;
      return createThread(channel, req, type, world.newId());
    }),
    route('POST', '/channels/:channel/messages/:message/threads', true, (req) => {
      const message = messageOf(req);
      // A thread started from a message takes the message's id, as on Discord.
      return createThread(channelOf(req), req, 11, message.id);
    }),
  ];
}
