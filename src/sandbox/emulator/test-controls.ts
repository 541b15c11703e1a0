/**
 * What a server admin or moderator changes while the bot runs (permission overwrites, roles,
 * nicknames, thread state), each announced on the gateway as Discord does.
 */
import { apiChannel, apiMember, apiRole } from './api-shapes.ts';
import { INTENT } from './core.ts';
import type { Core } from './context.ts';
import { announceThread } from './threads.ts';
import { EmulatorError } from './types.ts';
import type { EmuOverwrite, EmuRole } from './types.ts';

/**
 * Sets (or with allow = deny = 0, removes) a channel permission overwrite for a role (the guild
 * id is @everyone) or a member, and tells the gateway (CHANNEL_UPDATE).
 */
export function setOverwrite(
  core: Core,
  channelId: string,
  input: { id: string; type: 'role' | 'member'; allow?: bigint; deny?: bigint },
): void {
  const channel = core.world.channel(channelId);
  if (!channel.guildId) throw new EmulatorError('not-a-guild-channel', `Channel ${channelId} is a DM`);
  const overwrite: EmuOverwrite = {
    id: input.id,
    type: input.type === 'role' ? 0 : 1,
    allow: input.allow ?? 0n,
    deny: input.deny ?? 0n,
  };
  const rest = (channel.overwrites ?? []).filter((o) => o.id !== input.id);
  channel.overwrites = overwrite.allow || overwrite.deny ? [...rest, overwrite] : rest;
  core.gateway.dispatch('CHANNEL_UPDATE', apiChannel(channel, core.world, core.clock.now()), {
    guildId: channel.guildId,
    intent: INTENT.guilds,
  });
}

export function setRolePermissions(core: Core, roleId: string, permissions: bigint): void {
  const role = core.world.roles.get(roleId);
  if (!role) throw new EmulatorError('unknown-role', `No role ${roleId}`);
  role.permissions = permissions;
  core.gateway.dispatch(
    'GUILD_ROLE_UPDATE',
    { guild_id: role.guildId, role: apiRole(role) },
    { guildId: role.guildId, intent: INTENT.guilds },
  );
}

/** The bot's own (managed) role in a guild. */
export function botRole(core: Core, guildId: string): EmuRole {
  const roleId = core.world.member(guildId, core.botUserId)?.roleIds[0];
  const role = roleId ? core.world.roles.get(roleId) : undefined;
  if (!role) throw new EmulatorError('unknown-role', `The bot has no role in guild ${guildId}`);
  return role;
}

export function setNick(core: Core, guildId: string, userId: string, nick: string | undefined): void {
  const member = core.world.member(guildId, userId);
  if (!member) throw new EmulatorError('not-a-member', `User ${userId} is not in guild ${guildId}`);
  if (nick === undefined) delete member.nick;
  else member.nick = nick;
  core.gateway.dispatch(
    'GUILD_MEMBER_UPDATE',
    { ...apiMember(core.world, guildId, member), guild_id: guildId },
    { guildId, intent: INTENT.guildMembers },
  );
}

/** Archives/unarchives or locks/unlocks a thread as a moderator would (THREAD_UPDATE). */
export function setThreadState(
  core: Core,
  threadId: string,
  state: { archived?: boolean; locked?: boolean },
): void {
  const thread = core.world.channel(threadId);
  if (state.archived !== undefined) thread.archived = state.archived;
  if (state.locked !== undefined) thread.locked = state.locked;
  announceThread(core, thread);
}
