/**
 * The sandbox's little language, one line at a time:
 *
 *   @alice /game start game:item-collection seed:42   a slash command (options as name:value)
 *   @bob click Join                                   the newest button with that label bob can see
 *   @bob click My view [2]                            the second newest one so labelled
 *   @alice select Q♥                                  the newest select option with that label (a | b for several)
 *   @alice modal Note="A reason"                      fill the form the bot last showed alice ("\"" and "\n" in quotes)
 *   @alice modal what=play rank=K                     a menu in a form: its id or label, then an option's value or label
 *   @carol say hello everyone                         chat in the channel
 *   @carol in "Spades · Kingpin" say hi               chat (or a slash command) in a thread, by its name
 *   wait 2h                                           move the clock (s, m, h, d)
 *   expect <text>                                     the output since the last command must contain text
 *   # a comment
 *
 * Every message the bot sends is printed with who can see it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIModalInteractionResponseCallbackData } from 'discord.js';
import { formatDuration } from '../bot/discord/board.ts';
import type { EmuMessage } from './emulator/index.ts';
import { renderMessageText } from './emulator/index.ts';
import type { Harness } from './harness.ts';
import { modalFields, splitOrdinal, Targets, type Json } from './script-targets.ts';

export class ScriptError extends Error {}

/** How many times `wait … until` waits before it gives up. */
const MAX_WAITS = 200;

/** Discord's USER and MENTIONABLE option types. */
const USER_OPTION_TYPES = new Set([6, 9]);

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match) throw new ScriptError(`"${text}" is not a duration such as 90s, 3m, 2h or 1d.`);
  return Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1000);
}

/**
 * Splits on spaces, keeping "quoted text" (and name:"quoted text") together; inside quotes
 * \" is a quote, \\ a backslash and \n a line break.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g;
  const unquote = (_: string, inner: string): string =>
    inner.replace(/\\(["\\n])/g, (__, c: string) => (c === 'n' ? '\n' : c));
  for (const m of text.matchAll(re)) tokens.push(m[0].replace(/"((?:[^"\\]|\\.)*)"/g, unquote));
  return tokens;
}

/** The open form of a user, as the bot last showed it. */
export interface OpenModal {
  modal: APIModalInteractionResponseCallbackData;
  messageId?: string | undefined;
}

export class ScriptRunner {
  private output: string[] = [];
  private readonly modals = new Map<string, OpenModal>();
  private readonly names: Map<string, string>;
  readonly targets: Targets;

  private readonly savedPictures = new Set<string>();

  constructor(
    private readonly h: Harness,
    private readonly print: (line: string) => void,
    /** Where to write every picture the bot sends (`NNN-<channel>-<kind>.png`); none when absent. */
    private readonly picturesDir?: string,
    /** Interactive sessions also print a file:// link to open each picture. */
    private readonly linkPictures = false,
  ) {
    this.targets = new Targets(h);
    this.names = new Map([...h.users.values()].map((u) => [u.id, u.username]));
    this.names.set(h.admin.id, 'admin');
    const show = (verb: string) => (m: EmuMessage) => this.show(verb, m);
    h.emu.events.on('messageCreate', show(''));
    h.emu.events.on('messageUpdate', show(' (edited)'));
    h.emu.events.on('restError', (e: { method: string; path: string; status: number; body: unknown }) =>
      this.emit(
        `!! Discord refused ${e.method} ${e.path.replace(/\/[\w-]{60,}/g, '/…')}: ${e.status} ${JSON.stringify(e.body)}`,
      ),
    );
  }

  private emit(line: string): void {
    this.output.push(line);
    this.print(line);
  }

  private humanize(text: string): string {
    return text
      .replace(/<@!?(\d+)>/g, (_, id: string) => `@${this.names.get(id) ?? id}`)
      .replace(
        /<#(\d+)>/g,
        (_, id: string) => `#${this.h.emu.messages(id).length >= 0 ? (this.channelName(id) ?? id) : id}`,
      )
      .replace(/<t:(\d+):R>/g, (_, s: string) => {
        const exact = Number(s) * 1000 - this.h.clock.now();
        // Discord shows a relative time coarsely ("in 2 days"): an hour or more to the minute, so
        // the seconds a message spent crossing the network do not show as "47h 59m 58s".
        const ms = Math.abs(exact) >= 3_600_000 ? Math.round(exact / 60_000) * 60_000 : exact;
        return ms >= 0 ? `in ${formatDuration(ms)}` : `${formatDuration(-ms)} ago`;
      });
  }

  private channelName(id: string): string | undefined {
    return id === this.h.channel.id ? this.h.channel.name : `thread-${id.slice(-4)}`;
  }

  /** Where a message is posted, as its reader sees it: `#table`, `#thread-1234` or `DM to bob`. */
  private placeOf(channelId: string): string {
    const recipient = this.h.emu.channel(channelId).recipientId;
    if (recipient !== undefined) return `DM to ${this.names.get(recipient) ?? recipient}`;
    return `#${this.channelName(channelId)}`;
  }

  private show(verb: string, m: EmuMessage): void {
    if (m.authorId !== this.h.emu.botUserId) return;
    const text = renderMessageText(m);
    // A deferred reply is blank until the bot fills it in; the edit is what people see.
    if (!text.trim()) return;
    const where = m.ephemeralTo
      ? `only ${this.names.get(m.ephemeralTo) ?? m.ephemeralTo} sees`
      : this.placeOf(m.channelId);
    const body = this.humanize(text)
      .split('\n')
      .map((l) => `    ${l}`);
    this.emit(`  [${where}]${verb}\n${[...body, ...this.savePictures(m)].join('\n')}`);
    // Discord would show these as raw characters: say so where the reader sees the message.
    if (m.markdownWarnings) this.emit(`  ⚠ Discord shows raw text here: ${m.markdownWarnings.join('; ')}`);
  }

  /** Writes the message's new pictures to the pictures folder; returns transcript lines naming them. */
  private savePictures(m: EmuMessage): string[] {
    if (this.picturesDir === undefined) return [];
    const lines: string[] = [];
    for (const a of m.attachments) {
      if (this.savedPictures.has(a.id) || !a.filename.endsWith('.png')) continue;
      this.savedPictures.add(a.id);
      mkdirSync(this.picturesDir, { recursive: true });
      const n = String(this.savedPictures.size).padStart(3, '0');
      const file = join(
        this.picturesDir,
        `${n}-${this.channelName(m.channelId) ?? m.channelId}-${a.filename}`,
      );
      writeFileSync(file, a.data);
      lines.push(`    🖼 picture saved: ${file}`);
      if (this.linkPictures) lines.push(`    open it: ${pathToFileURL(resolve(file)).href}`);
    }
    return lines;
  }

  /** Runs one line; throws ScriptError when it cannot be carried out. */
  async line(raw: string): Promise<void> {
    const text = raw.trim();
    if (!text || text.startsWith('#')) return;
    if (text.startsWith('expect ')) return this.expect(text.slice('expect '.length).trim());
    this.output = [];
    this.print(`> ${text}`);
    if (text.startsWith('wait ')) return this.wait(text.slice(5));
    // The bot stops and starts again, as in a deploy; `down 3d` keeps it stopped while time passes.
    if (text === 'restart' || text.startsWith('down ')) {
      const downFor = text === 'restart' ? 0 : parseDuration(text.slice(5));
      try {
        await this.h.restartBot(downFor);
      } catch (err) {
        throw new ScriptError(err instanceof Error ? err.message : String(err));
      }
      // Deadlines that fell due while it was down fire now, before the next line.
      await this.h.clock.advance(0);
      await this.h.settle();
      return;
    }
    const match = /^@(\S+)\s+(?:in\s+("(?:[^"\\]|\\.)*"|\S+)\s+)?(\S+)\s*(.*)$/.exec(text);
    if (!match) throw new ScriptError('Lines start with @user, wait, restart, down, expect or #.');
    const [, name = '', where, verb = '', rest = ''] = match;
    const user = this.h.user(name);
    const channelId = where ? this.channelIn(user.id, where) : this.h.channel.id;
    if (verb.startsWith('/')) await this.slash(user.id, channelId, verb.slice(1), rest);
    else if (verb === 'click') await this.click(user.id, rest);
    else if (verb === 'select') await this.select(user.id, rest);
    else if (verb === 'modal') await this.modal(user.id, rest);
    else if (verb === 'say') await this.h.emu.say(user.id, channelId, rest);
    else throw new ScriptError(`Unknown verb "${verb}": use /command, click, select, modal or say.`);
    await this.h.settle();
  }

  /**
   * `wait 2h` moves the clock; `wait 1d until "debrief"` does so again and again (at most
   * MAX_WAITS times) until the text appears, for games that run over days.
   */
  private async wait(rest: string): Promise<void> {
    const [, step = '', until] = /^(\S+)(?:\s+until\s+(.+))?$/.exec(rest.trim()) ?? [];
    const ms = parseDuration(step);
    const needle = until
      ?.trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    for (let i = 0; i < (needle ? MAX_WAITS : 1); i++) {
      await this.h.clock.advance(ms);
      await this.h.settle();
      if (needle && this.output.join('\n').toLowerCase().includes(needle)) return;
    }
    if (needle) throw new ScriptError(`Waited ${MAX_WAITS} × ${step}; "${needle}" never appeared.`);
  }

  private channelIn(userId: string, where: string): string {
    try {
      return this.targets.channelNamed(userId, tokenize(where)[0] ?? where).id;
    } catch (err) {
      throw new ScriptError(err instanceof Error ? err.message : String(err));
    }
  }

  /** The form the bot last showed this user and that they have not sent yet. */
  openModal(userId: string): OpenModal | undefined {
    return this.modals.get(userId);
  }

  private expect(needle: string): void {
    const seen = this.output.join('\n');
    if (!seen.toLowerCase().includes(needle.toLowerCase()))
      throw new ScriptError(`Expected to see "${needle}" in the output of the last line.`);
  }

  private remember(
    userId: string,
    handle: { modal?: APIModalInteractionResponseCallbackData; message?: EmuMessage },
    messageId?: string,
  ): void {
    if (handle.modal) {
      this.modals.set(userId, { modal: handle.modal, messageId });
      this.emit(
        `  [only ${this.names.get(userId)} sees] form "${handle.modal.title}": ${modalFields(handle.modal)
          .map((f) => f.label)
          .join(', ')}`,
      );
    }
  }

  private async slash(userId: string, channelId: string, command: string, rest: string): Promise<void> {
    const tokens = tokenize(rest);
    const registered = this.h.emu.commands(this.h.guild.id).find((c) => c.name === command);
    if (!registered)
      throw new ScriptError(
        `No command /${command}; there are ${this.h.emu
          .commands(this.h.guild.id)
          .map((c) => `/${c.name}`)
          .join(', ')}.`,
      );
    const topLevel = ((registered as unknown as Json).options ?? []) as Json[];
    const subs = topLevel.filter((o) => o.type === 1).map((o) => String(o.name));
    let subcommand: string | undefined;
    if (subs.length) {
      subcommand = tokens.shift();
      if (!subcommand || !subs.includes(subcommand))
        throw new ScriptError(`/${command} needs one of: ${subs.join(', ')}.`);
    }
    const declared = subcommand
      ? ((topLevel.find((o) => o.name === subcommand)?.options ?? []) as Json[])
      : topLevel;
    const options: Record<string, string> = {};
    for (const token of tokens) {
      const at = token.indexOf(':');
      if (at < 1) throw new ScriptError(`Options are written name:value ("${token}" is not).`);
      const name = token.slice(0, at);
      const value = token.slice(at + 1);
      // A user option takes a user (picked from Discord's list); in a text option, as in Discord's
      // client, @name becomes a mention.
      options[name] = USER_OPTION_TYPES.has(Number(declared.find((o) => o.name === name)?.type))
        ? /^\d+$/.test(value)
          ? value
          : this.h.user(value.replace(/^@/, '')).id
        : value.replace(/@(\w+)/g, (m, who: string) => {
            const user = this.h.users.get(who);
            return user ? `<@${user.id}>` : m;
          });
    }
    const handle = await this.h.emu.slash(userId, channelId, command, {
      ...(subcommand ? { subcommand } : {}),
      options,
    });
    this.remember(userId, handle);
  }

  private async click(userId: string, text: string): Promise<void> {
    const { label, nth } = splitOrdinal(text);
    const { found, labels } = this.targets.buttons(userId, label);
    const target = found[nth - 1];
    if (!target)
      throw new ScriptError(
        found.length > 0
          ? `${this.names.get(userId)} sees ${found.length} button(s) "${label}", not ${nth}.`
          : `No button "${label}" visible to ${this.names.get(userId)}; there are: ${labels.join(', ') || 'none'}.`,
      );
    this.targets.visited(userId, target.message.channelId);
    const handle = await this.h.emu.click(userId, target.message.id, String(target.component.custom_id));
    this.remember(userId, handle, target.message.id);
  }

  private async select(userId: string, text: string): Promise<void> {
    const { label: labels, nth } = splitOrdinal(text);
    const wanted = labels.split('|').map((l) => l.trim());
    const { found, options } = this.targets.selects(userId, wanted);
    const target = found[nth - 1];
    if (!target)
      throw new ScriptError(
        found.length > 0
          ? `${this.names.get(userId)} sees ${found.length} menu(s) offering "${labels}", not ${nth}.`
          : `No menu offers "${labels}" to ${this.names.get(userId)}; options are: ${options.join(', ') || 'none'}.`,
      );
    const { message, component, values } = target;
    this.targets.visited(userId, message.channelId);
    const handle = await this.h.emu.select(userId, message.id, String(component.custom_id), values);
    this.remember(userId, handle, message.id);
  }

  private async modal(userId: string, rest: string): Promise<void> {
    const open = this.modals.get(userId);
    if (!open) throw new ScriptError(`No form is open for ${this.names.get(userId)}.`);
    const fields = modalFields(open.modal);
    const values: Record<string, string> = {};
    for (const token of tokenize(rest)) {
      const eq = token.indexOf('=');
      const key = token.slice(0, eq).toLowerCase();
      const field = fields.find((f) => f.id.toLowerCase() === key || f.label.toLowerCase() === key);
      if (eq < 1 || !field)
        throw new ScriptError(
          `The form has fields: ${fields.map((f) => f.label).join(', ')} (write Field="value").`,
        );
      values[field.id] = token.slice(eq + 1);
    }
    this.modals.delete(userId);
    await this.h.emu.submitModal(userId, this.h.channel.id, open.modal.custom_id, values, open.messageId);
  }
}

/** Runs a whole script; returns the failing line number (1-based) and reason, or null. */
export async function runScript(
  h: Harness,
  script: string,
  print: (line: string) => void,
  picturesDir?: string,
): Promise<{ line: number; error: string } | null> {
  const runner = new ScriptRunner(h, print, picturesDir);
  const lines = script.split('\n');
  for (const [i, line] of lines.entries()) {
    try {
      await runner.line(line);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      print(`✗ line ${i + 1}: ${error}`);
      return { line: i + 1, error };
    }
  }
  return null;
}
