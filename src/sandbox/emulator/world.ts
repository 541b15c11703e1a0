/** The emulated Discord's data: guilds, channels, users, members, roles and messages. */
import { PermissionFlagsBits } from 'discord.js';
import { basePermissions, channelPermissions } from './permissions.ts';
import type { SnowflakeFactory } from './snowflake.ts';
import { EmulatorError } from './types.ts';
import type { EmuChannel, EmuGuild, EmuMember, EmuMessage, EmuRole, EmuUser } from './types.ts';

/**
 * What @everyone may do in a freshly created server (1071698660929): view, send, embed, attach,
 * read history, mention @everyone, react, use commands, create and talk in threads, voice basics.
 */
export const EVERYONE_PERMISSIONS = 1071698660929n;

/**
 * What the bot's managed role grants by default: exactly the invite's permissions in the README
 * (View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Attach Files),
 * nothing more. Tests take bits away with channel overwrites.
 */
export const BOT_ROLE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.AttachFiles;

export class World {
  readonly guilds = new Map<string, EmuGuild>();
  readonly channels = new Map<string, EmuChannel>();
  readonly users = new Map<string, EmuUser>();
  readonly roles = new Map<string, EmuRole>();
  /** guild id → user id → member */
  readonly members = new Map<string, Map<string, EmuMember>>();
  readonly messages = new Map<string, EmuMessage>();
  readonly channelMessages = new Map<string, string[]>();

  constructor(private readonly ids: SnowflakeFactory) {}

  newId(): string {
    return this.ids.next();
  }

  guild(id: string): EmuGuild {
    const guild = this.guilds.get(id);
    if (!guild) throw new EmulatorError('unknown-guild', `No guild ${id}`);
    return guild;
  }

  channel(id: string): EmuChannel {
    const channel = this.channels.get(id);
    if (!channel) throw new EmulatorError('unknown-channel', `No channel ${id}`);
    return channel;
  }

  user(id: string): EmuUser {
    const user = this.users.get(id);
    if (!user) throw new EmulatorError('unknown-user', `No user ${id}`);
    return user;
  }

  member(guildId: string, userId: string): EmuMember | undefined {
    return this.members.get(guildId)?.get(userId);
  }

  guildRoles(guildId: string): EmuRole[] {
    return [...this.roles.values()].filter((role) => role.guildId === guildId);
  }

  guildChannels(guildId: string): EmuChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId);
  }

  /** Guild-level permissions: @everyone plus the member's roles; the owner and admins get all. */
  permissions(guildId: string, userId: string): bigint {
    return basePermissions(this, guildId, userId);
  }

  /** Permissions in a channel, overwrites applied (see permissions.ts). */
  permissionsIn(channelId: string, userId: string): bigint {
    return channelPermissions(this, channelId, userId);
  }

  addMessage(message: EmuMessage): void {
    this.messages.set(message.id, message);
    const list = this.channelMessages.get(message.channelId) ?? [];
    list.push(message.id);
    this.channelMessages.set(message.channelId, list);
  }

  messagesIn(channelId: string): EmuMessage[] {
    return (this.channelMessages.get(channelId) ?? []).flatMap((id) => {
      const message = this.messages.get(id);
      return message ? [message] : [];
    });
  }
}
