/**
 * Games that go away (issue #24): the 6-hourly lobby expiry cannot end a game whose Start lands
 * at that very moment; a game removed by `/tradecraft reset` or set aside as unreadable leaves no
 * live buttons behind; and set-aside records are removed once past retention.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { allComponents } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { atomicStore } from '../../src/storage/atomic.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

const DAY = 24 * 60 * 60 * 1000;
const START = '@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start';

async function world() {
  const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
  h = await Harness.start({ games: [tally], storeUrl });
  const w = h;
  /** Messages in the channel with any control still working. */
  const live = () =>
    w.emu
      .messages(w.channel.id)
      .filter(
        (m) =>
          !m.ephemeralTo &&
          [...allComponents(m.components)].some(
            (c) => typeof c.custom_id === 'string' && c.disabled !== true,
          ),
      );
  /** Writes text under a key as the adapter would hold it, bypassing keyv's serializer. */
  const putRaw = async (key: string, text: string) => {
    const keyv = await openKeyv(storeUrl);
    await (keyv.store as { set(k: string, v: string): Promise<unknown> }).set(`tradecraft:${key}`, text);
    await keyv.disconnect();
  };
  /** The channels whose records are set aside, read from the store itself. */
  const setAside = async () => {
    const keyv = await openKeyv(storeUrl);
    const keys = await atomicStore(keyv).keys('quarantine:');
    await keyv.disconnect();
    return keys.map((k) => k.split(':')[1]);
  };
  return { h: w, run: scripted(w), live, putRaw, setAside };
}

describe('GIVEN a lobby nobody started for 7 days', () => {
  it('WHEN its Start lands just as the lobby expiry looks at it THEN the game is not ended', async () => {
    const { h, run } = await world();
    await run('@alice /game start game:tally seed:7\n@bob click Join');
    // Forced interleaving: the expiry's first locked step lets the host's Start land first.
    const store = h.bot.tables.deps.store;
    const withLock = store.withLock.bind(store);
    let interleaved = false;
    store.withLock = (async (channelId: string, fn: () => Promise<unknown>) => {
      if (!interleaved) {
        interleaved = true;
        await run('@alice click Start');
      }
      return withLock(channelId, fn);
    }) as typeof store.withLock;
    await h.clock.advance(7 * DAY + 7 * 60 * 60 * 1000);
    await h.settle();
    expect(interleaved).toBe(true);
    const session = await h.bot.tables.load(h.channel.id);
    expect(session?.status).toBe('playing');
    expect(session?.endedReason).toBeUndefined();
  });
});

describe('GIVEN a game with a live board', () => {
  it('WHEN an admin runs /tradecraft reset THEN no message of that game keeps a live button', async () => {
    const { run, live } = await world();
    await run(START);
    expect(live().length).toBeGreaterThan(0);
    expect(await run('@admin /tradecraft reset')).toContain('was removed');
    expect(live()).toEqual([]);
  });

  it('WHEN its record turns out unreadable and is set aside THEN its boards lose their buttons', async () => {
    const { h, run, live, putRaw } = await world();
    await run(START);
    await putRaw(`session:${h.channel.id}`, '{"value": {"schema": 2, "id": ');
    const out = await run('@carol /game status');
    expect(out).toMatch(/could not be read .* set aside as `quarantine:/);
    expect(live()).toEqual([]);
  });
});

describe('GIVEN records set aside as unreadable', () => {
  it('WHEN they outlive the retention THEN the sweep removes them: the server’s when the record names it, else 30 days', async () => {
    const { h, run, putRaw, setAside } = await world();
    await run('@admin /tradecraft settings retention:2');
    const named = h.emu.createChannel(h.guild.id, { name: 'named' }).id;
    await putRaw(`session:${h.channel.id}`, 'not a record at all');
    await putRaw(`session:${named}`, JSON.stringify({ value: { schema: 'two', guildId: h.guild.id } }));
    await h.bot.tables.load(h.channel.id);
    await h.bot.tables.load(named);
    expect((await setAside()).sort()).toEqual([h.channel.id, named].sort());
    await h.clock.advance(3 * DAY);
    expect(await setAside()).toEqual([h.channel.id]);
    await h.clock.advance(28 * DAY);
    expect(await setAside()).toEqual([]);
  });
});
