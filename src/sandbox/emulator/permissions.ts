/**
 * Permissions as Discord computes them (discord.com/developers/docs/topics/permissions):
 * guild base from @everyone and the member's roles (owner and Administrator: everything), then
 * in a channel the @everyone overwrite, the member's role overwrites together, and the member's
 * own overwrite. Threads take their parent channel's overwrites. The REST checks below answer
 * 50001 Missing Access / 50013 Missing Permissions where Discord does.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { RestError } from './rest-router.ts';
import type { EmuChannel, EmuGuild, EmuMember, EmuOverwrite, EmuRole } from './types.ts';

/** What permission checks read of the world (world.ts's World has it; a narrow view breaks the import circle). */
export interface PermissionWorld {
  readonly channels: ReadonlyMap<string, EmuChannel>;
  readonly roles: ReadonlyMap<string, EmuRole>;
  guild(id: string): EmuGuild;
  channel(id: string): EmuChannel;
  member(guildId: string, userId: string): EmuMember | undefined;
}

export const ALL_PERMISSIONS = Object.values(P).reduce((all, bit) => all | bit, 0n);

export const missingAccess = (): RestError => new RestError(403, { code: 50001, message: 'Missing Access' });
export const missingPermissions = (): RestError =>
  new RestError(403, { code: 50013, message: 'Missing Permissions' });

/** Guild-level permissions: @everyone plus the member's roles; the owner and admins get all. */
export function basePermissions(world: PermissionWorld, guildId: string, userId: string): bigint {
  const guild = world.guild(guildId);
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  let perms = world.roles.get(guildId)?.permissions ?? 0n;
  for (const roleId of world.member(guildId, userId)?.roleIds ?? []) {
    perms |= world.roles.get(roleId)?.permissions ?? 0n;
  }
  return perms & P.Administrator ? ALL_PERMISSIONS : perms;
}

const isThread = (c: EmuChannel): boolean => c.type === 10 || c.type === 11 || c.type === 12;

/** The overwrites that apply in a channel: a thread's are its parent's. */
export function overwritesOf(world: PermissionWorld, channel: EmuChannel): EmuOverwrite[] {
  if (isThread(channel) && channel.parentId)
    return world.channels.get(channel.parentId)?.overwrites ?? channel.overwrites ?? [];
  return channel.overwrites ?? [];
}

/** What `userId` may do in `channelId` (0 without View Channel). DM channels: sending only. */
export function channelPermissions(world: PermissionWorld, channelId: string, userId: string): bigint {
  const channel = world.channel(channelId);
  if (!channel.guildId)
    return P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory;
  const base = basePermissions(world, channel.guildId, userId);
  if (base & P.Administrator) return ALL_PERMISSIONS;
  const overwrites = overwritesOf(world, channel);
  let perms = base;
  const everyone = overwrites.find((o) => o.id === channel.guildId);
  if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
  const roleIds = new Set(world.member(channel.guildId, userId)?.roleIds ?? []);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type !== 0 || !roleIds.has(o.id)) continue;
    allow |= o.allow;
    deny |= o.deny;
  }
  perms = (perms & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === userId);
  if (own) perms = (perms & ~own.deny) | own.allow;
  // Implicit permissions: no View Channel, nothing; no Send Messages, no embeds/files/mentions.
  if (!(perms & P.ViewChannel)) return 0n;
  // A private thread exists only for its members and for those who may manage threads.
  if (channel.type === 12 && !(perms & P.ManageThreads) && !channel.members?.some((m) => m.userId === userId))
    return 0n;
  if (!(perms & P.SendMessages))
    perms &= ~(P.EmbedLinks | P.AttachFiles | P.MentionEveryone | P.SendTTSMessages);
  return perms;
}

/** The permission to send in this channel: Send Messages in Threads inside a thread. */
export const sendPermission = (channel: EmuChannel): bigint =>
  isThread(channel) ? P.SendMessagesInThreads : P.SendMessages;

/** Throws 50001 when the user cannot see the channel, 50013 when a needed bit is missing. */
export function requirePermissions(
  world: PermissionWorld,
  channelId: string,
  userId: string,
  needed: bigint,
): void {
  const perms = channelPermissions(world, channelId, userId);
  if (!(perms & P.ViewChannel)) throw missingAccess();
  if ((perms & needed) !== needed) throw missingPermissions();
}

/** What a message body needs beyond sending: embeds need Embed Links, files Attach Files, replies history. */
export function messageNeeds(body: Record<string, unknown>, fileCount: number): bigint {
  let needed = 0n;
  if (Array.isArray(body.embeds) && body.embeds.length > 0) needed |= P.EmbedLinks;
  if (fileCount > 0) needed |= P.AttachFiles;
  if (body.message_reference) needed |= P.ReadMessageHistory;
  return needed;
}
