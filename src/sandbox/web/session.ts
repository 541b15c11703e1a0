/**
 * One sandbox session shared by every browser tab (and the terminal prompt): the script runner
 * carries out each action, one at a time, as a script line; the lines that worked make the
 * transcript; and every tab is told, as its own user, what changed.
 */
import type { APIModalInteractionResponseCallbackData } from 'discord.js';
import type { EmuChannel, EmuMessage } from '../emulator/index.ts';
import type { Harness } from '../harness.ts';
import { ScriptRunner } from '../script.ts';
import { lineFor, LineError, type PageAction } from './lines.ts';
import { Viewer } from './view.ts';

/** A page listening to the session as one user. */
export interface Listener {
  userId: string;
  send(event: string, data: unknown): void;
}

export type ActResult =
  | { ok: true; line: string; modal?: APIModalInteractionResponseCallbackData }
  | { ok: false; error: string; line?: string };

export class WebSession {
  readonly runner: ScriptRunner;
  readonly viewer: Viewer;
  private readonly transcript: string[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly channelsSent = new Map<Listener, string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly h: Harness,
    print: (line: string) => void,
  ) {
    this.runner = new ScriptRunner(h, print);
    this.viewer = new Viewer(h);
    h.emu.events.on('messageCreate', (m: EmuMessage) => {
      this.viewer.observe(m, true);
      this.messageChanged(m);
    });
    h.emu.events.on('messageUpdate', (m: EmuMessage) => {
      this.viewer.observe(m, false);
      this.messageChanged(m);
    });
    h.emu.events.on('messageDelete', (m: EmuMessage) => {
      for (const l of this.listeners) l.send('delete', { id: m.id, channelId: m.channelId });
    });
    h.emu.events.on('threadCreate', (_: EmuChannel) => this.channelsChanged());
    h.emu.events.on('channelDelete', (_: EmuChannel) => this.channelsChanged());
  }

  /** The users a page can be: the cast, then the server owner. */
  get users(): string[] {
    return [...this.h.users.keys(), 'admin'];
  }

  userId(name: string): string {
    return this.h.user(name).id;
  }

  /** Everything a page needs to draw this user's view from scratch. */
  snapshot(userId: string): unknown {
    const channels = this.runner.targets.channels(userId);
    return {
      me: this.viewer.nameOf(userId),
      users: this.users,
      server: this.h.guild.name,
      tableId: this.h.channel.id,
      channels: channels.map((c) => this.viewer.channel(c)),
      messages: channels.flatMap((c) =>
        this.h.emu
          .visibleMessages(userId, c.id)
          .filter((m) => this.viewer.mayRead(userId, m))
          .map((m) => this.viewer.message(userId, m)),
      ),
      commands: this.h.emu.commands(this.h.guild.id),
      now: this.h.clock.now(),
      lines: this.transcript.length,
    };
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    this.channelsSent.set(listener, JSON.stringify(this.channelList(listener.userId)));
    listener.send('snapshot', this.snapshot(listener.userId));
    return () => {
      this.listeners.delete(listener);
      this.channelsSent.delete(listener);
    };
  }

  private channelList(userId: string): unknown[] {
    return this.runner.targets.channels(userId).map((c) => this.viewer.channel(c));
  }

  private channelsChanged(): void {
    for (const l of this.listeners) {
      const now = JSON.stringify(this.channelList(l.userId));
      if (this.channelsSent.get(l) === now) continue;
      this.channelsSent.set(l, now);
      l.send('channels', JSON.parse(now));
    }
  }

  private messageChanged(m: EmuMessage): void {
    // A thread's first message (or a member added to it) can open a channel to someone.
    this.channelsChanged();
    for (const l of this.listeners) {
      if (this.viewer.mayRead(l.userId, m)) l.send('message', this.viewer.message(l.userId, m));
      else if (m.deleted === true) l.send('delete', { id: m.id, channelId: m.channelId });
    }
  }

  /** Runs one action of a page as the script line that does it, after those already queued. */
  act(userId: string, action: PageAction): Promise<ActResult> {
    return this.enqueue(async () => {
      let line: string | undefined;
      try {
        line = lineFor(this.runner.targets, userId, this.h.channel.id, action);
        if (action.type === 'modal') {
          const open = this.runner.openModal(userId);
          if (open?.modal.custom_id !== action.customId) throw new LineError('That form is no longer open.');
        }
        const before = this.runner.openModal(userId);
        await this.runner.line(line);
        this.transcript.push(line);
        const after = this.runner.openModal(userId);
        return after && after !== before ? { ok: true, line, modal: after.modal } : { ok: true, line };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        return line === undefined ? { ok: false, error } : { ok: false, error, line };
      } finally {
        this.afterAction();
      }
    });
  }

  /** A line typed at the terminal prompt: run and kept like the page's. */
  line(text: string): Promise<void> {
    return this.enqueue(async () => {
      try {
        await this.runner.line(text);
        const trimmed = text.trim();
        if (trimmed && !trimmed.startsWith('#')) this.transcript.push(trimmed);
      } finally {
        this.afterAction();
      }
    });
  }

  private afterAction(): void {
    this.channelsChanged();
    for (const l of this.listeners)
      l.send('clock', { now: this.h.clock.now(), lines: this.transcript.length });
  }

  /** The autocomplete choices a user is offered while typing an option of a command. */
  async autocomplete(
    userId: string,
    channelId: string,
    input: { command: string; subcommand?: string; options: Record<string, string>; focused: string },
  ): Promise<{ name: string; value: string }[]> {
    const handle = await this.h.emu.autocomplete(userId, channelId, input.command, {
      ...(input.subcommand ? { subcommand: input.subcommand } : {}),
      options: input.options,
      focused: input.focused,
    });
    return (handle.choices ?? []).map((c) => ({ name: c.name, value: String(c.value) }));
  }

  /** The session so far as a script that replays it. */
  script(): string {
    const header = [
      '# A Tradecraft sandbox session saved from the web page.',
      '# Play it with: npm run sandbox -- --script <this file>',
    ];
    return `${[...header, ...this.transcript].join('\n')}\n`;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
