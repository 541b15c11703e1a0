/**
 * Thread membership and thread settings, as Discord documents them (Channel resource: Add/Remove/
 * Get/List Thread Member(s), Modify Channel for a thread; Gateway: Thread Members Update):
 * - adding a member needs Send Messages in Threads in the thread and a thread that is not
 *   archived (50083); in a private thread that is not `invitable`, only its owner or Manage
 *   Threads may add people; the user must be in the server (10007 Unknown Member);
 * - removing someone else needs Manage Threads, unless the thread is private and the bot created
 *   it, and a thread that is not archived (50083);
 * - a private thread is visible only to its members and to Manage Threads (permissions.ts), so
 *   every route here answers 50001 Missing Access to anyone else;
 * - locking or unlocking needs Manage Threads; archiving needs Manage Threads unless the bot
 *   created the thread; unarchiving a locked thread needs Manage Threads.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { apiChannel } from './api-shapes.ts';
import { INTENT } from './core.ts';
import type { Core } from './context.ts';
import { FormErrors } from './form-errors.ts';
import { missingPermissions, requirePermissions } from './permissions.ts';
import { RestError, route, unknownChannel } from './rest-router.ts';
import type { Json } from './json.ts';
import type { RestRequest, RestResponse, Route } from './rest-router.ts';
import { announceThread, AUTO_ARCHIVE_MINUTES, isThread, touchThread } from './threads.ts';
import type { EmuChannel } from './types.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

const unknownMember = (): RestError => new RestError(404, { code: 10007, message: 'Unknown Member' });
const archived = (): RestError =>
  new RestError(400, {
    code: 50083,
    message:
      'Tried to perform an operation on an archived thread, such as editing a message or adding a user to the thread',
  });

export function threadMemberRoutes(core: Core): Route[] {
  const { world } = core;
  const bot = (): string => core.botUserId;
  const has = (channel: EmuChannel, bit: bigint): boolean =>
    (world.permissionsIn(channel.id, bot()) & bit) === bit;

  /** A thread the bot can see (50001 otherwise); 50024 for a channel that is not a thread. */
  const threadOf = (req: RestRequest): EmuChannel => {
    const channel = world.channels.get(req.params[0] ?? '');
    if (!channel) throw unknownChannel();
    requirePermissions(world, channel.id, bot(), 0n);
    if (!isThread(channel))
      throw new RestError(400, { code: 50024, message: 'Cannot execute action on this channel type' });
    return channel;
  };

  const memberJson = (thread: EmuChannel, m: { userId: string; joinedAt: number }): Json => ({
    id: thread.id,
    user_id: m.userId,
    join_timestamp: iso(m.joinedAt),
    flags: 0,
  });

  /** THREAD_MEMBERS_UPDATE: to sessions with Guild Members, or when the bot itself was added or removed. */
  const announceMembers = (thread: EmuChannel, added: string[], removed: string[]): void => {
    const payload = {
      id: thread.id,
      guild_id: thread.guildId,
      member_count: Math.min(50, thread.members?.length ?? 0),
      ...(added.length
        ? {
            added_members: (thread.members ?? [])
              .filter((m) => added.includes(m.userId))
              .map((m) => memberJson(thread, m)),
          }
        : {}),
      ...(removed.length ? { removed_member_ids: removed } : {}),
    };
    const aboutBot = added.includes(bot()) || removed.includes(bot());
    core.gateway.dispatch('THREAD_MEMBERS_UPDATE', payload, {
      ...(thread.guildId ? { guildId: thread.guildId } : {}),
      intent: aboutBot ? INTENT.guilds : INTENT.guildMembers,
    });
  };

  /** Adding or removing someone else: owner or Manage Threads in a closed private thread. */
  const mayManageMembers = (thread: EmuChannel): boolean =>
    thread.type !== 12 ||
    thread.invitable !== false ||
    thread.ownerId === bot() ||
    has(thread, P.ManageThreads);

  /** The user named in the path; `@me` is the bot (Join/Leave Thread). */
  const userOf = (req: RestRequest): string => (req.params[1] === '@me' ? bot() : (req.params[1] ?? ''));

  const add = (req: RestRequest): RestResponse => {
    const thread = threadOf(req);
    const userId = userOf(req);
    if (!has(thread, P.SendMessagesInThreads)) throw missingPermissions();
    if (thread.archived) throw archived();
    if (!thread.guildId || !world.member(thread.guildId, userId)) throw unknownMember();
    if (userId !== bot() && !mayManageMembers(thread)) throw missingPermissions();
    thread.members ??= [];
    if (!thread.members.some((m) => m.userId === userId)) {
      thread.members.push({ userId, joinedAt: core.clock.now() });
      announceMembers(thread, [userId], []);
    }
    return { status: 204 };
  };

  const remove = (req: RestRequest): RestResponse => {
    const thread = threadOf(req);
    const userId = userOf(req);
    if (thread.archived) throw archived();
    // Removing someone else: Manage Threads, unless the thread is private and the bot created it.
    if (
      userId !== bot() &&
      !((thread.type === 12 && thread.ownerId === bot()) || has(thread, P.ManageThreads))
    )
      throw missingPermissions();
    const before = thread.members?.length ?? 0;
    thread.members = (thread.members ?? []).filter((m) => m.userId !== userId);
    if (thread.members.length !== before) announceMembers(thread, [], [userId]);
    return { status: 204 };
  };

  /** Modify Channel on a thread: name, archived, locked, auto_archive_duration, invitable. */
  const modify = (req: RestRequest): RestResponse => {
    const channel = world.channels.get(req.params[0] ?? '');
    if (!channel) throw unknownChannel();
    if (!isThread(channel)) {
      // Only threads are modified by the bot; a text channel needs Manage Channels.
      requirePermissions(world, channel.id, bot(), P.ManageChannels);
      throw new RestError(400, { code: 50024, message: 'Cannot execute action on this channel type' });
    }
    requirePermissions(world, channel.id, bot(), 0n);
    const b = req.body;
    const errors = new FormErrors();
    for (const key of ['archived', 'locked', 'invitable'] as const)
      if (b[key] !== undefined && typeof b[key] !== 'boolean')
        errors.add([key], 'BASE_TYPE_BAD_TYPE', 'Must be a boolean.');
    if (b.name !== undefined) errors.maxLength(['name'], b.name, 100, 1);
    if (
      b.auto_archive_duration !== undefined &&
      !AUTO_ARCHIVE_MINUTES.includes(Number(b.auto_archive_duration))
    )
      errors.add(
        ['auto_archive_duration'],
        'BASE_TYPE_CHOICES',
        'Value must be one of (60, 1440, 4320, 10080).',
      );
    if (b.invitable !== undefined && channel.type !== 12)
      errors.add(['invitable'], 'BASE_TYPE_BAD_TYPE', 'Only private threads are invitable.');
    if (!errors.empty) throw new RestError(400, errors.body());
    const manage = has(channel, P.ManageThreads);
    const locking = typeof b.locked === 'boolean' && b.locked !== (channel.locked ?? false);
    const archiving = b.archived === true && !channel.archived;
    const unarchiving = b.archived === false && channel.archived === true;
    const renaming =
      b.name !== undefined || b.auto_archive_duration !== undefined || b.invitable !== undefined;
    if (!manage) {
      if (locking || (unarchiving && channel.locked)) throw missingPermissions();
      if ((archiving || renaming) && channel.ownerId !== bot()) throw missingPermissions();
      if (unarchiving && !has(channel, P.SendMessagesInThreads)) throw missingPermissions();
    }
    // Renaming or re-setting an archived thread needs it unarchived in the same request.
    if (channel.archived && b.archived !== false && renaming) throw archived();
    if (typeof b.name === 'string') channel.name = b.name;
    if (b.auto_archive_duration !== undefined) channel.autoArchiveMinutes = Number(b.auto_archive_duration);
    if (typeof b.invitable === 'boolean') channel.invitable = b.invitable;
    if (typeof b.locked === 'boolean') channel.locked = b.locked;
    if (typeof b.archived === 'boolean') channel.archived = b.archived;
    if (unarchiving) touchThread(core, channel);
    announceThread(core, channel);
    return { status: 200, body: apiChannel(channel, world, core.clock.now()) };
  };

  return [
    route('PUT', '/channels/:channel/thread-members/:user', true, add),
    route('DELETE', '/channels/:channel/thread-members/:user', true, remove),
    route('GET', '/channels/:channel/thread-members', true, (req) => {
      const thread = threadOf(req);
      return { status: 200, body: (thread.members ?? []).map((m) => memberJson(thread, m)) };
    }),
    route('GET', '/channels/:channel/thread-members/:user', true, (req) => {
      const thread = threadOf(req);
      const m = thread.members?.find((x) => x.userId === userOf(req));
      if (!m) throw unknownMember();
      return { status: 200, body: memberJson(thread, m) };
    }),
    route('PATCH', '/channels/:channel', true, modify),
  ];
}
