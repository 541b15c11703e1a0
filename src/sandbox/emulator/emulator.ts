/**
 * A loopback Discord for the real, unmodified discord.js client: REST under /api/v10 and the
 * gateway at /gateway on one 127.0.0.1 port. Tests build a world (guilds, channels, users),
 * act as users (slash commands, clicks, modals, chat) and read back what the bot did.
 *
 * This class is the public face; the work lives in world-building.ts, acting.ts,
 * test-controls.ts, http-server.ts and gateway-hooks.ts.
 */
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';
import { SystemClock } from '../../bot/kernel/clock.ts';
import type { Clock } from '../clock.ts';
import { UserActs } from './acting.ts';
import type { Options } from './acting.ts';
import type { CommandOverride } from './command-access.ts';
import { CommandStore } from './commands.ts';
import type { Core } from './context.ts';
import { Faults } from './faults.ts';
import type { FaultSpec, RateLimitSpec } from './faults.ts';
import type { Gateway } from './gateway.ts';
import { newGateway, SessionStarts } from './gateway-hooks.ts';
import { RestServer } from './http-server.ts';
import { InteractionEngine } from './interactions.ts';
import { Latency, resolveLatency } from './latency.ts';
import type { LatencyProfile } from './latency.ts';
import { allRoutes } from './routes.ts';
import { SnowflakeFactory } from './snowflake.ts';
import * as controls from './test-controls.ts';
import type { EmuChannel, EmuGuild, EmuMessage, EmuRole, EmuUser, InteractionHandle } from './types.ts';
import * as build from './world-building.ts';
import { BOT_ROLE_PERMISSIONS, World } from './world.ts';

export interface DiscordEmulatorOptions {
  clock?: Clock;
  token?: string;
  applicationId?: string;
  botUsername?: string;
  /** What `GET /gateway/bot` recommends (discord.js `shards: 'auto'`, ShardingManager). */
  shards?: number;
  heartbeatIntervalMs?: number;
  /** What the bot's own role grants in each new guild; default: the README's invite permissions. */
  botPermissions?: bigint;
  /**
   * The network's delays and 429s (latency.ts): `'instant'`, `'realistic'`, a path to a JSON
   * profile, or a profile. Absent: `DISCORD_LATENCY` decides, and without it, instant.
   */
  latency?: string | LatencyProfile;
  /** Seeds the latency draws; absent: `DISCORD_LATENCY_SEED`, else the profile's own seed. */
  latencySeed?: number;
  /**
   * Markdown Discord does not render (tables, #### headings…): `'strict'` (default) refuses the
   * message with 50035 naming the construct; `'lenient'` sends it with a warning, as Discord does.
   */
  markdown?: 'strict' | 'lenient';
}

export class DiscordEmulator {
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly events = new EventEmitter();
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #core: Core;
  readonly #commands: CommandStore;
  readonly #interactions: InteractionEngine;
  readonly #acts: UserActs;
  readonly #rest: RestServer;
  readonly #botPermissions: bigint;
  readonly #faults = new Faults();
  readonly #latency: Latency;
  #server: Server | undefined;
  #port = 0;

  constructor(opts: DiscordEmulatorOptions = {}) {
    const clock = opts.clock ?? new SystemClock();
    const ids = new SnowflakeFactory(() => clock.now());
    this.#world = new World(ids);
    this.token = opts.token ?? 'sandbox-token';
    this.applicationId = opts.applicationId ?? ids.next();
    const botUsername = opts.botUsername ?? 'Tradecraft';
    // Discord gives a bot user the same id as its application.
    this.botUserId = this.applicationId;
    this.#world.users.set(this.botUserId, { id: this.botUserId, username: botUsername, bot: true });
    this.#botPermissions = opts.botPermissions ?? BOT_ROLE_PERMISSIONS;
    const gatewayUrl = (): string => `ws://127.0.0.1:${this.#port}/gateway`;
    const shards = opts.shards ?? 1;
    // max_concurrency ≥ shards lets every shard identify at once (no 5 s wait between them).
    const starts = new SessionStarts(clock, Math.max(16, shards));
    this.#gateway = newGateway({
      world: this.#world,
      clock,
      ids,
      token: this.token,
      applicationId: this.applicationId,
      botUserId: this.botUserId,
      heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
      starts,
      gatewayUrl,
    });
    this.#core = {
      world: this.#world,
      gateway: this.#gateway,
      clock,
      events: this.events,
      token: this.token,
      applicationId: this.applicationId,
      botUserId: this.botUserId,
      baseUrl: () => `http://127.0.0.1:${this.#port}`,
      markdown: opts.markdown ?? 'strict',
    };
    this.#commands = new CommandStore(this.#core);
    this.#interactions = new InteractionEngine(this.#core);
    this.#acts = new UserActs(this.#core, this.#commands, this.#interactions);
    const envSeed = process.env.DISCORD_LATENCY_SEED;
    if (envSeed && !Number.isInteger(Number(envSeed)))
      throw new Error(`DISCORD_LATENCY_SEED=${envSeed}: the seed is an integer.`);
    this.#latency = new Latency(
      resolveLatency(opts.latency ?? process.env.DISCORD_LATENCY),
      opts.latencySeed ?? (envSeed ? Number(envSeed) : undefined),
    );
    this.#rest = new RestServer({
      world: this.#world,
      events: this.events,
      faults: this.#faults,
      latency: this.#latency,
      clock,
      token: this.token,
      routes: allRoutes(
        this.#core,
        { shards, sessionStartLimit: () => starts.info(), botUsername, gatewayUrl },
        this.#commands,
        this.#interactions,
      ),
    });
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  /**
   * Requests served so far: all REST requests, interactions delivered, and the REST budget: the
   * requests Discord counts against the bot's global 50/s (`globalBound`) and those to interaction
   * endpoints, which it does not (`interactionRoutes`). A wait the client's own limiter imposes is
   * never seen here (discord.js holds the request back): the harness counts those (harness.ts).
   */
  get stats(): {
    restRequests: number;
    interactions: number;
    globalBound: number;
    interactionRoutes: number;
  } {
    return {
      restRequests: this.#rest.restRequests,
      interactions: this.#interactions.count,
      globalBound: this.#rest.globalBound,
      interactionRoutes: this.#rest.interactionRoutes,
    };
  }

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => void this.#rest.handle(req, res));
    this.#gateway.attach(server, '/gateway');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  /** The network profile in use (`instant` unless one was chosen). */
  get latencyProfile(): LatencyProfile {
    return this.#latency.profile;
  }

  /** The network's profile from now on (`'instant'`, `'realistic'`, a JSON file's path, or a profile). */
  setLatency(latency: string | LatencyProfile, seed?: number): void {
    this.#latency.use(resolveLatency(latency), seed);
  }

  async stop(): Promise<void> {
    this.#interactions.abandonAll();
    await this.#gateway.close();
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await this.#rest.drain();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ── world building ────────────────────────────────────────────────────────────────────────

  createGuild(input: { name: string; id?: string; ownerId?: string }): EmuGuild {
    return build.createGuild(this.#core, this.#botPermissions, input);
  }

  createChannel(guildId: string, input: { name: string; id?: string; type?: 'text' }): EmuChannel {
    return build.createChannel(this.#core, guildId, input);
  }

  /** A moderator deletes a channel (and its threads): CHANNEL_DELETE, then 10003 for anything sent there. */
  deleteChannel(channelId: string): void {
    build.deleteChannel(this.#core, this.#core.world.channel(channelId));
  }

  createUser(input: { username: string; id?: string; bot?: boolean }): EmuUser {
    return build.createUser(this.#core, input);
  }

  addMember(guildId: string, userId: string, input: { roleIds?: string[]; nick?: string } = {}): void {
    build.addMember(this.#core, guildId, userId, input);
  }

  createRole(guildId: string, input: { name: string; permissions: bigint; id?: string }): EmuRole {
    return build.createRole(this.#core, guildId, input);
  }

  /**
   * Bytes of the uploaded files the emulator holds (every attachment of every message, deleted
   * ones included, as Discord's CDN would): a benchmark running the bot in the same process
   * subtracts them to see what the bot itself keeps.
   */
  attachmentBytes(): number {
    let bytes = 0;
    for (const message of this.#world.messages.values())
      for (const file of message.attachments) bytes += file.data.byteLength;
    return bytes;
  }

  findUser(username: string): EmuUser | undefined {
    return [...this.#world.users.values()].find((u) => u.username === username);
  }

  findChannel(name: string): EmuChannel | undefined {
    return [...this.#world.channels.values()].find((c) => c.name === name);
  }

  // ── acting as users ───────────────────────────────────────────────────────────────────────

  slash(
    userId: string,
    channelId: string,
    command: string,
    input: { subcommand?: string; group?: string; options?: Options } = {},
  ): Promise<InteractionHandle> {
    return this.#acts.slash(userId, channelId, command, input);
  }

  autocomplete(
    userId: string,
    channelId: string,
    command: string,
    input: { subcommand?: string; options: Options; focused: string },
  ): Promise<InteractionHandle> {
    return this.#acts.autocomplete(userId, channelId, command, input);
  }

  click(userId: string, messageId: string, customId: string): Promise<InteractionHandle> {
    return this.#acts.click(userId, messageId, customId);
  }

  select(userId: string, messageId: string, customId: string, values: string[]): Promise<InteractionHandle> {
    return this.#acts.select(userId, messageId, customId, values);
  }

  submitModal(
    userId: string,
    channelId: string,
    customId: string,
    fields: Record<string, string>,
    messageId?: string,
  ): Promise<InteractionHandle> {
    return this.#acts.submitModal(userId, channelId, customId, fields, messageId);
  }

  say(userId: string, channelId: string, content: string): Promise<EmuMessage> {
    return this.#acts.say(userId, channelId, content);
  }

  redeliver(handle: InteractionHandle): void {
    this.#interactions.redeliver(handle);
  }

  dropConnection(): void {
    this.#gateway.dropConnections();
  }

  // ── test controls: permissions, nicknames, DMs, threads, faults ─────────────────────────────

  /** A channel permission overwrite (no bits removes it); see test-controls.ts. */
  setOverwrite(
    channelId: string,
    input: { id: string; type: 'role' | 'member'; allow?: bigint; deny?: bigint },
  ): void {
    controls.setOverwrite(this.#core, channelId, input);
  }

  setRolePermissions(roleId: string, permissions: bigint): void {
    controls.setRolePermissions(this.#core, roleId, permissions);
  }

  /** The bot's own (managed) role in a guild. */
  botRole(guildId: string): EmuRole {
    return controls.botRole(this.#core, guildId);
  }

  /** Application command permission overrides (Server Settings → Integrations) for one command. */
  setCommandPermissions(guildId: string, commandName: string, overrides: CommandOverride[]): void {
    this.#acts.commandOverrides.set(`${guildId}:${commandName}`, overrides);
  }

  setNick(guildId: string, userId: string, nick: string | undefined): void {
    controls.setNick(this.#core, guildId, userId, nick);
  }

  /** A user who refuses DMs: the bot's messages to them answer 50007. */
  setDmsClosed(userId: string, closed: boolean): void {
    this.#world.user(userId).dmsClosed = closed;
  }

  /** Archives/unarchives or locks/unlocks a thread as a moderator would (THREAD_UPDATE). */
  setThreadState(threadId: string, state: { archived?: boolean; locked?: boolean }): void {
    controls.setThreadState(this.#core, threadId, state);
  }

  /** Rate limits (429) per route bucket and globally; `undefined` turns them off (the default). */
  setRateLimits(spec: RateLimitSpec | undefined): void {
    this.#faults.setRateLimits(spec);
  }

  /** The next matching request(s) fail with `status` or are answered after `delayMs`. */
  injectFault(spec: FaultSpec): void {
    this.#faults.inject(spec);
  }

  channel(id: string): EmuChannel {
    return this.#world.channel(id);
  }

  /** The bot's permissions in a channel, overwrites applied (what app_permissions carries). */
  /** Whether a user can see a channel at all (View Channel; a private thread's membership). */
  canSee(userId: string, channelId: string): boolean {
    return this.#world.permissionsIn(channelId, userId) !== 0n;
  }

  /** Who has joined a thread (a private thread's members see it), in joining order. */
  threadMembers(threadId: string): string[] {
    return (this.#world.channel(threadId).members ?? []).map((m) => m.userId);
  }

  botPermissionsIn(channelId: string): bigint {
    return this.#world.permissionsIn(channelId, this.botUserId);
  }

  // ── what happened ─────────────────────────────────────────────────────────────────────────

  /** Every message of the channel in order, ephemeral and deleted ones included (see `deleted`). */
  messages(channelId: string): EmuMessage[] {
    return this.#world.messagesIn(channelId);
  }

  /** What the user sees: public messages and their own ephemeral ones, without deleted ones. */
  visibleMessages(userId: string, channelId: string): EmuMessage[] {
    if (this.canSee(userId, channelId) === false && this.channel(channelId).type === 12) return [];
    return this.messages(channelId).filter(
      (m) => !m.deleted && (m.ephemeralTo === undefined || m.ephemeralTo === userId),
    );
  }

  message(id: string): EmuMessage | undefined {
    return this.#world.messages.get(id);
  }

  commands(guildId?: string): RESTPostAPIApplicationCommandsJSONBody[] {
    return this.#commands.list(guildId);
  }

  /**
   * Resolves when no REST request is in flight, every request answered 429 has been sent again,
   * and none arrived for ~20 ms of real time, counted from the call at the earliest so that a
   * bot about to answer gets the chance.
   */
  waitForIdle(quietMs = 20): Promise<void> {
    return this.#rest.waitForIdle(quietMs);
  }
}
