/**
 * Two bot processes on one store (a replica, or old and new during a rolling deploy), both
 * receiving every interaction: each acknowledged action is applied exactly once.
 */
import { Events } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/app/app.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs, storeUrls, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

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
});
