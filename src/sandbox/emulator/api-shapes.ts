/** Turns the world's records into the JSON payloads Discord sends (REST bodies and gateway events). */
import { resolveMedia } from './components-v2.ts';
import type { EmuChannel, EmuMember, EmuMessage, EmuRole, EmuUser } from './types.ts';
import type { World } from './world.ts';

import type { Json } from './json.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

export function apiUser(user: EmuUser): Json {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName ?? user.username,
    discriminator: '0',
    avatar: null,
    bot: user.bot,
    flags: 0,
    public_flags: 0,
  };
}

export function apiRole(role: EmuRole): Json {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function apiChannel(channel: EmuChannel, world: World, now: number): Json {
  if (channel.type === 1) {
    const recipient = channel.recipientId ? world.users.get(channel.recipientId) : undefined;
    return {
      id: channel.id,
      type: 1,
      last_message_id: null,
      flags: 0,
      recipients: recipient ? [apiUser(recipient)] : [],
    };
  }
  const base: Json = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: 0,
    permission_overwrites: (channel.overwrites ?? []).map((o) => ({
      id: o.id,
      type: o.type,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
    nsfw: false,
    parent_id: channel.parentId ?? null,
    last_message_id: null,
    rate_limit_per_user: 0,
    topic: null,
    flags: 0,
  };
  if (channel.type === 11 || channel.type === 12) {
    return {
      ...base,
      owner_id: channel.ownerId,
      message_count: world.channelMessages.get(channel.id)?.length ?? 0,
      member_count: Math.min(50, channel.members?.length ?? 1),
      total_message_sent: world.channelMessages.get(channel.id)?.length ?? 0,
      thread_metadata: {
        archived: channel.archived ?? false,
        auto_archive_duration: channel.autoArchiveMinutes ?? 1440,
        archive_timestamp: iso(channel.lastActivityAt ?? now),
        locked: channel.locked ?? false,
        ...(channel.type === 12 ? { invitable: channel.invitable ?? true } : {}),
        create_timestamp: iso(now),
      },
    };
  }
  return base;
}

export function apiMember(world: World, guildId: string, member: EmuMember): Json {
  return {
    user: apiUser(world.user(member.userId)),
    nick: member.nick ?? null,
    avatar: null,
    roles: member.roleIds,
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A member as interactions carry it: with their permissions in the channel, overwrites applied. */
export function apiInteractionMember(
  world: World,
  guildId: string,
  channelId: string | undefined,
  userId: string,
  now: number,
): Json {
  const member = world.member(guildId, userId) ?? { userId, roleIds: [], joinedAt: now };
  return {
    ...apiMember(world, guildId, member),
    permissions: (channelId
      ? world.permissionsIn(channelId, userId)
      : world.permissions(guildId, userId)
    ).toString(),
  };
}

/** A guild as `viewerId` (the bot) receives it: active threads only, private ones only if it may see them. */
export function apiGuild(
  world: World,
  guildId: string,
  now: number,
  withMembers: boolean,
  viewerId?: string,
): Json {
  const guild = world.guild(guildId);
  const members = [...(world.members.get(guildId)?.values() ?? [])];
  const channels = world.guildChannels(guildId);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: world.guildRoles(guildId).map(apiRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    ...(withMembers
      ? {
          joined_at: iso(now),
          large: false,
          unavailable: false,
          member_count: members.length,
          members: members.map((m) => apiMember(world, guildId, m)),
          channels: channels
            .filter((c) => c.type !== 11 && c.type !== 12)
            .map((c) => apiChannel(c, world, now)),
          threads: channels
            .filter((c) => (c.type === 11 || c.type === 12) && !c.archived)
            .filter(
              (c) => c.type !== 12 || viewerId === undefined || world.permissionsIn(c.id, viewerId) !== 0n,
            )
            .map((c) => apiChannel(c, world, now)),
          presences: [],
          voice_states: [],
          stage_instances: [],
          guild_scheduled_events: [],
          soundboard_sounds: [],
        }
      : {}),
  };
}

export interface MessageContext {
  world: World;
  baseUrl: string;
  applicationId: string;
}

export function attachmentUrl(
  baseUrl: string,
  channelId: string,
  attachmentId: string,
  filename: string,
): string {
  return `${baseUrl}/attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
}

export function apiMessage(message: EmuMessage, ctx: MessageContext): Json {
  const channel = ctx.world.channels.get(message.channelId);
  const author = ctx.world.users.get(message.authorId);
  return {
    id: message.id,
    channel_id: message.channelId,
    ...(channel?.guildId ? { guild_id: channel.guildId } : {}),
    author: author
      ? apiUser(author)
      : { id: message.authorId, username: 'unknown', discriminator: '0', avatar: null },
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === undefined ? null : iso(message.editedAt),
    tts: false,
    mention_everyone: message.mentions.everyone,
    mentions: message.mentions.users.flatMap((id) => {
      const user = ctx.world.users.get(id);
      return user ? [apiUser(user)] : [];
    }),
    mention_roles: message.mentions.roles,
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.data.length,
      url: attachmentUrl(ctx.baseUrl, message.channelId, a.id, a.filename),
      proxy_url: attachmentUrl(ctx.baseUrl, message.channelId, a.id, a.filename),
      ...(a.contentType ? { content_type: a.contentType } : {}),
      ...(a.description ? { description: a.description } : {}),
    })),
    embeds: message.embeds,
    components: resolveMedia(message.components, (name) => {
      const a = message.attachments.find((x) => x.filename === name);
      if (!a) return undefined;
      const url = attachmentUrl(ctx.baseUrl, message.channelId, a.id, a.filename);
      return {
        url,
        proxy_url: url,
        attachment_id: a.id,
        ...(a.contentType ? { content_type: a.contentType } : {}),
      };
    }),
    pinned: false,
    type: 0,
    flags: message.flags,
    ...(message.interactionId ? { webhook_id: ctx.applicationId, application_id: ctx.applicationId } : {}),
  };
}
