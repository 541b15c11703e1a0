/**
 * What one user sees, as JSON for the page: the channels (the table and the threads open to
 * them) and each message they may see, its Components V2 layout kept as sent but with text
 * displays read into Markdown trees, mentions resolved to names and pictures pointed at this
 * server. Whose eyes decide: ephemeral messages of others and private threads never get here.
 */
import type { EmuChannel, EmuMessage } from '../emulator/index.ts';
import type { Harness } from '../harness.ts';
import type { Json } from '../script-targets.ts';
import { markdownTree, type Block, type Names } from './markdown-tree.ts';

const IS_COMPONENTS_V2 = 1 << 15;
const LOADING = 1 << 7;

export interface ChannelView {
  id: string;
  name: string;
  thread: boolean;
  private: boolean;
  archived: boolean;
  locked: boolean;
}

export interface MessageView {
  id: string;
  channelId: string;
  author: { name: string; bot: boolean };
  createdAt: number;
  edited: boolean;
  /** Only this user can see it (an ephemeral reply or follow-up). */
  ephemeral: boolean;
  /** A deferred reply the bot has not filled yet ("Tradecraft is thinking…"). */
  thinking: boolean;
  /** The message mentions this user (Discord highlights it). */
  mentionsMe: boolean;
  content: Block[];
  embeds: Json[];
  components: Json[];
  /** Files shown under a classic message (a V2 message shows them only through its components). */
  files: { name: string; url: string; image: boolean }[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

export class Viewer {
  /** Deferred replies, with when the bot filled them in (that edit is not shown as an edit). */
  private readonly deferred = new Map<string, number | undefined>();

  constructor(private readonly h: Harness) {}

  /** Follows each message as it is created and edited (see `deferred`). */
  observe(m: EmuMessage, created: boolean): void {
    if (created && (m.flags & LOADING) !== 0) this.deferred.set(m.id, undefined);
    else if (!created && this.deferred.has(m.id) && this.deferred.get(m.id) === undefined)
      this.deferred.set(m.id, m.editedAt);
  }

  nameOf(id: string): string | undefined {
    if (id === this.h.admin.id) return 'admin';
    if (id === this.h.emu.botUserId) return 'Tradecraft';
    for (const u of this.h.users.values()) if (u.id === id) return u.username;
    return undefined;
  }

  private names(): Names {
    return {
      user: (id) => this.nameOf(id),
      channel: (id) => {
        try {
          return this.h.emu.channel(id).name;
        } catch {
          return undefined;
        }
      },
      role: (id) => (id === this.h.guild.id ? 'everyone' : undefined),
    };
  }

  channel(c: EmuChannel): ChannelView {
    return {
      id: c.id,
      name: c.name,
      thread: c.type === 11 || c.type === 12,
      private: c.type === 12,
      archived: c.archived === true,
      locked: c.locked === true,
    };
  }

  /** Whether this user may see the message at all. */
  mayRead(userId: string, m: EmuMessage): boolean {
    if (m.deleted === true || (m.ephemeralTo !== undefined && m.ephemeralTo !== userId)) return false;
    try {
      return this.h.emu.canSee(userId, m.channelId);
    } catch {
      return false;
    }
  }

  message(userId: string, m: EmuMessage): MessageView {
    const names = this.names();
    const md = (text: string): Block[] => markdownTree(text, names);
    const media = (url: unknown): string | undefined => {
      const name = /^attachment:\/\/(.+)$/.exec(str(url))?.[1];
      const a = m.attachments.find((x) => x.filename === name);
      return a ? this.mediaUrl(userId, m.id, a.id) : undefined;
    };
    const shape = (c: Json): Json => {
      switch (c.type) {
        case 10:
          return { type: 10, md: md(str(c.content)) };
        case 12:
          return {
            type: 12,
            items: list(c.items).map((item) => ({
              src: media((item.media as Json | undefined)?.url),
              alt: str(item.description),
              spoiler: item.spoiler === true,
            })),
          };
        case 11:
          return { type: 11, src: media((c.media as Json | undefined)?.url), alt: str(c.description) };
        case 13:
          return {
            type: 13,
            name: /^attachment:\/\/(.+)$/.exec(str((c.file as Json | undefined)?.url))?.[1],
          };
        default: {
          const out: Json = { ...c };
          if (Array.isArray(c.components)) out.components = list(c.components).map(shape);
          if (c.accessory) out.accessory = shape(c.accessory as Json);
          return out;
        }
      }
    };
    const v2 = (m.flags & IS_COMPONENTS_V2) !== 0;
    return {
      id: m.id,
      channelId: m.channelId,
      author: { name: this.nameOf(m.authorId) ?? 'unknown', bot: m.authorId === this.h.emu.botUserId },
      createdAt: m.createdAt,
      edited: m.editedAt !== undefined && (m.flags & LOADING) === 0 && this.deferred.get(m.id) !== m.editedAt,
      ephemeral: m.ephemeralTo !== undefined,
      thinking: (m.flags & LOADING) !== 0 && !m.content && m.components.length === 0,
      mentionsMe: m.mentions.users.includes(userId) || m.mentions.everyone,
      content: md(m.content),
      embeds: m.embeds.map((e) => {
        const embed = e as unknown as Json;
        return {
          title: str(embed.title),
          color: embed.color,
          description: md(str(embed.description)),
          fields: list(embed.fields).map((f) => ({ name: str(f.name), value: md(str(f.value)) })),
          footer: str((embed.footer as Json | undefined)?.text),
        };
      }),
      components: (m.components as unknown as Json[]).map(shape),
      files: v2
        ? []
        : m.attachments.map((a) => ({
            name: a.filename,
            url: this.mediaUrl(userId, m.id, a.id),
            image: (a.contentType ?? '').startsWith('image/') || a.filename.endsWith('.png'),
          })),
    };
  }

  mediaUrl(userId: string, messageId: string, attachmentId: string): string {
    const user = this.nameOf(userId) ?? userId;
    return `/media/${messageId}/${attachmentId}?user=${encodeURIComponent(user)}`;
  }

  /** A picture of a message, if this user may see that message. */
  picture(
    userId: string,
    messageId: string,
    attachmentId: string,
  ): { data: Buffer; type: string } | undefined {
    const m = this.h.emu.message(messageId);
    if (!m || !this.mayRead(userId, m)) return undefined;
    const a = m.attachments.find((x) => x.id === attachmentId);
    return a ? { data: a.data, type: a.contentType ?? 'application/octet-stream' } : undefined;
  }
}
