/** A table whose stored record is unreadable, or gone with a deleted or replaced database. */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
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

const START = `@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`;

async function world() {
  const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
  h = await Harness.start({ games: [tally], storeUrl });
  const run = scripted(h);
  await run(START);
  const keyv = await openKeyv(storeUrl);
  return { h, run, keyv };
}

describe('GIVEN a game whose record has become unreadable', () => {
  it('WHEN the admin runs /tradecraft reset THEN it works, the record is set aside and the table is told', async () => {
    const { h, run, keyv } = await world();
    const adapter = keyv.store as { set(k: string, v: string): Promise<unknown> };
    await adapter.set(`tradecraft:session:${h.channel.id}`, '{"value": {"schema": 1, "id": ');
    const out = await run('@admin /tradecraft reset');
    expect(out).toMatch(/could not be read .* set aside as `quarantine:/);
    expect(out).toContain('The game record for this channel was removed.');
    expect(await run('@alice /game start game:tally')).toContain('Lobby for Tally opened below');
    await keyv.disconnect();
  });
});

describe('GIVEN a game the store no longer has (database deleted or replaced)', () => {
  it('WHEN a player clicks its board THEN they are told the game was lost, not that there is no game', async () => {
    const { h, run, keyv } = await world();
    await keyv.delete(`session:${h.channel.id}`);
    const out = await run('@alice click Add 1');
    expect(out).toMatch(/no longer has this game/);
    expect(out).not.toMatch(/There is no game in this channel/);
    await keyv.disconnect();
  });
});
