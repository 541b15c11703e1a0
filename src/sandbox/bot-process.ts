/**
 * A bot running in another process (`npm start`, a shard manager, the stress script's bot)
 * against an emulator this process runs: its JSON log lines are read to know when it is ready,
 * and users act through the emulator, polling for the bot's answers (they land a little later
 * than in one process). Used by the sharding test and the stress script's SIGKILL section.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { DiscordEmulator, EmuChannel, EmuMessage, EmuUser } from './emulator/index.ts';
import { allComponents } from './emulator/index.ts';

export interface LogLine {
  msg?: string;
  shard?: number;
  pid?: number;
  guilds?: number;
  [field: string]: unknown;
}

/** The child process and everything it (and any shard it starts) logs. */
export class BotProcess {
  readonly lines: LogLine[] = [];
  /** Shard processes a shard manager started (they are stopped too). */
  readonly pids = new Set<number>();
  private waiters: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];

  constructor(readonly child: ChildProcess) {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (text) => {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        return;
      }
      this.lines.push(line);
      if (line.msg === 'shard process started' && line.pid) this.pids.add(line.pid);
      for (const w of [...this.waiters])
        if (w.test(line)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(line);
        }
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The next log line (from now on) that passes `test`. */
  next(test: (l: LogLine) => boolean, what: string, ms = 90_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      this.waiters.push({
        test,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  }

  /** Resolves once the process has exited. */
  exited(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  /** SIGTERM (a manager stops its shards); resolves when every process is gone. */
  async stop(): Promise<void> {
    if (this.running) {
      const exited = this.exited();
      this.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    if (this.running) this.child.kill('SIGKILL');
    for (const pid of this.pids) {
      try {
        process.kill(pid, 'SIGKILL'); // only if one outlived its manager
      } catch {
        // already gone
      }
    }
  }
}

/**
 * Runs `entry` (a TypeScript file that starts a bot) as `node --import tsx`, so the process is
 * the bot itself (a SIGKILL reaches it, not a wrapper), with only `env` and PATH set. Its
 * stdout is read as JSON log lines; its stderr is passed through.
 */
export function spawnBot(entry: string, env: Record<string, string>): BotProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env['PATH'], ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new BotProcess(child);
}

/** Polls `find` (the bot answers from another process, so its posts land a little later). */
export async function eventually<T>(find: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Newest first: what the user sees in the channel. */
export const visible = (e: DiscordEmulator, user: EmuUser, channel: EmuChannel): EmuMessage[] =>
  [...e.visibleMessages(user.id, channel.id)].reverse();

/** The newest enabled button (type 2) or select option (type 3) of that label the user sees. */
export function control(e: DiscordEmulator, user: EmuUser, channel: EmuChannel, type: 2 | 3, label: string) {
  for (const m of visible(e, user, channel))
    for (const c of allComponents(m.components)) {
      if (c.type !== type || c.disabled === true) continue;
      if (type === 2 && c.label === label) return { message: m, customId: String(c.custom_id), value: '' };
      const option = ((c.options ?? []) as { label: string; value: string }[]).find((o) => o.label === label);
      if (option) return { message: m, customId: String(c.custom_id), value: option.value };
    }
  return undefined;
}

/** Clicks the newest button of that label, once the bot has shown it. */
export async function click(e: DiscordEmulator, user: EmuUser, channel: EmuChannel, label: string) {
  const c = await eventually(
    () => control(e, user, channel, 2, label),
    `button "${label}" for ${user.username}`,
  );
  return e.click(user.id, c.message.id, c.customId);
}

/** Picks the newest select option of that label, once the bot has shown it. */
export async function select(e: DiscordEmulator, user: EmuUser, channel: EmuChannel, label: string) {
  const c = await eventually(
    () => control(e, user, channel, 3, label),
    `option "${label}" for ${user.username}`,
  );
  return e.select(user.id, c.message.id, c.customId, [c.value]);
}
