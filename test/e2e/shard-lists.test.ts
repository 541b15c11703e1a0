/**
 * Shards on several machines (issue #25, *Scale*): two bot processes, each running its own list
 * of shards (`SHARD_LIST`: 0,1 and 2,3 of 4, one discord.js client each), share one store. The
 * emulator routes each server to shard `(guild_id >> 22) % 4` as Discord does. After a crash each
 * process recovers only its own servers' tables (it reads no other table's record), and a game in
 * every server plays to its end on the process that serves it. On SQLite always, on Redis and
 * PostgreSQL when provided.
 */
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createBot, type Bot, type BotOptions } from '../../src/bot/app/app.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { shardOfGuild } from '../../src/bot/kernel/shard-ownership.ts';
import { buildCommands } from '../../src/commands/index.ts';
import { AdjustableClock } from '../../src/sandbox/clock.ts';
import { click, eventually, spawnBot, type BotProcess } from '../../src/sandbox/bot-process.ts';
import {
  DiscordEmulator,
  renderMessageText,
  titleOf,
  type EmuChannel,
  type EmuUser,
} from '../../src/sandbox/emulator/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { owe } from '../../src/storage/outbox.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import type { AnyEngine } from '../../src/games/contract.ts';
import { GAMES } from '../../src/games/index.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, storeUrls, urlFor } from '../storage/stores.ts';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';
const DISCORD_EPOCH = 1_420_070_400_000n;
const SHARDS = 4;
const LISTS = [
  [0, 1],
  [2, 3],
];

let emu: DiscordEmulator | undefined;
const bots: Bot[] = [];
const processes: BotProcess[] = [];
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.stop().catch(() => undefined);
  await Promise.all(processes.splice(0).map((p) => p.stop()));
  await emu?.stop();
  emu = undefined;
  removeTempDirs();
});

/** One server per shard, each with a #table: server k is on shard k. */
interface Server {
  shard: number;
  guildId: string;
  channel: EmuChannel;
}

async function world(storeUrl: string, games: readonly AnyEngine[] = [tally]) {
  const clock = new AdjustableClock();
  const e = new DiscordEmulator({ clock, token: TOKEN, shards: SHARDS });
  emu = e;
  await e.start();
  const admin = e.createUser({ username: 'admin' });
  const alice = e.createUser({ username: 'alice' });
  const bob = e.createUser({ username: 'bob' });
  // New ids on every run (a Redis or PostgreSQL store outlives it).
  const ms = BigInt(Date.now()) - DISCORD_EPOCH;
  const servers: Server[] = Array.from({ length: SHARDS }, (_, k) => {
    const guild = e.createGuild({
      name: `Shard ${k}`,
      id: String((ms * BigInt(SHARDS) + BigInt(k)) << 22n),
      ownerId: admin.id,
    });
    for (const u of [alice, bob]) e.addMember(guild.id, u.id);
    return { shard: k, guildId: guild.id, channel: e.createChannel(guild.id, { name: 'table' }) };
  });
  const rest = new REST({ api: e.apiUrl }).setToken(TOKEN);
  const body = buildCommands(games).map((c) => c.data);
  for (const s of servers)
    await rest.put(Routes.applicationGuildCommands(e.applicationId, s.guildId), { body });

  /** A bot process on the shared store: every shard, or the given list of SHARDS. */
  const bot = async (ids?: number[]): Promise<Bot> => {
    const options: BotOptions = {
      token: TOKEN,
      apiUrl: e.apiUrl,
      keyv: await openKeyv(storeUrl),
      games: [tally],
      commands: buildCommands([tally]),
      clock,
      logger: createLogger({ level: 'silent', format: 'json', secrets: [] }),
      ...(ids ? { shards: { ids, count: SHARDS } } : {}),
    };
    const b = createBot(options);
    bots.push(b);
    return b;
  };
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await clock.idle();
      for (const b of bots) {
        await b.router.idle();
        await b.tables.publisher.idle();
      }
      await e.waitForIdle(50);
    }
  };
  const boards = (s: Server) =>
    e.messages(s.channel.id).filter((m) => titleOf(m)?.startsWith('Tally:') === true).length;
  return { e, clock, alice, bob, servers, bot, settle, boards };
}

/** Clicks as `user` in the server's channel, once the control shows, and lets everything settle. */
async function press(
  w: Awaited<ReturnType<typeof world>>,
  user: EmuUser,
  s: Server,
  label: string,
): Promise<void> {
  await click(w.e, user, s.channel, label);
  await w.settle();
}

describe.each(storeUrls())(
  'GIVEN two processes running shards 0,1 and 2,3 of 4 on one $name store',
  (under) => {
    it.skipIf(!under.url)(
      'WHEN both start after a crash THEN each recovers only its own servers’ tables, and a game in each server plays to its end on its own process',
      async () => {
        const storeUrl = urlFor(under);
        const w = await world(storeUrl);
        const { e, alice, bob, servers } = w;

        // Before: one process served every shard, with a table open in each server...
        const before = await w.bot();
        await before.start();
        for (const s of servers) {
          await e.slash(alice.id, s.channel.id, 'game', { subcommand: 'start', options: { game: 'tally' } });
          await w.settle();
          await press(w, bob, s, 'Join');
          await press(w, alice, s, 'Start');
        }
        await before.stop();
        bots.splice(bots.indexOf(before), 1);
        // ...and crashed with every table's board owed.
        const writer = new SessionStore(await openKeyv(storeUrl), Date.now);
        for (const s of servers) {
          const r = await writer.load(s.channel.id);
          if (r.kind !== 'ok') throw new Error(`no table in ${s.guildId}`);
          await writer.save(owe(r.session, { repost: true }), r.session.version);
        }
        await writer.close();
        const boardsBefore = servers.map(w.boards);

        // Now: two processes, each with its list of shards. Every record each reads is noted,
        // with the server it names, and every Discord request each makes.
        const procs = await Promise.all(LISTS.map((ids) => w.bot(ids)));
        const reads = procs.map(() => new Map<string, string | undefined>());
        const requests = procs.map(() => [] as string[]);
        procs.forEach((p, i) => {
          const { store } = p.tables.deps;
          const load = store.load.bind(store);
          store.load = async (channelId) => {
            const r = await load(channelId);
            reads[i]!.set(channelId, r.kind === 'ok' ? r.session.guildId : undefined);
            return r;
          };
          p.client.rest.on('response', (request) => requests[i]!.push(request.path));
        });
        await Promise.all(procs.map((p) => p.start()));
        const reports = await Promise.all(procs.map(async (p) => p.recovery));
        await w.settle();

        procs.forEach((p, i) => {
          const own = servers.filter((s) => LISTS[i]!.includes(s.shard));
          const others = servers.filter((s) => !LISTS[i]!.includes(s.shard));
          expect([...p.client.guilds.cache.keys()].sort()).toEqual(own.map((s) => s.guildId).sort());
          // Its own tables read and recovered; no other server's table read (a shared store may
          // hold earlier runs' tables: those it reads are its shards' too).
          for (const s of own) expect(reads[i]!.has(s.channel.id)).toBe(true);
          for (const s of others) expect(reads[i]!.has(s.channel.id)).toBe(false);
          for (const guildId of reads[i]!.values())
            if (guildId) expect(LISTS[i]).toContain(shardOfGuild(guildId, SHARDS));
          expect(reports[i]!.republished).toBeGreaterThanOrEqual(own.length);
        });
        servers.forEach((s, k) =>
          expect(w.boards(s), `board owed in server ${k}`).toBe(boardsBefore[k]! + 1),
        );

        // A game in every server plays to its end, served by the process whose shard it is on.
        for (const s of servers)
          for (const [i, user] of [alice, bob, alice, bob, alice].entries())
            await press(w, user, s, 'Add 2').catch((err: unknown) => {
              throw new Error(`move ${i + 1} in server ${s.shard}: ${String(err)}`);
            });
        for (const s of servers) {
          expect(
            e.messages(s.channel.id).some((m) => renderMessageText(m).includes('reaches 10 and wins!')),
          ).toBe(true);
          const owner = LISTS.findIndex((ids) => ids.includes(s.shard));
          expect(requests[owner]!.some((path) => path.includes(s.channel.id))).toBe(true);
          expect(requests[1 - owner]!.some((path) => path.includes(s.channel.id))).toBe(false);
        }
      },
      120_000,
    );
  },
);

describe('GIVEN npm start on two processes, SHARDS=4 with SHARD_LIST=0,1 and SHARD_LIST=2,3, on one SQLite file', () => {
  it('WHEN both are ready THEN each runs its two shards in one client, serves their two servers, and answers there', async () => {
    const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
    const w = await world(storeUrl, GAMES);
    const started = ['0,1', '2,3'].map((list) => {
      const p = spawnBot('src/main.ts', {
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: w.e.apiUrl,
        STORE_URL: storeUrl,
        SHARDS: String(SHARDS),
        SHARD_LIST: list,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      });
      processes.push(p);
      return p.next((l) => l.msg === 'bot ready', `the process of shards ${list} ready`);
    });
    const ready = await Promise.all(started);
    expect(ready.map((l) => [l['shards'], l.guilds])).toEqual([
      [[0, 1], 2],
      [[2, 3], 2],
    ]);
    // Discord (the emulator) routes each server's interactions to its shard's process only.
    for (const s of w.servers) {
      const handle = await w.e.slash(w.alice.id, s.channel.id, 'game', {
        subcommand: 'start',
        options: { game: 'item-collection' },
      });
      const text = await eventually(() => {
        const m = handle.message;
        return m && !(m.flags & 128) ? renderMessageText(m) : undefined;
      }, `the answer in server ${s.shard}`);
      expect(text).toMatch(/Lobby for Item Collection Game opened/);
    }
  });
});
