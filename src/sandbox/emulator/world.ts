/** The emulated Discord's data: guilds, channels, users, members, roles and messages. */
import { PermissionFlagsBits } from 'discord.js';
import type { SnowflakeFactory } from './snowflake.ts';
import { EmulatorError } from './types.ts';
import type { EmuChannel, EmuGuild, EmuMember, EmuMessage, EmuRole, EmuUser } from './types.ts';

const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** What @everyone may do in a fresh community server. */
export const EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.ChangeNickname |
  PermissionFlagsBits.CreateInstantInvite;

/** What the bot's managed role grants, as an invite with typical game-bot scopes would. */
export const BOT_ROLE_PERMISSIONS =
  EVERYONE_PERMISSIONS |
  PermissionFlagsBits.ManageMessages |
  PermissionFlagsBits.ManageThreads |
  PermissionFlagsBits.CreatePrivateThreads;

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
    const guild = this.guild(guildId);
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    let perms = this.roles.get(guildId)?.permissions ?? 0n;
    for (const roleId of this.member(guildId, userId)?.roleIds ?? []) {
      perms |= this.roles.get(roleId)?.permissions ?? 0n;
    }
    return perms & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : perms;
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
