/**
 * A bot process SIGKILLed at an exact moment (the stress script's bot, scripts/stress/
 * bot-process.ts, on a SQLite store, against an emulator this test runs), then started again:
 * what start-up recovery leaves in the channel.
 */
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.ts';
import { click, control, eventually, spawnBot, type BotProcess } from '../../src/sandbox/bot-process.ts';
import {
  DiscordEmulator,
  renderMessageText,
  titleOf,
  type EmuMessage,
} from '../../src/sandbox/emulator/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { owes } from '../../src/storage/outbox.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { StatsStore } from '../../src/storage/stats.ts';
import { BOT_ENTRY } from '../../scripts/stress/bot-entry.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { liveBoards, liveLobbies } from './live-controls.ts';

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

describe('GIVEN a bot process killed the moment its new lobby is posted, before the lobby’s id is saved', () => {
  it('WHEN it starts again THEN the lobby the store never recorded becomes the stored one, and it is the only live lobby', async () => {
    const { e, alice, channel, storeUrl, start } = await crashWorld();
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
  });
});

/** Everything a test needs to run the stress bot against its own emulator and a SQLite store. */
async function crashWorld() {
  emu = new DiscordEmulator({ token: TOKEN });
  await emu.start();
  const e = emu;
  const alice = e.createUser({ username: 'alice' });
  const bob = e.createUser({ username: 'bob' });
  const guild = e.createGuild({ name: 'Crash', ownerId: alice.id });
  e.addMember(guild.id, bob.id);
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
  return { e, alice, bob, guild, channel, storeUrl, start };
}

describe('GIVEN a bot process killed around the end of a game', () => {
  it.each([
    ['the winning move’s announcement is posted', 'wins!'],
    ['the debrief is posted', '**Debrief**'],
  ])(
    'WHEN it is killed the moment %s, before it is recorded, and starts again THEN the final board, the winner line, the debrief and the stats line each appear once',
    async (_moment, text) => {
      const w = await crashWorld();
      const { e, alice, bob, channel } = w;
      bot = await w.start();
      await e.slash(alice.id, channel.id, 'game', {
        subcommand: 'start',
        options: { game: 'tally', target: 3 },
      });
      await click(e, bob, channel, 'Join');
      await click(e, alice, channel, 'Start');
      await click(e, alice, channel, 'Add 1');
      await eventually(
        () =>
          (control(e, bob, channel, 2, 'Add 2') &&
            renderMessageText(control(e, bob, channel, 2, 'Add 2')!.message).includes('1/3')) ||
          undefined,
        'Tally: 1/3',
      );
      const first = bot;
      e.events.on('messageCreate', (m: EmuMessage) => {
        if (renderMessageText(m).includes(text)) first.child.kill('SIGKILL');
      });
      void click(e, bob, channel, 'Add 2').catch(() => undefined);
      await first.exited();

      bot = await w.start();
      await e.waitForIdle(300);
      const all = e.messages(channel.id).filter((m) => !m.ephemeralTo);
      const count = (t: string) => all.filter((m) => renderMessageText(m).includes(t)).length;
      expect(count('bob reaches 3 and wins!')).toBe(1);
      expect(count('**Debrief**')).toBe(1);
      expect(all.filter((m) => titleOf(m) === 'Tally: 3/3')).toHaveLength(1);
      expect(liveBoards(all)).toEqual([]);
      store = new SessionStore(await openKeyv(w.storeUrl), () => Date.now());
      const after = await store.load(channel.id);
      if (after.kind !== 'ok') throw new Error('the game is gone');
      expect(after.session.status).toBe('ended');
      expect(owes(after.session)).toBe(false);
      expect(after.session.wrapUp).toBeUndefined();
      const stats = await new StatsStore(await openKeyv(w.storeUrl)).table(w.guild.id, 'tally');
      expect(stats[bob.id]).toMatchObject({ played: 1, won: 1 });
      expect(stats[alice.id]).toMatchObject({ played: 1, won: 0 });
    },
    120_000,
  );
});
