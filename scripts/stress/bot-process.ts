/**
 * The bot the SIGKILL section kills: the production bot (createBot, as src/main.ts builds it)
 * with the Tally test game and a real one (Item Collection, with its pictures), in a process of
 * its own, on the emulator and store the stress script names (DISCORD_API_URL, DISCORD_TOKEN,
 * STORE_URL). It logs JSON to stdout, at LOG_LEVEL (info by default; the kills section asks for
 * debug, whose "session saved" lines say what each save owes the channel), written
 * synchronously so that a SIGKILL loses no line already logged: the script waits for "bot
 * ready" and "tables recovered". No signal handler: it is only ever SIGKILLed.
 */
import { createBot } from '../../src/bot/app/app.ts';
import { SystemClock } from '../../src/bot/kernel/clock.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { installProcessGuards } from '../../src/bot/app/process-guards.ts';
import { buildCommands } from '../../src/commands/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { GAMES } from '../../src/games/index.ts';
import { tally } from '../../test/fixtures/tally.ts';
import { writeSync } from 'node:fs';
import { Writable } from 'node:stream';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** Writes to stdout now, waiting while the pipe is full (a pipe's stdout may be non-blocking). */
function writeAll(chunk: Buffer): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let offset = 0; offset < chunk.length;) {
    try {
      offset += writeSync(1, chunk, offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const token = need('DISCORD_TOKEN');
const logger = createLogger({
  level: process.env['LOG_LEVEL'] ?? 'info',
  format: 'json',
  secrets: [token],
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeAll(chunk);
      done();
    },
  }),
});
const games = [tally, ...GAMES.filter((g) => g.id === 'item-collection')];
installProcessGuards(logger);
const bot = createBot({
  token,
  apiUrl: need('DISCORD_API_URL'),
  keyv: await openKeyv(need('STORE_URL')),
  games,
  commands: buildCommands(games),
  clock: new SystemClock(),
  logger,
});
await bot.start();
