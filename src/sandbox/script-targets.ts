/**
 * What a script line points at, as the user it names sees the server: the channels (the table
 * and the threads the bot knows of that the user can see), the messages newest first, the
 * buttons and select menus on them by label, and the fields of a form. The script runner finds
 * its targets here, and the web page writes its clicks back as lines through the same lookups,
 * so a line the page records replays onto the same button.
 */
import type { APIModalInteractionResponseCallbackData } from 'discord.js';
import type { EmuChannel, EmuMessage } from './emulator/index.ts';
import { allComponents } from './emulator/index.ts';
import type { Harness } from './harness.ts';

export type Json = Record<string, unknown>;

/** A component on a message. */
export interface Target {
  message: EmuMessage;
  component: Json;
}

const same = (a: unknown, b: string): boolean => String(a).toLowerCase() === b.toLowerCase();

/** `Ready [2]`: the label and which of the buttons so labelled, newest first (1 when not given). */
export function splitOrdinal(text: string): { label: string; nth: number } {
  const m = /^(.*?)\s*\[(\d+)\]$/.exec(text.trim());
  return m ? { label: m[1] ?? '', nth: Math.max(1, Number(m[2])) } : { label: text.trim(), nth: 1 };
}

/** Quotes a value for a line when it needs it (spaces, quotes, backslashes or line breaks). */
export function quote(value: string): string {
  if (value !== '' && !/[\s"\\]/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

export class Targets {
  /** Threads Discord reported created (the bot's cache may not have them yet). */
  private readonly created = new Set<string>();

  constructor(private readonly h: Harness) {
    h.emu.events.on('threadCreate', (c: EmuChannel) => this.created.add(c.id));
    h.emu.events.on('channelDelete', (c: EmuChannel) => this.created.delete(c.id));
  }

  /** The table channel, then the threads the bot knows of that this user can see, oldest first. */
  channels(userId: string): EmuChannel[] {
    const cached = this.h.bot.client.channels.cache.filter((c) => c.isThread()).map((c) => c.id);
    const threads = [...new Set([...cached, ...this.created])]
      .filter((id) => this.known(id) && this.h.emu.canSee(userId, id))
      .map((id) => this.h.emu.channel(id))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    return [this.h.emu.channel(this.h.channel.id), ...threads];
  }

  private known(id: string): boolean {
    try {
      this.h.emu.channel(id);
      return true;
    } catch {
      return false;
    }
  }

  /** The channel a line names (`in "Spades · Kingpin"`): the newest this user sees by that name. */
  channelNamed(userId: string, name: string): EmuChannel {
    const wanted = name.replace(/^#/, '');
    const found = this.channels(userId)
      .reverse()
      .find((c) => same(c.name, wanted));
    if (!found)
      throw new Error(
        `No channel "${wanted}" that ${this.nameOf(userId)} can see; there are: ${this.channels(userId)
          .map((c) => c.name)
          .join(', ')}.`,
      );
    return found;
  }

  nameOf(userId: string): string {
    if (userId === this.h.admin.id) return 'admin';
    return [...this.h.users.values()].find((u) => u.id === userId)?.username ?? userId;
  }

  /** Where each user last clicked or selected. */
  private readonly lastChannel = new Map<string, string>();

  /** The user acted in this channel or thread: their next lines look there first. */
  visited(userId: string, channelId: string): void {
    this.lastChannel.set(userId, channelId);
  }

  /**
   * Newest first: the messages this user can see in the table channel and its threads, those of
   * the channel or thread where they last clicked or selected first. A player keeps looking at
   * their own table: another table's board posted meanwhile (a computer table's round, which
   * runs on the clock, and so on real time too) does not take their click.
   */
  visible(userId: string): EmuMessage[] {
    const here = this.lastChannel.get(userId);
    return this.channels(userId)
      .flatMap((c) => this.h.emu.visibleMessages(userId, c.id))
      .sort(
        (a, b) =>
          Number(b.channelId === here) - Number(a.channelId === here) ||
          b.createdAt - a.createdAt ||
          (a.id < b.id ? 1 : -1),
      );
  }

  /** Every component of the user's visible messages, newest message first, in layout order. */
  private components(userId: string): Target[] {
    return this.visible(userId).flatMap((message) =>
      [...allComponents(message.components)].map((component) => ({ message, component })),
    );
  }

  /** Enabled buttons with this label, newest first; and the labels of every button seen. */
  buttons(userId: string, label: string): { found: Target[]; labels: string[] } {
    const all = this.components(userId).filter((t) => t.component.type === 2);
    return {
      found: all.filter((t) => same(t.component.label, label) && t.component.disabled !== true),
      labels: [...new Set(all.map((t) => String(t.component.label)))],
    };
  }

  /** Select menus offering every one of these option labels, newest first, with the values they stand for. */
  selects(userId: string, labels: string[]): { found: (Target & { values: string[] })[]; options: string[] } {
    const all = this.components(userId).filter((t) => t.component.type === 3);
    const options: string[] = [];
    const found: (Target & { values: string[] })[] = [];
    for (const t of all) {
      const offered = (t.component.options ?? []) as Json[];
      options.push(...offered.map((o) => String(o.label)));
      const values = labels.map((l) => offered.find((o) => same(o.label, l))?.value);
      if (values.every((v) => v !== undefined)) found.push({ ...t, values: values.map(String) });
    }
    return { found, options: [...new Set(options)] };
  }
}

/** A form's fields: a Label (type 18) carries the label for its one input; a classic row's input its own. */
export function modalFields(modal: APIModalInteractionResponseCallbackData): { id: string; label: string }[] {
  return modal.components.flatMap((raw) => {
    const row = raw as unknown as Json;
    if (row.type === 18) {
      const inner = row.component as Json | undefined;
      return inner ? [{ id: String(inner.custom_id), label: String(row.label) }] : [];
    }
    return ((row.components ?? []) as Json[]).map((c) => ({
      id: String(c.custom_id),
      label: String(c.label),
    }));
  });
}
