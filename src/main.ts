/**
 * Production entry point (`npm start`): config from the environment, then the bot with the
 * commands built from the games. It stands above every folder: it wires src/commands into
 * src/bot, which only routes to commands it is given. With SHARDS set it runs discord.js's
 * ShardingManager instead, which starts this same file once per shard (SHARDING_MANAGER set);
 * with SHARDS and SHARD_LIST it runs those shards of SHARDS itself, in one client (one machine's
 * part of a deployment over several).
 */
import { fileURLToPath } from 'node:url';
import { createBot } from './bot/app/app.ts';
import { SystemClock } from './bot/kernel/clock.ts';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './bot/app/config.ts';
import { createLogger, type Logger } from './bot/kernel/logger.ts';
import { startHealthServer } from './bot/app/health.ts';
import { installProcessGuards } from './bot/app/process-guards.ts';
import { planShards, shardManager, ShardingError, type ShardManagerHandle } from './bot/app/shard-manager.ts';
import { buildCommands } from './commands/index.ts';
import { GAMES } from './games/index.ts';
import { StoreUnavailableError, redactUrl } from './storage/errors.ts';
import { openKeyv, StoreUrlError } from './storage/keyv-store.ts';

/**
 * Exit statuses a supervisor can act on: 1 for configuration (and any other start-up failure),
 * 2 for a store that cannot be opened or reached. Never 0 unless the bot stopped as asked.
 */
const EXIT_CONFIG = 1;
const EXIT_STORE = 2;

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example and README.md.\n`);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const rootLogger = createLogger({
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty'),
    secrets: [config.DISCORD_TOKEN],
  });
  // One bad promise must not take every table down.
  installProcessGuards(rootLogger);
  const shardList = config.SHARD_LIST && { ids: config.SHARD_LIST, count: Number(config.SHARDS) };
  if (config.SHARDS && !shardList && !process.env.SHARDING_MANAGER)
    return manageShards(config.SHARDS, config, rootLogger);
  const sharded = Boolean(process.env.SHARDING_MANAGER);
  // In a shard's process discord.js reads SHARDS (this shard's id) and SHARD_COUNT itself.
  const logger = sharded
    ? rootLogger.child({ shard: Number(process.env.SHARDS) })
    : shardList
      ? rootLogger.child({ shards: shardList.ids })
      : rootLogger;
  const store = redactUrl(config.STORE_URL);
  let keyv;
  try {
    // A lost connection (a database restart) is said once, and the store reconnects by itself.
    keyv = await openKeyv(config.STORE_URL, { log: (level, fields, msg) => logger[level](fields, msg) });
  } catch (err) {
    // One clear line, and a status that tells a supervisor this start failed.
    const bad = err instanceof StoreUrlError;
    logger.fatal(
      { store, err: err instanceof Error ? err.message : String(err) },
      bad
        ? 'STORE_URL names no store this bot can open; exiting'
        : 'the session store cannot be opened; exiting',
    );
    process.exit(bad ? EXIT_CONFIG : EXIT_STORE);
  }
  const bot = createBot({
    token: config.DISCORD_TOKEN,
    apiUrl: config.DISCORD_API_URL,
    keyv,
    games: GAMES,
    commands: buildCommands(GAMES),
    clock: new SystemClock(),
    logger,
    ...(shardList ? { shards: shardList } : {}),
  });
  // The health endpoint, when asked for: each shard's process on HEALTH_PORT + its shard id (with
  // SHARD_LIST, its first shard's).
  const health =
    config.HEALTH_PORT === undefined
      ? null
      : await startHealthServer(bot, {
          port: config.HEALTH_PORT + (sharded ? Number(process.env.SHARDS) : (shardList?.ids[0] ?? 0)),
          host: config.HEALTH_HOST,
          logger,
        });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    health?.drain();
    bot.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // A shard whose manager is gone stops too, rather than run on unsupervised.
  if (sharded) process.on('disconnect', () => shutdown('manager gone'));
  try {
    await bot.start();
  } catch (err) {
    // No retry loop: a supervisor (systemd, Docker, Kubernetes) restarts us with its own back-off.
    if (err instanceof StoreUnavailableError) {
      logger.fatal(
        { store, err: err.message },
        err.operation === 'a health check write'
          ? 'the session store cannot be written (read-only?); exiting'
          : 'the session store is unreachable; exiting',
      );
      process.exit(EXIT_STORE);
    }
    logger.fatal(
      { err: err instanceof Error ? err.message : String(err) },
      'the bot could not start; exiting',
    );
    process.exit(EXIT_CONFIG);
  }
}

/** The parent process with SHARDS set: it runs no bot itself, only the shards' processes. */
async function manageShards(setting: string, config: Config, logger: Logger): Promise<void> {
  if (config.STORE_URL.startsWith('memory://')) {
    logger.fatal(
      'SHARDS needs a store every shard shares (sqlite://, redis:// or postgres://), not memory://',
    );
    process.exit(1);
  }
  let plan;
  try {
    plan = await planShards(setting, config.DISCORD_API_URL, config.DISCORD_TOKEN);
  } catch (err) {
    if (!(err instanceof ShardingError)) throw err;
    logger.fatal({ err: err.message }, 'cannot plan the shards');
    process.exit(1);
  }
  let stopping = false;
  const stopAll = (code: number, reason: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'stopping every shard');
    handle.stop().then(
      () => process.exit(code),
      () => process.exit(code || 1),
    );
  };
  const handle: ShardManagerHandle = shardManager({
    file: fileURLToPath(import.meta.url),
    plan,
    token: config.DISCORD_TOKEN,
    logger,
    // Bad configuration or an unreachable store: restarting the shard would not help.
    onFatal: (code) => stopAll(code, `a shard exited with status ${code}`),
  });
  process.on('SIGINT', () => stopAll(0, 'SIGINT'));
  process.on('SIGTERM', () => stopAll(0, 'SIGTERM'));
  try {
    await handle.start();
  } catch (err) {
    logger.fatal({ err }, 'the shards could not start');
    stopAll(1, 'start-up failed');
  }
}

// Anything else that fails before the bot serves: one line and a non-zero status, never "kept serving".
await main().catch((err: unknown) => {
  process.stderr.write(`Tradecraft could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(EXIT_CONFIG);
});
