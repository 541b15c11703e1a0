/**
 * `npm start` with SHARDS=2 against the emulator: discord.js's ShardingManager runs each shard
 * as a child process of src/main.ts, and both share one Redis store. Tables in a guild of each
 * shard play; one shard's process is killed as a crash would; the manager starts it again and
 * its games go on where they were. Needs TEST_REDIS_URL (skipped without it, like the other
 * Redis tests).
 */
import { spawn } from 'node:child_process';
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { BotProcess, click, eventually, select } from '../../src/sandbox/bot-process.ts';
import {
  allComponents,
  DiscordEmulator,
  renderMessageText,
  type EmuChannel,
  type EmuUser,
  type InteractionHandle,
} from '../../src/sandbox/emulator/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { historyLength } from '../../src/storage/history.ts';

const REDIS = process.env['TEST_REDIS_URL'];
const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';
const DISCORD_EPOCH = 1_420_070_400_000n;
/** Discord's flag on a deferred reply still "thinking". */
const LOADING = 128;

/** One guild with a #table, on the shard `(id >> 22) % 2` says. */
interface Table {
  guildId: string;
  channel: EmuChannel;
}

let emu: DiscordEmulator | undefined;
let deployment: BotProcess | undefined;
afterEach(async () => {
  await deployment?.stop();
  await emu?.stop();
  emu = deployment = undefined;
});

describe.skipIf(!REDIS)('GIVEN npm start with SHARDS=2 and a shared Redis store', () => {
  it('WHEN tables on both shards play and one shard’s process dies THEN the manager restarts it and its games go on', async () => {
    emu = new DiscordEmulator({ shards: 2, token: TOKEN });
    await emu.start();
    const e = emu;
    const alice = e.createUser({ username: 'alice' });
    const bob = e.createUser({ username: 'bob' });
    // Guild ids new on every run (the Redis store outlives it): (id >> 22) % 2 is the shard.
    const ms = BigInt(Date.now()) - DISCORD_EPOCH;
    const tables: Table[] = [0n, 1n].map((k) => {
      const guild = e.createGuild({
        name: `Shard ${k}`,
        id: String((ms * 2n + k) << 22n),
        ownerId: alice.id,
      });
      e.addMember(guild.id, bob.id);
      return { guildId: guild.id, channel: e.createChannel(guild.id, { name: 'table' }) };
    });
    const rest = new REST({ api: e.apiUrl }).setToken(TOKEN);
    const body = buildCommands(GAMES).map((c) => c.data);
    for (const t of tables)
      await rest.put(Routes.applicationGuildCommands(e.applicationId, t.guildId), { body });

    const child = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
      env: {
        ...process.env,
        SHARDS: '2',
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: e.apiUrl,
        STORE_URL: REDIS,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    deployment = new BotProcess(child);
    const d = deployment;
    const ready = [0, 1].map((shard) =>
      d.next((l) => l.msg === 'bot ready' && l.shard === shard, `shard ${shard} ready`),
    );
    // Each shard process serves exactly the one guild Discord's formula gives it.
    expect((await Promise.all(ready)).map((l) => l.guilds)).toEqual([1, 1]);

    /** The first answer's text once it is filled in (a deferred reply shows "thinking" first). */
    const answer = async (handle: Promise<InteractionHandle>) => {
      const h = await handle;
      const text = await eventually(() => {
        const m = h.message;
        return m && !(m.flags & LOADING) ? renderMessageText(m) : undefined;
      }, 'the answer');
      await e.waitForIdle(100);
      return text;
    };
    const play = async (t: Table, steps: [EmuUser, 'click' | 'select', string][]) => {
      for (const [user, verb, label] of steps) {
        const text = await answer((verb === 'click' ? click : select)(e, user, t.channel, label));
        expect(text, `${user.username} ${verb} ${label}`).not.toMatch(/went wrong|moved on|can’t/);
      }
    };
    const store = new SessionStore(await openKeyv(REDIS), () => Date.now());
    const moves = async (t: Table) => {
      const loaded = await store.load(t.channel.id);
      return loaded.kind === 'ok' ? historyLength(loaded.session.history) : -1;
    };

    // The same seeded game on both shards (examples/item-collection-computers.txt).
    for (const t of tables) {
      const start = await answer(
        e.slash(alice.id, t.channel.id, 'game', {
          subcommand: 'start',
          options: { game: 'item-collection', seed: '7' },
        }),
      );
      expect(start).toMatch(/Lobby for Item Collection Game opened/);
      await play(t, [
        [bob, 'click', 'Join'],
        [alice, 'select', 'Honest'],
        [alice, 'select', 'Opportunist'],
        [alice, 'click', 'Start'],
        [alice, 'click', 'High (black joker)'],
        [bob, 'click', 'Ready'],
        [alice, 'click', 'Ready'],
      ]);
    }
    await e.waitForIdle(300);
    const before = await Promise.all(tables.map(moves));
    expect(before[0]).toBeGreaterThan(0);
    expect(before[1]).toBe(before[0]);

    // Shard 1 crashes; the manager starts a new process for it, which picks its games up again.
    const shard1 = d.lines.findLast((l) => l.msg === 'shard process started' && l.shard === 1);
    const respawned = d.next((l) => l.msg === 'shard process started' && l.shard === 1, 'shard 1 again');
    const readyAgain = d.next((l) => l.msg === 'bot ready' && l.shard === 1, 'shard 1 ready again');
    const crashedAt = Date.now();
    process.kill(shard1!.pid!, 'SIGKILL');
    expect((await respawned).pid).not.toBe(shard1!.pid);
    expect((await readyAgain).guilds).toBe(1);

    for (const t of tables)
      await play(t, [
        [alice, 'click', 'My view'],
        [alice, 'select', 'A♠'],
        [bob, 'click', 'My view'],
        [bob, 'select', 'A♥'],
      ]);
    // Both tables played the same moves (the last save may land just after the answer).
    let after: number[] = [];
    for (let i = 0; i < 100; i++) {
      after = await Promise.all(tables.map(moves));
      if (after[0] === after[1] && after[1]! > before[1]!) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(after[1]).toBeGreaterThan(before[1]!);
    expect(after[1]).toBe(after[0]);
    // The boards in both channels kept up: a board with controls was posted or edited after
    // the crash (publishing runs after the save, so it may land a moment later).
    for (const t of tables)
      await eventually(
        () =>
          e
            .messages(t.channel.id)
            .find(
              (m) =>
                !m.ephemeralTo &&
                !m.deleted &&
                Math.max(m.createdAt, m.editedAt ?? 0) >= crashedAt &&
                [...allComponents(m.components)].length > 0,
            ),
        'a board updated after the crash',
      );
    await store.close();
  }, 180_000);
});
