/**
 * Two bot processes on one store (a replica, or old and new during a rolling deploy): each
 * acknowledged action is applied exactly once, every game's end is shown (final board, winner
 * line, debrief once), and the process that did not get an interaction says nothing about it.
 */
import { Writable } from 'node:stream';
import { Events } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/app/app.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { nextInt, seedRng } from '../../src/games/rng.ts';
import { control, eventually } from '../../src/sandbox/bot-process.ts';
import { renderMessageText, titleOf, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs, storeUrls, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';
import { liveBoards } from './live-controls.ts';

let h: Harness | undefined;
let second: Bot | undefined;
afterEach(async () => {
  await second?.stop().catch(() => undefined); // @keyv/postgres shares one pool between connections
  await h?.stop().catch(() => undefined);
  h = second = undefined;
  removeTempDirs();
});

function split(bot: Bot, mine: number): void {
  bot.client.removeAllListeners(Events.InteractionCreate);
  bot.client.on(Events.InteractionCreate, (i) => {
    if (Number(BigInt(i.id) % 2n) === mine) void bot.router.handle(i);
  });
}

describe.each(storeUrls())('GIVEN two bot processes on one $name store', (store) => {
  it.skipIf(!store.url)(
    'WHEN players act at once on one table THEN each acknowledged action is applied exactly once',
    async () => {
      h = await Harness.start({ games: [tally], storeUrl: urlFor(store) });
      await scripted(h)(`@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`);
      second = await h.replica();
      // As behind a load balancer: each interaction reaches one process, alternately.
      split(h.bot, 0);
      split(second, 1);
      const players = ['alice', 'bob'].map((n) => h!.user(n).id);
      const handles = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          h!.emu.slash(players[i % 2]!, h!.channel.id, 'tally', {
            subcommand: 'note',
            options: { text: `n${i}` },
          }),
        ),
      );
      do {
        await h.settle();
        await second.router.idle();
      } while (h.bot.router.busy || second.router.busy);
      const answered = handles.filter((x) => x.message && renderMessageText(x.message).includes('Your view'));
      const refused = handles.filter((x) => !answered.includes(x));
      expect(refused.map((x) => x.message && renderMessageText(x.message))).toEqual([]);
      const session = await h.bot.tables.load(h.channel.id);
      const notes = (session?.state as TallyState).notes;
      expect([...notes].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `n${i}`).sort());
    },
    60_000,
  );

  it.skipIf(!store.url).each([
    ['both receive every interaction', false],
    ['each interaction reaches one of them, alternately (both publish the table)', true],
  ])(
    'WHEN %s, in games played to the end on a slow Discord THEN each game shows its final board, winner line and one debrief, and nothing is logged',
    async (_how, alternate) => {
      const lines: string[] = [];
      const logger = createLogger({
        level: 'warn',
        format: 'json',
        secrets: [],
        destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }),
      });
      h = await Harness.start({ games: [tally], storeUrl: urlFor(store), logger });
      second = await h.replica();
      if (alternate) {
        split(h.bot, 0);
        split(second, 1);
      }
      const both = [h.bot, second];
      const quiet = async () => {
        do {
          await h!.settle();
          for (const b of both) {
            await b.router.idle();
            await b.tables.publisher.idle();
          }
        } while (both.some((b) => b.router.busy));
      };
      const e = h.emu;
      const alice = h.user('alice');
      const bob = h.user('bob');
      const rng = seedRng(`replicas-${store.name}`);
      // Every message write takes 50-250 ms.
      for (let n = 0; n < 2000; n++)
        e.injectFault({ path: /^\/channels\/\d+\/messages/, delayMs: 50 + nextInt(rng, 200) });
      const GAMES_PLAYED = 5;
      for (let game = 0; game < GAMES_PLAYED; game++) {
        const from = e.messages(h.channel.id).length;
        await e.slash(alice.id, h.channel.id, 'game', {
          subcommand: 'start',
          options: { game: 'tally', target: 6 },
        });
        const join = await eventually(() => control(e, bob, h!.channel, 2, 'Join'), 'Join');
        await e.click(bob.id, join.message.id, join.customId);
        await quiet();
        const start = await eventually(() => control(e, alice, h!.channel, 2, 'Start'), 'Start');
        await e.click(alice.id, start.message.id, start.customId);
        await eventually(() => control(e, alice, h!.channel, 2, 'Add 1'), 'a board');
        // Players click as soon as they see their turn, 50-250 ms apart, boards or not.
        for (let clicks = 0; clicks < 40; clicks++) {
          const session = await h.bot.tables.load(h.channel.id);
          if (session?.status !== 'playing') break;
          const state = session.state as TallyState;
          const player = state.players[state.turn % state.players.length]?.id === bob.id ? bob : alice;
          const add = control(e, player, h.channel, 2, clicks % 2 ? 'Add 1' : 'Add 2');
          if (add) void e.click(player.id, add.message.id, add.customId).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 50 + nextInt(rng, 200)));
        }
        await quiet();
        const session = await h.bot.tables.load(h.channel.id);
        expect(session?.status, `game ${game}`).toBe('ended');
        const state = session?.state as TallyState;
        const messages = e
          .messages(h.channel.id)
          .slice(from)
          .filter((m) => !m.deleted);
        const texts = messages.map(renderMessageText);
        const boards = messages.filter((m: EmuMessage) => titleOf(m)?.startsWith('Tally:'));
        expect(titleOf(boards.at(-1)!), `game ${game}: the final board`).toBe(`Tally: ${state.total}/6`);
        expect(
          texts.filter((t) => t.includes(`reaches ${state.total} and wins!`)),
          `game ${game}: the winner line`,
        ).toHaveLength(1);
        expect(
          texts.filter((t) => t.includes('**Debrief**')),
          `game ${game}: the debrief`,
        ).toHaveLength(1);
        expect(liveBoards(messages), `game ${game}: boards left live`).toEqual([]);
      }
      // A shared Redis or PostgreSQL may hold other tests' tables, which start-up recovery tries too.
      const ours = lines.filter((l) => {
        const channelId = (JSON.parse(l) as { channelId?: string }).channelId;
        return channelId === undefined || channelId === h!.channel.id;
      });
      expect(ours).toEqual([]);
    },
    180_000,
  );
});
