/**
 * An install upgraded from a build without the table index (issue #25, *Scale*): its tables are
 * found at the first start, by a process that runs only some shards too, and their games go on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBot, type Bot } from '../../src/bot/app/app.ts';
import { shardOfGuild } from '../../src/bot/kernel/shard-ownership.ts';
import { buildCommands } from '../../src/commands/index.ts';
import { renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { owe } from '../../src/storage/outbox.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { sweep } from '../../src/bot/table/sweep.ts';
import { STALE_ENTRY_MS, TABLE_INDEX_BUILT_KEY } from '../../src/storage/table-index.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
let shard: Bot | undefined;
afterEach(async () => {
  await shard?.stop();
  // The first test stops the harness's own bot itself and runs one of its own.
  if (!shard) await h?.bot.stop();
  await h?.emu.stop();
  h = shard = undefined;
  removeTempDirs();
});

describe('GIVEN a table saved by a build without the table index (current schema, no index entry)', () => {
  it('WHEN a process running only its shard starts THEN it finds the table: the owed board is posted and the turn timer fires', async () => {
    const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
    h = await Harness.start({ games: [tally], storeUrl });
    await scripted(h)(
      `@alice /game start game:tally seed:7 turnseconds:60\n@bob click Join\n@alice click Start`,
    );
    await h.bot.stop();
    const boards = () =>
      h!.emu.messages(h!.channel.id).filter((m) => titleOf(m)?.startsWith('Tally:')).length;
    const before = boards();
    // What the older build left: the record, its board owed (a crash before posting), and no index.
    const keyv = await openKeyv(storeUrl);
    const record = await new SessionStore(keyv, Date.now).load(h.channel.id);
    if (record.kind !== 'ok') throw new Error('no table');
    await keyv.set(`session:${h.channel.id}`, owe(record.session, { repost: true }));
    for (const key of [`index:tables:${h.guild.id}`, TABLE_INDEX_BUILT_KEY]) await keyv.delete(key);
    await keyv.disconnect();

    shard = createBot({
      token: h.emu.token,
      apiUrl: h.emu.apiUrl,
      keyv: await openKeyv(storeUrl),
      games: [tally],
      commands: buildCommands([tally]),
      clock: h.clock,
      logger: h.logger,
      shards: { ids: [shardOfGuild(h.guild.id, 2)], count: 2 },
    });
    await shard.start();
    const report = await shard.recovery;
    expect(report?.republished).toBe(1);
    await shard.tables.publisher.idle();
    expect(boards()).toBe(before + 1);

    await h.clock.advance(61_000);
    await h.clock.idle();
    await shard.router.idle();
    await shard.tables.publisher.idle();
    await h.emu.waitForIdle();
    expect(h.emu.messages(h.channel.id).some((m) => renderMessageText(m).includes('Turn skipped'))).toBe(
      true,
    );
  });
});

describe('GIVEN a table removed by /tradecraft reset', () => {
  it('WHEN the sweep runs THEN its index entry stays while young (a table may be opening there) and goes once old; a game opened there again is listed', async () => {
    h = await Harness.start({ games: [tally], storeUrl: urlFor({ name: 'sqlite', url: 'sqlite' }) });
    const run = scripted(h);
    await run(`@alice /game start game:tally seed:7\n@bob click Join`);
    const { tables } = h.bot;
    const listed = async () =>
      (await tables.deps.store.tableIndex.tables(() => true)).tables.map((t) => t.channelId);
    expect(await listed()).toEqual([h.channel.id]);
    expect(await run('@admin /tradecraft reset')).toContain('was removed');

    await sweep(tables, h.logger);
    expect(await listed()).toEqual([h.channel.id]);
    await h.clock.advance(STALE_ENTRY_MS + 60_000);
    await sweep(tables, h.logger);
    expect(await listed()).toEqual([]);

    await run(`@alice /game start game:tally seed:7`);
    expect(await listed()).toEqual([h.channel.id]);
  });
});
