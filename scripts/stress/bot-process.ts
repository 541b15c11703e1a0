/**
 * The bot the SIGKILL section kills: the production bot (createBot, as src/main.ts builds it)
 * with the Tally test game, in a process of its own, on the emulator and store the stress
 * script names (DISCORD_API_URL, DISCORD_TOKEN, STORE_URL). It logs JSON at info level to
 * stdout: the script waits for "bot ready" and "tables recovered". No signal handler: it is
 * only ever SIGKILLed.
 */
import { createBot } from '../../src/bot/app/app.ts';
import { SystemClock } from '../../src/bot/kernel/clock.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { installProcessGuards } from '../../src/bot/app/process-guards.ts';
import { buildCommands } from '../../src/commands/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { tally } from '../../test/fixtures/tally.ts';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const token = need('DISCORD_TOKEN');
const logger = createLogger({ level: 'info', format: 'json', secrets: [token] });
installProcessGuards(logger);
const bot = createBot({
  token,
  apiUrl: need('DISCORD_API_URL'),
  keyv: await openKeyv(need('STORE_URL')),
  games: [tally],
  commands: buildCommands([tally]),
  clock: new SystemClock(),
  logger,
});
await bot.start();
