/**
 * A whole Tradecraft world in one process: the Discord emulator, a guild with a #table channel
 * and a cast of users, and the production bot pointed at the emulator. Used by the sandbox,
 * the end-to-end tests and the benchmark.
 */
import { RESTEvents } from 'discord.js';
import type Keyv from 'keyv';
import { createBot, type Bot } from '../bot/app/app.ts';
import { GATE_BEHIND_BOARDS } from '../bot/app/rest-budget.ts';
import { createLogger, type Logger } from '../bot/kernel/logger.ts';
import { buildCommands } from '../commands/index.ts';
import type { AnyEngine } from '../games/contract.ts';
import { GAMES } from '../games/index.ts';
import { openKeyv } from '../storage/keyv-store.ts';
import { AdjustableClock } from './clock.ts';
import { DiscordEmulator, type EmuChannel, type EmuGuild, type EmuUser } from './emulator/index.ts';

export const CAST = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'] as const;

/**
 * The world's ids are the same in every run (snowflakes of one fixed instant, numbered in the
 * order the harness makes them), so a game kept in the store (`npm run sandbox -- --keep`) finds
 * its server, channel and players again in the next run.
 */
function stableIds(): () => string {
  const at = BigInt(Date.UTC(2025, 0, 1) - 1_420_070_400_000);
  let n = 0n;
  return () => ((at << 22n) | ++n).toString();
}

export interface HarnessOptions {
  /** keyv store URL; default an in-memory store. */
  storeUrl?: string;
  games?: readonly AnyEngine[];
  users?: readonly string[];
  logger?: Logger;
  /** Epoch ms the clock starts from when that is later than now (a kept sandbox carries on from its last run). */
  startAt?: number | undefined;
  /**
   * The same server, channel, player and bot ids in every run (the sandbox, so a kept store finds
   * its games again). Off by default: tests that share a Redis or PostgreSQL store need ids of
   * their own.
   */
  stableIds?: boolean;
  /** Markdown Discord does not render: refused ('strict', the default) or sent with a warning. */
  markdown?: 'strict' | 'lenient';
}

export class Harness {
  bot!: Bot;
  /**
   * Times a bot request waited for the global 50/s limit since the harness started. discord.js
   * holds such a request back itself, so the emulator never sees the wait; its REST reports it.
   */
  globalLimitWaits = 0;
  /** Of those, requests kept behind boards on purpose (retirements of old boards, lines below one). */
  globalLimitWaitsBehindBoards = 0;
  private keyv!: Keyv;

  private constructor(
    readonly emu: DiscordEmulator,
    readonly clock: AdjustableClock,
    readonly guild: EmuGuild,
    readonly channel: EmuChannel,
    readonly users: ReadonlyMap<string, EmuUser>,
    readonly admin: EmuUser,
    private readonly opts: HarnessOptions,
  ) {}

  static async start(opts: HarnessOptions = {}): Promise<Harness> {
    const clock = new AdjustableClock();
    if (opts.startAt !== undefined && opts.startAt > clock.now())
      await clock.advance(opts.startAt - clock.now());
    const next = opts.stableIds ? stableIds() : undefined;
    const id = (): { id?: string } => (next ? { id: next() } : {});
    // A token shaped like a real one, so the production config check accepts it too.
    const emu = new DiscordEmulator({
      clock,
      token: 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret',
      ...(next ? { applicationId: next() } : {}),
      markdown: opts.markdown ?? 'strict',
    });
    await emu.start();
    // The server owner (who has every permission) is not one of the players.
    const admin = emu.createUser({ username: 'admin', ...id() });
    const guild = emu.createGuild({ name: 'Sandbox', ownerId: admin.id, ...id() });
    emu.addMember(guild.id, admin.id);
    const channel = emu.createChannel(guild.id, { name: 'table', ...id() });
    const users = new Map<string, EmuUser>();
    for (const name of opts.users ?? CAST) {
      const user = emu.createUser({ username: name, ...id() });
      emu.addMember(guild.id, user.id);
      users.set(name, user);
    }
    const harness = new Harness(emu, clock, guild, channel, users, admin, opts);
    await harness.startBot();
    await harness.registerCommands();
    return harness;
  }

  get logger(): Logger {
    return this.opts.logger ?? createLogger({ level: 'silent', format: 'json', secrets: [] });
  }

  /** Starts (or restarts) the bot against the same emulator and store. */
  async startBot(): Promise<void> {
    const logger = this.logger;
    this.keyv = await openKeyv(this.opts.storeUrl ?? 'memory://', {
      log: (level, fields, msg) => logger[level](fields, msg),
    });
    this.bot = createBot({
      token: this.emu.token,
      apiUrl: this.emu.apiUrl,
      keyv: this.keyv,
      games: this.opts.games ?? GAMES,
      commands: buildCommands(this.opts.games ?? GAMES),
      clock: this.clock,
      logger: this.logger,
    });
    this.bot.client.rest.on(RESTEvents.RateLimited, (e) => {
      if (e.global) this.globalLimitWaits += 1;
      if (e.global && e.hash === GATE_BEHIND_BOARDS) this.globalLimitWaitsBehindBoards += 1;
    });
    await this.bot.start();
    // Tests see the tables as the start-up sweep leaves them.
    await this.bot.recovery;
  }

  /**
   * A second bot process on the same emulator and store (a replica, or the next version during a
   * rolling deploy). Discord's gateway broadcasts to both; whichever acknowledges an interaction first handles it.
   */
  async replica(): Promise<Bot> {
    if (!this.opts.storeUrl || this.opts.storeUrl.startsWith('memory'))
      throw new Error('a replica needs a persistent store');
    const bot = createBot({
      token: this.emu.token,
      apiUrl: this.emu.apiUrl,
      keyv: await openKeyv(this.opts.storeUrl),
      games: this.opts.games ?? GAMES,
      commands: buildCommands(this.opts.games ?? GAMES),
      clock: this.clock,
      logger: this.logger,
    });
    await bot.start();
    return bot;
  }

  /**
   * Simulates a crash-free restart: the bot stops (closing its store) and a new one starts,
   * `downForMs` later on the clock (an outage during which deadlines fall due unseen).
   */
  async restartBot(downForMs = 0): Promise<void> {
    if (!this.opts.storeUrl || this.opts.storeUrl.startsWith('memory'))
      throw new Error(
        'A restart needs a store that outlives the bot (the sandbox’s SQLite file), not memory.',
      );
    await this.bot.stop();
    if (downForMs > 0) await this.clock.advance(downForMs);
    await this.startBot();
  }

  async registerCommands(): Promise<void> {
    await this.bot.client.application?.commands.set(
      this.bot.commands.map((c) => c.data),
      this.guild.id,
    );
  }

  user(name: string): EmuUser {
    const user = this.users.get(name) ?? (name === 'admin' ? this.admin : undefined);
    if (!user)
      throw new Error(`No user @${name}; the cast is ${[...this.users.keys()].join(', ')} (and admin).`);
    return user;
  }

  /**
   * Gives or takes permissions from the bot in one channel (a member overwrite, which beats its
   * roles and @everyone), as a server admin would in the channel's settings → Permissions.
   */
  setBotPermissions(input: { allow?: bigint; deny?: bigint }, channelId = this.channel.id): void {
    this.emu.setOverwrite(channelId, { id: this.emu.botUserId, type: 'member', ...input });
  }

  /** Waits until the bot has finished everything it started and Discord is quiet. */
  async settle(): Promise<void> {
    do {
      await this.clock.idle();
      await this.bot.router.idle();
      // Publishing started by the clock (a retry, a deadline) runs outside any interaction.
      await this.bot.tables.publisher.idle();
      await this.emu.waitForIdle();
    } while (this.bot.router.busy);
  }

  async stop(): Promise<void> {
    await this.bot.stop();
    await this.emu.stop();
  }
}
