/**
 * One bot process for the start-up bench (`bench/startup.ts` spawns it): a loopback Discord and
 * the production bot on the store named in argv[2]. Prints one JSON line: how long `start()`
 * took to READY with every deadline re-armed, then the process's RSS once the start-up sweep
 * has walked every record and the garbage collector has run (the bot's steady state).
 */
import { performance } from 'node:perf_hooks';
import { createBot } from '../src/bot/app/app.ts';
import { createLogger } from '../src/bot/kernel/logger.ts';
import { buildCommands } from '../src/commands/index.ts';
import { itemCollection } from '../src/games/item-collection/index.ts';
import { AdjustableClock } from '../src/sandbox/clock.ts';
import { DiscordEmulator } from '../src/sandbox/emulator/index.ts';
import { openKeyv } from '../src/storage/keyv-store.ts';

const [url, guildId] = process.argv.slice(2);
if (!url || !guildId) throw new Error('usage: startup-process <store url> <guild id>');
const clock = new AdjustableClock();
const emu = new DiscordEmulator({ clock, token: 'MTAwMDAwMDAwMDAwMDAwMDAw.bench.local-token-not-secret' });
await emu.start();
const owner = emu.createUser({ username: 'owner' });
emu.createGuild({ name: 'Bench', ownerId: owner.id, id: guildId });
const bot = createBot({
  token: emu.token,
  apiUrl: emu.apiUrl,
  keyv: await openKeyv(url),
  games: [itemCollection],
  commands: buildCommands([itemCollection]),
  clock,
  logger: createLogger({ level: 'silent', format: 'json', secrets: [] }),
});
const t0 = performance.now();
await bot.start();
const readyMs = performance.now() - t0;
const recovery = await bot.recovery;
const gc = (globalThis as { gc?: () => void }).gc;
for (let i = 0; i < 3; i++) {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const rss = process.memoryUsage().rss;
process.stdout.write(
  `${JSON.stringify({ readyMs, rss, deadlines: bot.startup?.deadlines ?? 0, swept: recovery?.sessions ?? 0 })}\n`,
);
await bot.stop();
await emu.stop();
process.exit(0);
