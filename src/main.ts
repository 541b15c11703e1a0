/**
 * Production entry point (`npm start`): config from the environment, then the bot with the
 * commands built from the games. It stands above every folder: it wires src/commands into
 * src/bot, which only routes to commands it is given.
 */
import { createBot } from './bot/app.ts';
import { SystemClock } from './bot/clock.ts';
import { ConfigError, loadConfig, loadDotEnv } from './bot/config.ts';
import { createLogger } from './bot/logger.ts';
import { installProcessGuards } from './bot/process-guards.ts';
import { buildCommands } from './commands/index.ts';
import { GAMES } from './games/index.ts';
import { StoreUnavailableError, redactUrl } from './storage/errors.ts';
import { openKeyv } from './storage/keyv-store.ts';

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example and README.md.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty'),
    secrets: [config.DISCORD_TOKEN],
  });
  // One bad promise must not take every table down.
  installProcessGuards(logger);
  const bot = createBot({
    token: config.DISCORD_TOKEN,
    apiUrl: config.DISCORD_API_URL,
    keyv: await openKeyv(config.STORE_URL),
    games: GAMES,
    commands: buildCommands(GAMES),
    clock: new SystemClock(),
    logger,
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
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
  try {
    await bot.start();
  } catch (err) {
    // No retry loop: a supervisor (systemd, Docker, Kubernetes) restarts us with its own back-off.
    if (!(err instanceof StoreUnavailableError)) throw err;
    logger.fatal(
      { store: redactUrl(config.STORE_URL), err: err.message },
      'the session store is unreachable; exiting',
    );
    process.exit(2);
  }
}

await main();
