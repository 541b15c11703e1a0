/**
 * The production shape (issue #32): `npm run build` compiles the bot to JavaScript and
 * `npm start` runs it with plain `node`, no TypeScript loader. The build is run once here and
 * the compiled bot is started as `npm start` starts it: without a token it stops with the
 * configuration error; against the emulator it serves a game, drawing the board picture in the
 * compiled picture worker.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { REST, Routes } from 'discord.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { BotProcess, click, eventually, select } from '../../src/sandbox/bot-process.ts';
import { DiscordEmulator, renderMessageText } from '../../src/sandbox/emulator/index.ts';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';
const ENTRY = 'dist/src/main.js';

/** `npm start`: plain node, the compiled entry point, only `env` and PATH. */
function startCompiled(env: Record<string, string>) {
  return spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    env: { PATH: process.env['PATH'], LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(() => {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
}, 240_000);

let emu: DiscordEmulator | undefined;
let bot: BotProcess | undefined;
afterEach(async () => {
  await bot?.stop();
  await emu?.stop();
  emu = bot = undefined;
});

describe('GIVEN the bot compiled by npm run build', () => {
  it('WHEN it starts without a token THEN it names the missing setting and exits 1', async () => {
    const child = startCompiled({});
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('DISCORD_TOKEN is missing');
  }, 30_000);

  it('WHEN it runs against Discord THEN a game opens and its board comes with a picture', async () => {
    emu = new DiscordEmulator({ token: TOKEN });
    await emu.start();
    const e = emu;
    const alice = e.createUser({ username: 'alice' });
    const bob = e.createUser({ username: 'bob' });
    const guild = e.createGuild({ name: 'Compiled', ownerId: alice.id });
    e.addMember(guild.id, bob.id);
    const channel = e.createChannel(guild.id, { name: 'table' });
    await new REST({ api: e.apiUrl })
      .setToken(TOKEN)
      .put(Routes.applicationGuildCommands(e.applicationId, guild.id), {
        body: buildCommands(GAMES).map((c) => c.data),
      });

    const port = await freePort();
    const child = startCompiled({
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: e.apiUrl,
      STORE_URL: 'memory://',
      HEALTH_PORT: String(port),
    });
    child.stderr.pipe(process.stderr);
    bot = new BotProcess(child);
    await bot.next((l) => l.msg === 'bot ready', 'the compiled bot ready');

    await e.slash(alice.id, channel.id, 'game', {
      subcommand: 'start',
      options: { game: 'item-collection', seed: '7' },
    });
    for (const [user, verb, label] of [
      [bob, click, 'Join'],
      [alice, select, 'Honest'],
      [alice, select, 'Opportunist'],
      [alice, click, 'Start'],
    ] as const)
      await verb(e, user, channel, label);
    const board = await eventually(
      () =>
        e
          .messages(channel.id)
          .find((m) => !m.ephemeralTo && m.attachments.some((a) => a.filename.endsWith('.png'))),
      'a board with its picture',
    );
    expect(renderMessageText(board)).toMatch(/alice|bob/);
    // The health endpoint HEALTH_PORT asked for: ready, and the clicks are in the metrics.
    let health = 0;
    for (let i = 0; i < 100 && health !== 200; i++) {
      health = (await fetch(`http://127.0.0.1:${port}/health`)).status;
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/^tradecraft_interaction_seconds_count\{type="button"\} [1-9]/m);
  }, 120_000);
});
