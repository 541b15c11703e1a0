/**
 * A bot process SIGKILLed at an exact moment (the stress script's bot, scripts/stress/
 * bot-process.ts, on a SQLite store, against an emulator this test runs), then started again:
 * what start-up recovery leaves in the channel.
 */
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.ts';
import { spawnBot, type BotProcess } from '../../src/sandbox/bot-process.ts';
import { allComponents, DiscordEmulator, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { owes } from '../../src/storage/outbox.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { BOT_ENTRY } from '../../scripts/stress/bot-entry.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';

let emu: DiscordEmulator | undefined;
let bot: BotProcess | undefined;
let store: SessionStore | undefined;
afterEach(async () => {
  await bot?.stop();
  await store?.close();
  await emu?.stop();
  emu = bot = store = undefined;
  removeTempDirs();
});

/** Messages whose lobby controls (Join, Start…) still work. */
const liveLobbies = (messages: EmuMessage[]) =>
  messages.filter((m) =>
    [...allComponents(m.components)].some(
      (c) => typeof c.custom_id === 'string' && /^l\|[a-z0-9]+\|join$/.test(c.custom_id),
    ),
  );

describe('GIVEN a bot process killed the moment its new lobby is posted, before the lobby’s id is saved', () => {
  it('WHEN it starts again THEN the lobby the store never recorded becomes the stored one, and it is the only live lobby', async () => {
    emu = new DiscordEmulator({ token: TOKEN });
    await emu.start();
    const e = emu;
    const alice = e.createUser({ username: 'alice' });
    const guild = e.createGuild({ name: 'Crash', ownerId: alice.id });
    const channel = e.createChannel(guild.id, { name: 'table' });
    await new REST({ api: e.apiUrl })
      .setToken(TOKEN)
      .put(Routes.applicationGuildCommands(e.applicationId, guild.id), {
        body: buildCommands([tally]).map((c) => c.data),
      });
    const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
    const start = async () => {
      const started = spawnBot(BOT_ENTRY, {
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: e.apiUrl,
        STORE_URL: storeUrl,
      });
      await started.next((l) => l.msg === 'tables recovered', 'start-up recovery', 60_000);
      return started;
    };
    bot = await start();

    // Killed inside Discord's handling of the lobby post: the bot never hears the message's id.
    const first = bot;
    e.events.on('messageCreate', (m: EmuMessage) => {
      if (liveLobbies([m]).length) first.child.kill('SIGKILL');
    });
    void e
      .slash(alice.id, channel.id, 'game', { subcommand: 'start', options: { game: 'tally' } })
      .catch(() => undefined);
    await first.exited();
    store = new SessionStore(await openKeyv(storeUrl), () => Date.now());
    const left = await store.load(channel.id);
    if (left.kind !== 'ok') throw new Error('the lobby was not saved');
    expect(left.session.boardMessageId).toBeUndefined();
    const [orphan] = liveLobbies(e.messages(channel.id));
    expect(orphan).toBeDefined();

    bot = await start();
    await e.waitForIdle(200);
    const after = await store.load(channel.id);
    if (after.kind !== 'ok') throw new Error('the lobby is gone');
    expect(after.session.status).toBe('lobby');
    // The lobby posted before the kill is adopted (drawn again): no second lobby is posted.
    expect(liveLobbies(e.messages(channel.id)).map((m) => m.id)).toEqual([after.session.boardMessageId]);
    expect(after.session.boardMessageId).toBe(orphan?.id);
    expect(owes(after.session)).toBe(false);
  }, 120_000);
});
