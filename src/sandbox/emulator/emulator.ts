/**
 * A loopback Discord for the real, unmodified discord.js client: REST under /api/v10 and the
 * gateway at /gateway on one 127.0.0.1 port. Tests build a world (guilds, channels, users),
 * act as users (slash commands, clicks, modals, chat) and read back what the bot did.
 */
import { webhookRoutes } from './webhooks.ts';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';
import { SystemClock } from '../../bot/clock.ts';
import type { Clock } from '../clock.ts';
import { apiChannel, apiGuild, apiMember, apiRole, apiUser } from './api-shapes.ts';
import { commandData } from './command-options.ts';
import { CommandStore } from './commands.ts';
import { createMessage, INTENT } from './core.ts';
import type { Core } from './core.ts';
import { Gateway } from './gateway.ts';
import { InteractionEngine, INTERACTION_TYPE } from './interactions.ts';
import { basicRoutes } from './rest-basic.ts';
import { messageRoutes } from './rest-messages.ts';
import { threadMemberRoutes } from './thread-members.ts';
import { readRequest, RestError, sendJson } from './rest-router.ts';
import type { Route } from './rest-router.ts';
import { shardOf, SnowflakeFactory } from './snowflake.ts';
import { EmulatorError } from './types.ts';
import type { EmuChannel, EmuGuild, EmuMessage, EmuRole, EmuUser, InteractionHandle } from './types.ts';
import { buttonClick, modalSubmission, selectChoice } from './user-actions.ts';
import { BOT_ROLE_PERMISSIONS, EVERYONE_PERMISSIONS, World } from './world.ts';
import { checkCommandAccess } from './command-access.ts';
import type { CommandOverride } from './command-access.ts';
import { Faults } from './faults.ts';
import type { FaultSpec, RateLimitSpec } from './faults.ts';
import { announceThread } from './threads.ts';
import type { EmuOverwrite } from './types.ts';

export interface DiscordEmulatorOptions {
  clock?: Clock;
  token?: string;
  applicationId?: string;
  botUsername?: string;
  shards?: number;
  heartbeatIntervalMs?: number;
  /** What the bot's own role grants in each new guild; default: the README's invite permissions. */
  botPermissions?: bigint;
}

type Options = Record<string, string | number | boolean>;

export class DiscordEmulator {
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly events = new EventEmitter();
  readonly #clock: Clock;
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #core: Core;
  readonly #commands: CommandStore;
  readonly #interactions: InteractionEngine;
  readonly #routes: Route[];
  readonly #botPermissions: bigint;
  /** `${guildId}:${commandName}` → application command permission overrides. */
  readonly #commandOverrides = new Map<string, CommandOverride[]>();
  readonly #faults = new Faults();
  #server: Server | undefined;
  #port = 0;
  #restRequests = 0;
  #inFlight = 0;
  #lastActivity = 0;

  constructor(opts: DiscordEmulatorOptions = {}) {
    this.#clock = opts.clock ?? new SystemClock();
    const ids = new SnowflakeFactory(() => this.#clock.now());
    this.#world = new World(ids);
    this.token = opts.token ?? 'sandbox-token';
    this.applicationId = opts.applicationId ?? ids.next();
    const botUsername = opts.botUsername ?? 'Tradecraft';
    // Discord gives a bot user the same id as its application.
    this.botUserId = this.applicationId;
    this.#world.users.set(this.botUserId, { id: this.botUserId, username: botUsername, bot: true });
    const shards = opts.shards ?? 1;
    this.#botPermissions = opts.botPermissions ?? BOT_ROLE_PERMISSIONS;
    this.#gateway = new Gateway({
      token: this.token,
      heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
      newSessionId: () => ids.next(),
      shardOf,
      guildsOf: (shard) => [...this.#world.guilds.keys()].filter((id) => shardOf(id, shard[1]) === shard[0]),
      guildCreate: (guildId) => apiGuild(this.#world, guildId, this.#clock.now(), true, this.botUserId),
      ready: (session) => ({
        v: 10,
        user: { ...apiUser(this.#world.user(this.botUserId)), verified: true, mfa_enabled: false },
        guilds: [...this.#world.guilds.keys()]
          .filter((id) => shardOf(id, session.shard[1]) === session.shard[0])
          .map((id) => ({ id, unavailable: true })),
        session_id: session.id,
        resume_gateway_url: this.#gatewayUrl(),
        shard: session.shard,
        application: { id: this.applicationId, flags: 0 },
        private_channels: [],
        presences: [],
        relationships: [],
        guild_join_requests: [],
        user_settings: {},
        geo_ordered_rtc_regions: [],
        _trace: ['discord-emulator'],
      }),
    });
    this.#core = {
      world: this.#world,
      gateway: this.#gateway,
      clock: this.#clock,
      events: this.events,
      token: this.token,
      applicationId: this.applicationId,
      botUserId: this.botUserId,
      baseUrl: () => `http://127.0.0.1:${this.#port}`,
    };
    this.#commands = new CommandStore(this.#core);
    this.#interactions = new InteractionEngine(this.#core);
    this.#routes = [
      ...basicRoutes(this.#core, { shards, botUsername, gatewayUrl: () => this.#gatewayUrl() }),
      ...this.#commands.routes(),
      ...this.#interactions.routes(),
      // Webhooks (editing and following up answers) read the interactions' records.
      ...webhookRoutes(this.#core, this.#interactions),
      ...messageRoutes(this.#core),
      ...threadMemberRoutes(this.#core),
    ];
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  get stats(): { restRequests: number; interactions: number } {
    return { restRequests: this.#restRequests, interactions: this.#interactions.count };
  }

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => void this.#handle(req, res));
    this.#gateway.attach(server, '/gateway');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.#interactions.abandonAll();
    await this.#gateway.close();
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ── world building ────────────────────────────────────────────────────────────────────────

  createGuild(input: { name: string; id?: string; ownerId?: string }): EmuGuild {
    const guild: EmuGuild = {
      id: input.id ?? this.#world.newId(),
      name: input.name,
      ownerId: input.ownerId ?? this.#world.newId(),
    };
    this.#world.guilds.set(guild.id, guild);
    this.#world.members.set(guild.id, new Map());
    this.#world.roles.set(guild.id, {
      id: guild.id,
      guildId: guild.id,
      name: '@everyone',
      permissions: EVERYONE_PERMISSIONS,
      position: 0,
    });
    const botRole = this.createRole(guild.id, {
      name: this.#world.user(this.botUserId).username,
      permissions: this.#botPermissions,
    });
    this.#world.members
      .get(guild.id)
      ?.set(this.botUserId, { userId: this.botUserId, roleIds: [botRole.id], joinedAt: this.#clock.now() });
    if (input.ownerId && this.#world.users.has(input.ownerId)) this.addMember(guild.id, input.ownerId);
    this.#gateway.dispatch(
      'GUILD_CREATE',
      apiGuild(this.#world, guild.id, this.#clock.now(), true, this.botUserId),
      {
        guildId: guild.id,
        intent: INTENT.guilds,
      },
    );
    return guild;
  }

  createChannel(guildId: string, input: { name: string; id?: string; type?: 'text' }): EmuChannel {
    this.#world.guild(guildId);
    const channel: EmuChannel = { id: input.id ?? this.#world.newId(), guildId, name: input.name, type: 0 };
    this.#world.channels.set(channel.id, channel);
    this.#gateway.dispatch('CHANNEL_CREATE', apiChannel(channel, this.#world, this.#clock.now()), {
      guildId,
      intent: INTENT.guilds,
    });
    return channel;
  }

  createUser(input: { username: string; id?: string; bot?: boolean }): EmuUser {
    const user: EmuUser = {
      id: input.id ?? this.#world.newId(),
      username: input.username,
      bot: input.bot ?? false,
    };
    this.#world.users.set(user.id, user);
    return user;
  }

  addMember(guildId: string, userId: string, input: { roleIds?: string[]; nick?: string } = {}): void {
    this.#world.guild(guildId);
    this.#world.user(userId);
    const member = {
      userId,
      roleIds: input.roleIds ?? [],
      joinedAt: this.#clock.now(),
      ...(input.nick !== undefined ? { nick: input.nick } : {}),
    };
    this.#world.members.get(guildId)?.set(userId, member);
    this.#gateway.dispatch(
      'GUILD_MEMBER_ADD',
      { ...apiMember(this.#world, guildId, member), guild_id: guildId },
      { guildId, intent: INTENT.guildMembers },
    );
  }

  createRole(guildId: string, input: { name: string; permissions: bigint; id?: string }): EmuRole {
    this.#world.guild(guildId);
    const role: EmuRole = {
      id: input.id ?? this.#world.newId(),
      guildId,
      name: input.name,
      permissions: input.permissions,
      position: this.#world.guildRoles(guildId).length,
    };
    this.#world.roles.set(role.id, role);
    this.#gateway.dispatch(
      'GUILD_ROLE_CREATE',
      { guild_id: guildId, role: apiRole(role) },
      { guildId, intent: INTENT.guilds },
    );
    return role;
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
    return this.#command(INTERACTION_TYPE.command, userId, channelId, command, input);
  }

  autocomplete(
    userId: string,
    channelId: string,
    command: string,
    input: { subcommand?: string; options: Options; focused: string },
  ): Promise<InteractionHandle> {
    if (!(input.focused in input.options))
      return Promise.reject(
        new EmulatorError('unknown-option', `focused option "${input.focused}" is not in options`),
      );
    return this.#command(INTERACTION_TYPE.autocomplete, userId, channelId, command, input);
  }

  click(userId: string, messageId: string, customId: string): Promise<InteractionHandle> {
    return this.#act(() => buttonClick(this.#world, userId, messageId, customId));
  }

  select(userId: string, messageId: string, customId: string, values: string[]): Promise<InteractionHandle> {
    return this.#act(() => selectChoice(this.#world, userId, messageId, customId, values));
  }

  submitModal(
    userId: string,
    channelId: string,
    customId: string,
    fields: Record<string, string>,
    messageId?: string,
  ): Promise<InteractionHandle> {
    return this.#act(() =>
      modalSubmission(this.#world, this.#interactions, userId, channelId, customId, fields, messageId),
    );
  }

  say(userId: string, channelId: string, content: string): Promise<EmuMessage> {
    try {
      const channel = this.#world.channel(channelId);
      this.#world.user(userId);
      if (channel.guildId && !this.#world.member(channel.guildId, userId))
        throw new EmulatorError('not-a-member', `User ${userId} is not in guild ${channel.guildId}`);
      if (channel.type === 12 && this.#world.permissionsIn(channelId, userId) === 0n)
        throw new EmulatorError('no-access', `User ${userId} cannot see private thread ${channelId}`);
      if ([...content].length > 2000 || content.trim() === '')
        throw new EmulatorError('bad-content', 'Chat messages hold 1-2000 characters');
      return Promise.resolve(createMessage(this.#core, { content }, [], { channelId, authorId: userId }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  redeliver(handle: InteractionHandle): void {
    this.#interactions.redeliver(handle);
  }

  dropConnection(): void {
    this.#gateway.dropConnections();
  }

  // ── test controls: permissions, nicknames, DMs, threads, faults ─────────────────────────────

  /**
   * Sets (or with allow = deny = 0, removes) a channel permission overwrite for a role (the
   * guild id is @everyone) or a member, and tells the gateway (CHANNEL_UPDATE).
   */
  setOverwrite(
    channelId: string,
    input: { id: string; type: 'role' | 'member'; allow?: bigint; deny?: bigint },
  ): void {
    const channel = this.#world.channel(channelId);
    if (!channel.guildId) throw new EmulatorError('not-a-guild-channel', `Channel ${channelId} is a DM`);
    const overwrite: EmuOverwrite = {
      id: input.id,
      type: input.type === 'role' ? 0 : 1,
      allow: input.allow ?? 0n,
      deny: input.deny ?? 0n,
    };
    const rest = (channel.overwrites ?? []).filter((o) => o.id !== input.id);
    channel.overwrites = overwrite.allow || overwrite.deny ? [...rest, overwrite] : rest;
    this.#gateway.dispatch('CHANNEL_UPDATE', apiChannel(channel, this.#world, this.#clock.now()), {
      guildId: channel.guildId,
      intent: INTENT.guilds,
    });
  }

  setRolePermissions(roleId: string, permissions: bigint): void {
    const role = this.#world.roles.get(roleId);
    if (!role) throw new EmulatorError('unknown-role', `No role ${roleId}`);
    role.permissions = permissions;
    this.#gateway.dispatch(
      'GUILD_ROLE_UPDATE',
      { guild_id: role.guildId, role: apiRole(role) },
      { guildId: role.guildId, intent: INTENT.guilds },
    );
  }

  /** The bot's own (managed) role in a guild. */
  botRole(guildId: string): EmuRole {
    const roleId = this.#world.member(guildId, this.botUserId)?.roleIds[0];
    const role = roleId ? this.#world.roles.get(roleId) : undefined;
    if (!role) throw new EmulatorError('unknown-role', `The bot has no role in guild ${guildId}`);
    return role;
  }

  /** Application command permission overrides (Server Settings → Integrations) for one command. */
  setCommandPermissions(guildId: string, commandName: string, overrides: CommandOverride[]): void {
    this.#commandOverrides.set(`${guildId}:${commandName}`, overrides);
  }

  setNick(guildId: string, userId: string, nick: string | undefined): void {
    const member = this.#world.member(guildId, userId);
    if (!member) throw new EmulatorError('not-a-member', `User ${userId} is not in guild ${guildId}`);
    if (nick === undefined) delete member.nick;
    else member.nick = nick;
    this.#gateway.dispatch(
      'GUILD_MEMBER_UPDATE',
      { ...apiMember(this.#world, guildId, member), guild_id: guildId },
      { guildId, intent: INTENT.guildMembers },
    );
  }

  /** A user who refuses DMs: the bot's messages to them answer 50007. */
  setDmsClosed(userId: string, closed: boolean): void {
    this.#world.user(userId).dmsClosed = closed;
  }

  /** Archives/unarchives or locks/unlocks a thread as a moderator would (THREAD_UPDATE). */
  setThreadState(threadId: string, state: { archived?: boolean; locked?: boolean }): void {
    const thread = this.#world.channel(threadId);
    if (state.archived !== undefined) thread.archived = state.archived;
    if (state.locked !== undefined) thread.locked = state.locked;
    announceThread(this.#core, thread);
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

  /** Whether a user can see a channel at all (View Channel; a private thread's membership). */
  canSee(userId: string, channelId: string): boolean {
    return this.#world.permissionsIn(channelId, userId) !== 0n;
  }

  /** Who has joined a thread (a private thread's members see it), in joining order. */
  threadMembers(threadId: string): string[] {
    return (this.#world.channel(threadId).members ?? []).map((m) => m.userId);
  }

  /** The bot's permissions in a channel, overwrites applied (what app_permissions carries). */
  botPermissionsIn(channelId: string): bigint {
    return this.#world.permissionsIn(channelId, this.botUserId);
  }

  // ── what happened ─────────────────────────────────────────────────────────────────────────

  /** Every message of the channel in order, ephemeral and deleted ones included (see `deleted`). */
  messages(channelId: string): EmuMessage[] {
    return this.#world.messagesIn(channelId);
  }

  /**
   * What the user sees: public messages and their own ephemeral ones, without deleted ones;
   * nothing of a private thread they are not in (nor may manage).
   */
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
   * Resolves when no REST request is in flight and none arrived for ~20 ms of real time,
   * counted from the call at the earliest so that a bot about to answer gets the chance.
   */
  async waitForIdle(quietMs = 20): Promise<void> {
    const calledAt = performance.now();
    for (;;) {
      const quietFor = performance.now() - Math.max(this.#lastActivity, calledAt);
      if (this.#inFlight === 0 && quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(2, quietMs - quietFor)));
    }
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────

  #gatewayUrl(): string {
    return `ws://127.0.0.1:${this.#port}/gateway`;
  }

  #command(
    type: number,
    userId: string,
    channelId: string,
    name: string,
    input: { subcommand?: string; group?: string; options?: Options; focused?: string },
  ): Promise<InteractionHandle> {
    return this.#act(() => {
      const channel = this.#world.channel(channelId);
      const guildId = channel.guildId ?? '';
      const command = this.#commands.find(guildId, name);
      if (!command) {
        throw new EmulatorError(
          'unknown-command',
          `No command /${name} is registered; registered: ${this.#commands.names(guildId).join(', ') || '(none)'}`,
        );
      }
      checkCommandAccess(
        this.#world,
        command,
        channel.guildId,
        channelId,
        userId,
        this.#commandOverrides.get(`${guildId}:${name}`) ?? [],
      );
      return {
        type,
        userId,
        channelId,
        data: commandData(this.#world, guildId, command, input, this.#clock.now()),
      };
    });
  }

  #act(build: () => Parameters<InteractionEngine['send']>[0]): Promise<InteractionHandle> {
    let input;
    try {
      input = build();
      const channel = this.#world.channel(input.channelId);
      if (channel.guildId && !this.#world.member(channel.guildId, input.userId)) {
        throw new EmulatorError('not-a-member', `User ${input.userId} is not in guild ${channel.guildId}`);
      }
      if (channel.guildId && !(this.#world.permissionsIn(channel.id, input.userId) & 1024n))
        throw new EmulatorError('no-access', `User ${input.userId} cannot see channel ${channel.id}`);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.#interactions.send(input);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.#inFlight += 1;
    this.#lastActivity = performance.now();
    const method = req.method ?? 'GET';
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (!rawPath.startsWith('/api/')) {
        this.#serveAttachment(rawPath, res);
        return;
      }
      this.#restRequests += 1;
      const parsed = await readRequest(req, this.token);
      const fault = this.#faults.take(method, parsed.path);
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault?.status) {
        this.events.emit('fault', { method, path: rawPath, status: fault.status });
        sendJson(res, fault.status, fault.body ?? { code: 0, message: `${fault.status}: Injected fault` });
        return;
      }
      const counted = this.#faults.count(method, parsed.path);
      if (counted.limited) {
        this.events.emit('rateLimited', { method, path: rawPath, ...counted.limited.body });
        sendJson(res, 429, counted.limited.body, counted.limited.headers);
        return;
      }
      const match = this.#match(method, parsed.path);
      if (!match) throw new RestError(404, { code: 0, message: '404: Not Found' });
      if (match.route.botAuth && !parsed.botAuthorized)
        throw new RestError(401, { code: 0, message: '401: Unauthorized' });
      const response = await match.route.handler({ ...parsed, params: match.params });
      sendJson(res, response.status, response.body, counted.headers);
    } catch (error) {
      const restError =
        error instanceof RestError
          ? error
          : new RestError(500, {
              code: 0,
              message: `Emulator error: ${error instanceof Error ? error.message : String(error)}`,
            });
      this.events.emit('restError', {
        method,
        path: rawPath,
        status: restError.status,
        body: restError.body,
      });
      sendJson(res, restError.status, restError.body);
    } finally {
      this.#inFlight -= 1;
      this.#lastActivity = performance.now();
    }
  }

  #match(method: string, path: string): { route: Route; params: string[] } | undefined {
    for (const route of this.#routes) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (m) return { route, params: m.slice(1) };
    }
    return undefined;
  }

  /** Attachment URLs in message payloads point here, so a bot can download what it uploaded. */
  #serveAttachment(path: string, res: ServerResponse): void {
    const m = /^\/attachments\/(\d+)\/(\d+)\//.exec(path);
    const attachment = m
      ? this.#world
          .messagesIn(m[1] ?? '')
          .flatMap((msg) => msg.attachments)
          .find((a) => a.id === m[2])
      : undefined;
    if (!attachment) throw new RestError(404, { code: 0, message: '404: Not Found' });
    res.writeHead(200, {
      'Content-Type': attachment.contentType ?? 'application/octet-stream',
      'Content-Length': attachment.data.length,
    });
    res.end(attachment.data);
  }
}
