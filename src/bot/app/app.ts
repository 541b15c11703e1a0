/**
 * Builds the bot: discord.js client, session store, table service, router. The same function
 * runs production (`npm start`), the sandbox and the end-to-end tests; only the Discord URL,
 * the clock and the store differ.
 */
import { Client, Events, GatewayIntentBits, Options, RESTEvents } from 'discord.js';
import { BudgetedREST } from './rest-budget.ts';
import type Keyv from 'keyv';
import type { Command } from './command.ts';
import type { AnyEngine } from '../../games/contract.ts';
import { steadyClock, type Clock } from '../kernel/clock.ts';
import { SessionStore } from '../../storage/sessions.ts';
import { DeadlineIndex, SeatIndex } from '../../storage/indexes.ts';
import { SettingsStore } from '../../storage/settings.ts';
import { StatsStore } from '../../storage/stats.ts';
import type { Logger } from '../kernel/logger.ts';
import { metrics } from '../kernel/metrics.ts';
import { onStoreFailure } from '../../storage/errors.ts';
import { closePictures } from '../discord/pictures.ts';
import { recover, type RecoveryReport } from '../table/recovery.ts';
import { Router } from './router.ts';
import { scheduleSweeps } from '../table/sweep.ts';
import { closeDeletedChannel } from '../table/channel-gone.ts';
import { Tables } from '../table/tables.ts';
import type { TableHooks } from '../table/service.ts';
import { debriefMessages } from '../features/debrief.ts';
import { sendReminders } from '../features/reminders.ts';
import { recordResult } from '../features/results.ts';
import { closeTeamThreads, syncTeamThreads } from '../features/team-threads.ts';

/** What the table core calls at fixed moments, wired here once (see table/service.ts). */
export const TABLE_HOOKS: TableHooks = {
  teamsChanged: (tables, session) => syncTeamThreads(tables, session),
  // A game's end, in this order (wrap-up.ts records each step): debrief, stats line, threads.
  debrief: debriefMessages,
  recordResult,
  closeTeamThreads,
  remind: sendReminders,
};

export interface BotOptions {
  token: string;
  apiUrl: string;
  keyv: Keyv;
  games: readonly AnyEngine[];
  /** The slash commands (src/commands builds them from the games; the bot only routes to them). */
  commands: Command[];
  /** The host's clocks; the bot keeps its own time on them (`steadyClock`, kernel/clock.ts). */
  clock: Clock;
  logger: Logger;
  /**
   * Which shards this client runs, when not all of them. Under the ShardingManager discord.js
   * reads them from the environment instead; tests run two shards in one process with this.
   */
  shards?: { ids: number[]; count: number };
}

export interface Bot {
  client: Client;
  tables: Tables;
  router: Router;
  commands: Command[];
  /** What the last start-up read to re-arm timers and deadlines (for the benchmark). */
  startup?: { sessionsRead: number; indexReads: number; deadlines: number };
  /** The maintenance sweep started after start-up (null if it failed; see recovery.ts). */
  recovery?: Promise<RecoveryReport | null>;
  /** Whether that sweep has finished, well or not (the health endpoint is ready only then). */
  recovered?: boolean;
  start(): Promise<void>;
  /** Stops taking work, finishes what is in flight, closes the picture pool, the store and the connection. */
  stop(): Promise<void>;
}

export function createBot(opts: BotOptions): Bot {
  // Deadlines run on monotonic time while the process runs: a wall-clock step moves none of them.
  const clock = steadyClock(opts.clock);
  const client = discordClient(opts);
  // Interaction-token requests outside the global 50/s, as Discord counts them (rest-budget.ts).
  client.rest.clearHashSweeper();
  client.rest.clearHandlerSweeper();
  client.rest = new BudgetedREST(client.options.rest ?? {});
  const store = new SessionStore(opts.keyv, () => clock.now());
  const records = {
    deadlines: new DeadlineIndex(opts.keyv),
    seats: new SeatIndex(opts.keyv),
    settings: new SettingsStore(opts.keyv),
    stats: new StatsStore(opts.keyv),
  };
  const tables = new Tables(
    { client, store, games: opts.games, clock, logger: opts.logger, records },
    TABLE_HOOKS,
  );
  const { commands } = opts;
  const router = new Router(commands, { tables }, opts.logger, () => clock.now());

  // Metrics (kernel/metrics.ts): Discord's 429s on either REST client, and every failed store call.
  const count429 = (_request: unknown, response: { status: number }) => {
    if (response.status === 429) metrics.rest429.inc();
  };
  client.rest.on(RESTEvents.Response, count429);
  onStoreFailure(() => metrics.storeErrors.inc());

  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (err) => opts.logger.error({ err }, 'discord client error'));
  // A deleted channel's table is closed and its host told (table/channel-gone.ts).
  const gone = (channel: { id: string; name?: string | null }) =>
    void closeDeletedChannel(tables, channel.id, channel.name ?? undefined).catch((err: unknown) =>
      opts.logger.warn({ err, channelId: channel.id }, 'could not close the table of a deleted channel'),
    );
  client.on(Events.ChannelDelete, gone);
  client.on(Events.ThreadDelete, gone);
  client.on(Events.ShardResume, (shard) => opts.logger.info({ shard }, 'gateway session resumed'));

  let stopSweeps: () => void = () => undefined;
  const bot: Bot = {
    client,
    tables,
    router,
    commands,
    async start() {
      // An unreachable store is reported before anything else (the caller exits non-zero).
      await store.ping();
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(opts.token);
      await ready;
      // Once per store: tables saved before the table index existed are listed in it, so each
      // shard finds its own from then on (src/storage/table-index.ts).
      const indexed = await store.tableIndex.indexExisting();
      if (indexed !== null) opts.logger.info({ tables: indexed }, 'existing tables indexed by server');
      // Deadlines and phase timers come from their indexes: start-up reads no session to find them.
      const restored = await tables.restoreTimers();
      bot.startup = restored;
      opts.logger.info(
        { user: client.user?.tag, guilds: client.guilds.cache.size, ...restored },
        'bot ready',
      );
      // The maintenance sweep (republish tables a crash left behind, retention, lobby expiry,
      // timer-index repair) reads every record once, after start-up, so start-up time does not
      // grow with the number of stored games.
      bot.recovery = recover(tables, opts.logger)
        .catch((err: unknown) => {
          opts.logger.error({ err }, 'start-up recovery failed');
          return null;
        })
        .finally(() => {
          bot.recovered = true;
        });
      // Then retention and lobby expiry again every few hours, for a bot that runs for months.
      stopSweeps = scheduleSweeps(tables, opts.logger);
    },
    async stop() {
      stopSweeps();
      router.stopAccepting();
      await router.idle();
      tables.publisher.stop();
      await tables.publisher.idle();
      tables.timers.stop();
      tables.decisions.stop();
      await closePictures();
      await store.close();
      await client.destroy();
      opts.logger.info('bot stopped');
    },
  };
  return bot;
}

/**
 * The discord.js client: only the Guilds intent (the bot reads no message content and needs no
 * privileged intent), and a cache that keeps guilds and channels only.
 */
function discordClient(opts: Pick<BotOptions, 'apiUrl' | 'shards'>): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: opts.apiUrl },
    ...(opts.shards ? { shards: opts.shards.ids, shardCount: opts.shards.count } : {}),
    // The bot needs its guilds and channels (threads included) and nothing else cached: a board
    // is edited and retired by id, never read back from the cache, so messages, members, users,
    // presences and the like are not kept (discord.js keeps 200 messages a channel by default).
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
      StageInstanceManager: 0,
      GuildEmojiManager: 0,
      GuildStickerManager: 0,
      GuildScheduledEventManager: 0,
      GuildInviteManager: 0,
      GuildBanManager: 0,
      AutoModerationRuleManager: 0,
      ThreadMemberManager: 0,
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
    }),
    // Archived threads (a finished table's) leave the cache after an hour.
    sweepers: {
      ...Options.DefaultSweeperSettings,
      threads: { interval: 3600, lifetime: 3600 },
    },
  });
}
