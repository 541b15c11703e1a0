/**
 * Honest answers after the save (issue #24): when the store fails after a move was saved — while
 * its new board is recorded, while the table is read to show it, or at the end of the wrap-up of
 * the game it ended — the player hears that the move counts and that the board catches up, and
 * it does: a minute later one live board shows the stored table.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { allComponents } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { injectStoreFaults, type StoreFaultKind } from '../../src/sandbox/store-faults.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { owes } from '../../src/storage/outbox.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

async function world(target: number) {
  h = await Harness.start({ games: [tally], storeUrl: urlFor({ name: 'sqlite', url: 'sqlite' }) });
  const w = h;
  const run = scripted(w);
  await run(`@alice /game start game:tally seed:7 target:${target}\n@bob click Join\n@alice click Start`);
  const load = () => w.bot.tables.load(w.channel.id);
  /** Messages in the channel whose game controls still work. */
  const liveBoards = () =>
    w.emu
      .messages(w.channel.id)
      .filter(
        (m) =>
          !m.ephemeralTo &&
          [...allComponents(m.components)].some(
            (c) => typeof c.custom_id === 'string' && /^[af]\|/.test(c.custom_id) && c.disabled !== true,
          ),
      )
      .map((m) => m.id);
  return { h: w, run, load, liveBoards };
}

describe('GIVEN a move the store saved before failing', () => {
  it.each<[string, StoreFaultKind, number]>([
    ['recording the new board', 'write-error', 1],
    ['reading the table to show it', 'read-error', 1],
  ])(
    'WHEN it fails while %s THEN the player hears the move counts, and the board catches up by itself',
    async (_when, kind, skip) => {
      const { h, run, load, liveBoards } = await world(50);
      injectStoreFaults(h.bot.tables.deps.store).inject(kind, 1, { skip });
      const said = await run('@alice click Add 1');
      expect(said).toMatch(/Your move was saved and counts/);
      expect(said).toMatch(/catches up by itself/);
      expect(said).not.toMatch(/nothing was changed/);
      expect(((await load())?.state as TallyState).total).toBe(1);
      await run('wait 1m');
      const session = await load();
      expect(session && owes(session)).toBe(false);
      expect(liveBoards()).toEqual([session?.boardMessageId]);
      // The board that caught up takes the next move.
      await run('@bob click Add 2');
      expect(((await load())?.state as TallyState).total).toBe(3);
    },
  );

  it("WHEN recording the new board fails until past Discord's nonce window THEN the board posted but never recorded is disarmed, and one board is live", async () => {
    const { h, run, load, liveBoards } = await world(50);
    // The first round and the retries at 5 s, 30 s and 2 min fail to record the board they post;
    // the retry 10 min later, past the nonce window, posts a board of its own.
    injectStoreFaults(h.bot.tables.deps.store).inject('write-error', 4, { skip: 1 });
    const said = await run('@alice click Add 1');
    expect(said).toMatch(/Your move was saved and counts/);
    // A minute at a time: each retry is scheduled by the one before it.
    for (let minute = 0; minute < 20; minute++) await run('wait 1m');
    const session = await load();
    expect(session && owes(session)).toBe(false);
    expect(liveBoards()).toEqual([session?.boardMessageId]);
    await run('@bob click Add 2');
    expect(((await load())?.state as TallyState).total).toBe(3);
  });

  it('WHEN it fails at the end of the wrap-up of the game it ended THEN the player hears the move counts', async () => {
    const { h, run, load } = await world(3);
    await run('@alice click Add 2');
    injectStoreFaults(h.bot.tables.deps.store).inject('write-error', 1, { skip: 2 });
    const said = await run('@bob click Add 1');
    expect(said).toMatch(/Your move was saved and counts/);
    expect(said).not.toMatch(/nothing was changed/);
    expect(said).toContain('Debrief');
    expect((await load())?.status).toBe('ended');
  });

  it('WHEN a typed move (/tally add) meets the same failure THEN it is told the same', async () => {
    const { h, run, load } = await world(50);
    injectStoreFaults(h.bot.tables.deps.store).inject('write-error', 1, { skip: 1 });
    const said = await run('@alice /tally add n:2');
    expect(said).toMatch(/Your move was saved and counts/);
    expect(((await load())?.state as TallyState).total).toBe(2);
  });
});
