/**
 * Two shards on one store: a table's turn timer is fired by the shard that serves its guild
 * (Discord's `(guild_id >> 22) % shards`), and the other shard, which also read the shared timer
 * index at start-up, leaves it alone (docs/architecture.md, *Growing past one process*).
 */
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createBot, type Bot } from '../../src/bot/app/app.ts';
import { shardOfGuild } from '../../src/bot/kernel/shard-ownership.ts';
import { buildCommands } from '../../src/commands/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
let other: Bot | undefined;
afterEach(async () => {
  await other?.stop();
  await h?.stop();
  h = other = undefined;
  removeTempDirs();
});

describe('GIVEN a running turn timer and two shard processes on one store', () => {
  it('WHEN it runs out THEN only the shard serving the table’s guild fires it, once', async () => {
    const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
    h = await Harness.start({ games: [tally], storeUrl });
    await scripted(h)(
      `@alice /game start game:tally seed:7 turnseconds:60\n@bob click Join\n@alice click Start`,
    );
    await h.bot.stop();
    const owner = shardOfGuild(h.guild.id, 2);
    const calls = new Map<number, string[]>([
      [0, []],
      [1, []],
    ]);
    const shard = async (id: number): Promise<Bot> => {
      const bot = createBot({
        token: h!.emu.token,
        apiUrl: h!.emu.apiUrl,
        keyv: await openKeyv(storeUrl),
        games: [tally],
        commands: buildCommands([tally]),
        clock: h!.clock,
        logger: h!.logger,
        shards: { ids: [id], count: 2 },
      });
      bot.client.rest.on('response', (request) => calls.get(id)?.push(`${request.method} ${request.path}`));
      await bot.start();
      await bot.recovery;
      return bot;
    };
    const bots = [await shard(0), await shard(1)];
    // The harness stops the owner at the end; the other shard is stopped here.
    h.bot = bots[owner]!;
    other = bots[1 - owner];
    expect(h.bot.client.guilds.cache.has(h.guild.id)).toBe(true);
    expect(other!.client.guilds.cache.has(h.guild.id)).toBe(false);
    for (const list of calls.values()) list.length = 0;

    await h.clock.advance(61_000);
    await h.settle();
    await other!.router.idle();
    const skipped = h.emu.messages(h.channel.id).filter((m) => renderMessageText(m).includes('Turn skipped'));
    expect(skipped).toHaveLength(1);
    expect(calls.get(owner)!.some((c) => c.includes(h!.channel.id))).toBe(true);
    expect(calls.get(1 - owner)).toEqual([]);
  });
});
