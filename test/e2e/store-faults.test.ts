/**
 * The store failing under a running game: every failure is a clear refusal that changes
 * nothing anyone can see, and a failed read never looks like an empty channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { injectStoreFaults, type StoreFaultKind } from '../../src/sandbox/store-faults.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

const START = `@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`;

async function world() {
  h = await Harness.start({ games: [tally], storeUrl: urlFor({ name: 'sqlite', url: 'sqlite' }) });
  const run = scripted(h);
  await run(START);
  const faults = injectStoreFaults(h.bot.tables.deps.store);
  const world = h;
  const publicView = () =>
    JSON.stringify(
      world.emu
        .messages(world.channel.id)
        .filter((m) => !m.ephemeralTo)
        .map((m) => [m.id, m.content, m.components]),
    );
  const total = async () => ((await world.bot.tables.load(world.channel.id))?.state as TallyState).total;
  return { h, run, faults, publicView, total };
}

describe('GIVEN the store failing during a game', () => {
  it.each<[StoreFaultKind, number, RegExp]>([
    ['write-error', 1, /not answering right now, so nothing was changed/],
    ['read-error', 1, /not answering right now, so nothing was changed/],
    ['hang', 1, /not answering right now, so nothing was changed/],
    ['write-refused', 8, /changed at the same moment from elsewhere, so nothing was changed/],
  ])(
    'WHEN a click meets a %s (x%d) THEN the player is told so, no board changes, and the same move works afterwards',
    async (kind, count, told) => {
      const { run, faults, publicView, total, h } = await world();
      h.bot.tables.deps.store.timeoutMs = 200;
      const before = publicView();
      faults.inject(kind, count);
      expect(await run('@alice click Add 1')).toMatch(told);
      expect(publicView()).toBe(before);
      expect(await total()).toBe(0);
      expect(await run('@alice click Add 1')).not.toMatch(/not your turn|nothing was changed/);
      expect(await total()).toBe(1);
    },
  );

  it('WHEN one save loses a race THEN it is run again from a fresh load and lands once', async () => {
    const { run, faults, total } = await world();
    faults.inject('write-refused', 1);
    await run('@alice click Add 2');
    expect(faults.fired['write-refused']).toBe(1);
    expect(await total()).toBe(2);
  });

  it('WHEN reading fails on /game status THEN it says the store failed, not that there is no game', async () => {
    const { run, faults } = await world();
    faults.inject('read-error', 1);
    const out = await run('@carol /game status');
    expect(out).toMatch(/not answering right now/);
    expect(out).not.toMatch(/There is no game/);
  });
});
