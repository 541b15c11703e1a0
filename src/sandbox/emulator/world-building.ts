/**
 * Building the emulated world as Discord would announce it: guilds (with @everyone and the
 * bot's managed role), channels, users, members and roles, each change dispatched to the
 * gateway sessions of the guild's shard.
 */
import { apiChannel, apiGuild, apiMember, apiRole } from './api-shapes.ts';
import { INTENT } from './core.ts';
import type { Core } from './context.ts';
import type { Json } from './json.ts';
import { isThread } from './threads.ts';
import type { EmuChannel, EmuGuild, EmuRole, EmuUser } from './types.ts';
import { EVERYONE_PERMISSIONS } from './world.ts';

export function createGuild(
  core: Core,
  botPermissions: bigint,
  input: { name: string; id?: string; ownerId?: string },
): EmuGuild {
  const { world } = core;
  const guild: EmuGuild = {
    id: input.id ?? world.newId(),
    name: input.name,
    ownerId: input.ownerId ?? world.newId(),
  };
  world.guilds.set(guild.id, guild);
  world.members.set(guild.id, new Map());
  world.roles.set(guild.id, {
    id: guild.id,
    guildId: guild.id,
    name: '@everyone',
    permissions: EVERYONE_PERMISSIONS,
    position: 0,
  });
  const botRole = createRole(core, guild.id, {
    name: world.user(core.botUserId).username,
    permissions: botPermissions,
  });
  world.members
    .get(guild.id)
    ?.set(core.botUserId, { userId: core.botUserId, roleIds: [botRole.id], joinedAt: core.clock.now() });
  if (input.ownerId && world.users.has(input.ownerId)) addMember(core, guild.id, input.ownerId);
  core.gateway.dispatch('GUILD_CREATE', apiGuild(world, guild.id, core.clock.now(), true, core.botUserId), {
    guildId: guild.id,
    intent: INTENT.guilds,
  });
  return guild;
}

export function createChannel(
  core: Core,
  guildId: string,
  input: { name: string; id?: string; type?: 'text' },
): EmuChannel {
  core.world.guild(guildId);
  const channel: EmuChannel = { id: input.id ?? core.world.newId(), guildId, name: input.name, type: 0 };
  core.world.channels.set(channel.id, channel);
  core.gateway.dispatch('CHANNEL_CREATE', apiChannel(channel, core.world, core.clock.now()), {
    guildId,
    intent: INTENT.guilds,
  });
  return channel;
}

/**
 * Deletes a channel (a moderator, or the bot through the REST route): its threads go with it, and
 * the gateway announces it (CHANNEL_DELETE, THREAD_DELETE for a thread). From then on every
 * request naming it answers 10003 Unknown Channel, as Discord does.
 */
export function deleteChannel(core: Core, channel: EmuChannel): Json {
  const payload = apiChannel(channel, core.world, core.clock.now());
  core.world.channels.delete(channel.id);
  for (const c of [...core.world.channels.values()])
    if (c.parentId === channel.id) core.world.channels.delete(c.id);
  core.gateway.dispatch(isThread(channel) ? 'THREAD_DELETE' : 'CHANNEL_DELETE', payload, {
    ...(channel.guildId ? { guildId: channel.guildId } : {}),
    intent: INTENT.guilds,
  });
  core.events.emit('channelDelete', channel);
  return payload;
}

export function createUser(core: Core, input: { username: string; id?: string; bot?: boolean }): EmuUser {
  const user: EmuUser = {
    id: input.id ?? core.world.newId(),
    username: input.username,
    bot: input.bot ?? false,
  };
  core.world.users.set(user.id, user);
  return user;
}

export function addMember(
  core: Core,
  guildId: string,
  userId: string,
  input: { roleIds?: string[]; nick?: string } = {},
): void {
  core.world.guild(guildId);
  core.world.user(userId);
  const member = {
    userId,
    roleIds: input.roleIds ?? [],
    joinedAt: core.clock.now(),
    ...(input.nick !== undefined ? { nick: input.nick } : {}),
  };
  core.world.members.get(guildId)?.set(userId, member);
  core.gateway.dispatch(
    'GUILD_MEMBER_ADD',
    { ...apiMember(core.world, guildId, member), guild_id: guildId },
    { guildId, intent: INTENT.guildMembers },
  );
}

export function createRole(
  core: Core,
  guildId: string,
  input: { name: string; permissions: bigint; id?: string },
): EmuRole {
  core.world.guild(guildId);
  const role: EmuRole = {
    id: input.id ?? core.world.newId(),
    guildId,
    name: input.name,
    permissions: input.permissions,
    position: core.world.guildRoles(guildId).length,
  };
  core.world.roles.set(role.id, role);
  core.gateway.dispatch(
    'GUILD_ROLE_CREATE',
    { guild_id: guildId, role: apiRole(role) },
    { guildId, intent: INTENT.guilds },
  );
  return role;
}
