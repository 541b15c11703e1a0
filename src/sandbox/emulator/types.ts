/** The emulator's public vocabulary: what tests and the sandbox read back. */
import type {
  APIActionRowComponent,
  APIApplicationCommandOptionChoice,
  APIComponentInMessageActionRow,
  APIEmbed,
  APIModalInteractionResponseCallbackData,
} from 'discord.js';

export interface EmuGuild {
  id: string;
  name: string;
  ownerId: string;
}

export interface EmuChannel {
  id: string;
  /** Undefined for DM channels. */
  guildId?: string;
  name: string;
  /** Discord channel type: 0 text, 1 DM, 11 public thread, 12 private thread. */
  type: number;
  /** The text channel a thread belongs to. */
  parentId?: string;
  ownerId?: string;
  /** DM channels: the user on the other side. */
  recipientId?: string;
  /** Per-channel permission overwrites (a thread uses its parent's). */
  overwrites?: EmuOverwrite[];
  /** Threads: archived (by inactivity or by hand) and locked (only Manage Threads may unarchive). */
  archived?: boolean;
  locked?: boolean;
  /** Threads: minutes of inactivity before Discord archives it (60, 1440, 4320, 10080). */
  autoArchiveMinutes?: number;
  /** Threads: the last message or creation, which the inactivity clock counts from. */
  lastActivityAt?: number;
  /** Threads: who joined, with when (the creator first); a private thread shows itself only to them and to Manage Threads. */
  members?: { userId: string; joinedAt: number }[];
  /** Private threads: whether non-moderators may add other people (false: only the owner and Manage Threads). */
  invitable?: boolean;
}

/** A channel permission overwrite: type 0 a role (the guild id is @everyone), 1 a member. */
export interface EmuOverwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface EmuUser {
  id: string;
  username: string;
  bot: boolean;
  /** Display name chosen by the user (global_name); the username when unset. */
  globalName?: string;
  /** The user refuses DMs from server members: creating or sending to their DM answers 50007. */
  dmsClosed?: boolean;
}

export interface EmuRole {
  id: string;
  guildId: string;
  name: string;
  permissions: bigint;
  position: number;
}

export interface EmuMember {
  userId: string;
  roleIds: string[];
  nick?: string;
  joinedAt: number;
}

export interface EmuAttachment {
  id: string;
  filename: string;
  data: Buffer;
  contentType?: string;
  description?: string;
}

export interface EmuMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: APIEmbed[];
  /** Classic action rows; Components V2 messages keep their top-level components here as sent. */
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  attachments: EmuAttachment[];
  /** user id; undefined means public */
  ephemeralTo?: string;
  /** set when created by an interaction response/follow-up */
  interactionId?: string;
  editedAt?: number;
  deleted?: boolean;
  createdAt: number;
  flags: number;
  /** Who the message mentions now, from its content and allowed_mentions as Discord computes it. */
  mentions: EmuMentions;
  /** Who was notified when it was sent (an edit notifies nobody); set by the emulator. */
  pinged?: EmuMentions;
  /** Markdown in the message that Discord shows as raw text (tables, HTML tags...). */
  markdownWarnings?: string[];
  /** The nonce it was created with, if any (the create response carries it). */
  nonce?: string;
}

export interface EmuMentions {
  users: string[];
  roles: string[];
  everyone: boolean;
}

export interface InteractionHandle {
  id: string;
  token: string;
  type: number;
  userId: string;
  channelId: string;
  customId?: string;
  createdAt: number;
  /** the callback type the bot answered with (4,5,6,7,8,9) */
  responseType?: number;
  /** the message created/updated by the response (after edits of @original too) */
  message?: EmuMessage;
  /** when the bot answered with a modal */
  modal?: APIModalInteractionResponseCallbackData;
  /** autocomplete result */
  choices?: APIApplicationCommandOptionChoice[];
  followUps: EmuMessage[];
}

export class EmulatorError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'EmulatorError';
    this.code = code;
  }
}
