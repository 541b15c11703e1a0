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
import type { Core } from './core.ts';
import { FormErrors } from './form-errors.ts';
import { RestError, route, unknownChannel, unknownMessage } from './rest-router.ts';
import type { RestRequest, RestResponse, Route } from './rest-router.ts';
import type { EmuChannel, EmuMessage } from './types.ts';

const EPHEMERAL_MASK = ~64;

export function messageRoutes(core: Core): Route[] {
  const { world } = core;
  const channelOf = (req: RestRequest): EmuChannel => {
    const channel = world.channels.get(req.params[0] ?? '');
    if (!channel) throw unknownChannel();
    return channel;
  };
  /** The bot cannot see other users' ephemeral messages, nor deleted ones, through channel routes. */
  const messageOf = (req: RestRequest): EmuMessage => {
    const channel = channelOf(req);
    const message = world.messages.get(req.params[1] ?? '');
    if (!message || message.channelId !== channel.id || message.deleted || message.ephemeralTo)
      throw unknownMessage();
    return message;
  };

  const send = (req: RestRequest): RestResponse => {
    const channel = channelOf(req);
    checkMessageBody(req.body);
    throwIfEmpty(req.body, req.files.length);
    const body =
      typeof req.body.flags === 'number' ? { ...req.body, flags: req.body.flags & EPHEMERAL_MASK } : req.body;
    const message = createMessage(core, body, req.files, { channelId: channel.id, authorId: core.botUserId });
    return { status: 200, body: apiMessageOf(core, message) };
  };

  const list = (req: RestRequest): RestResponse => {
    const channel = channelOf(req);
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
    return { status: 200, body: apiMessageOf(core, editMessage(core, message, req.body, req.files)) };
  };

  const createThread = (channel: EmuChannel, req: RestRequest, type: number, id: string): RestResponse => {
    if (channel.type !== 0)
      throw new RestError(400, { code: 50024, message: 'Cannot execute action on this channel type' });
    const errors = new FormErrors();
    if (errors.required(['name'], req.body.name)) errors.maxLength(['name'], req.body.name, 100, 1);
    if (type !== 11 && type !== 12)
      errors.add(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (10, 11, 12).');
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
      ...(channel.guildId ? { guildId: channel.guildId } : {}),
    };
    world.channels.set(thread.id, thread);
    const payload = apiChannel(thread, world, core.clock.now());
    core.gateway.dispatch(
      'THREAD_CREATE',
      { ...payload, newly_created: true },
      { ...(thread.guildId ? { guildId: thread.guildId } : {}), intent: INTENT.guilds },
    );
    core.events.emit('threadCreate', thread);
    return { status: 201, body: payload };
  };

  const ok204 = (req: RestRequest): RestResponse => {
    channelOf(req);
    return { status: 204 };
  };

  return [
    route('POST', '/channels/:channel/messages', true, send),
    route('GET', '/channels/:channel/messages', true, list),
    route('GET', '/channels/:channel/messages/:message', true, (req) => ({
      status: 200,
      body: apiMessageOf(core, messageOf(req)),
    })),
    route('PATCH', '/channels/:channel/messages/:message', true, edit),
    route('DELETE', '/channels/:channel/messages/:message', true, (req) => {
      deleteMessage(core, messageOf(req));
      return { status: 204 };
    }),
    route('PUT', '/channels/:channel/messages/:message/reactions/:emoji/@me', true, (req) => {
      messageOf(req);
      return { status: 204 };
    }),
    route('POST', '/channels/:channel/typing', true, ok204),
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
    route('PUT', '/channels/:channel/thread-members/:user', true, ok204),
    route('DELETE', '/channels/:channel/thread-members/:user', true, ok204),
  ];
}
