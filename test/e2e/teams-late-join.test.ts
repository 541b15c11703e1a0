/** Collection Deck's team play and late arrivals, through the lobby and the board. */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world() {
  h = await Harness.start();
  const run = scripted(h);
  return { h, run };
}

const hand = (out: string) => /Your hand[^\n]*\n([\s\S]*?)Fits right now/.exec(out)?.[1] ?? '';

describe('GIVEN Collection Deck with teams', () => {
  it('WHEN a user joins a team from the lobby THEN the team shares one seat and one hand, and either may act', async () => {
    const { h, run } = await world();
    await run(
      "@alice /game start game:collection-deck seed:5\n@carol select Join alice's team\n@bob click Join",
    );
    expect(
      await run(
        "@dave select Join alice's team\n@erin select Join alice's team\n@frank select Join alice's team",
      ),
    ).toContain('That team is full (3 players).');
    const started = await run('@alice click Start');
    expect(started).toContain('begins: @alice, @bob.');
    expect(started).toContain('@alice @carol @dave — your move.');
    const alices = hand(await run('@alice click My view'));
    const carols = hand(await run('@carol click My view'));
    expect(alices.length).toBeGreaterThan(20);
    expect(carols).toBe(alices);
    expect(await run('@grace click My view')).toContain('You are not playing in this game');
    // Carol plays for the team: her pass moves the turn to bob.
    expect(await run('@carol click Pass')).toContain('@bob — your move.');
    const loaded = await h.bot.tables.deps.store.load(h.channel.id);
    expect(loaded.kind === 'ok' && loaded.session.seats[0]?.members).toEqual([
      h.user('alice').id,
      h.user('carol').id,
      h.user('dave').id,
    ]);
  });

  it('WHEN the owner of a team seat leaves the lobby THEN the seat passes to the next member', async () => {
    const { h, run } = await world();
    await run(
      "@alice /game start game:collection-deck seed:5\n@carol select Join alice's team\n@alice click Leave",
    );
    const loaded = await h.bot.tables.deps.store.load(h.channel.id);
    expect(loaded.kind === 'ok' && loaded.session.seats).toEqual([
      { id: h.user('carol').id, name: "alice's team", members: [h.user('carol').id] },
    ]);
  });
});

describe('GIVEN a Collection Deck game under way', () => {
  it('WHEN a newcomer presses Join next round THEN they are dealt in when the next round starts, once', async () => {
    const { run } = await world();
    await run('@alice /game start game:collection-deck seed:5\n@bob click Join\n@alice click Start');
    expect(await run('@erin click Join next round')).toContain(
      'erin will join at the start of the next round',
    );
    expect(await run('@erin click Join next round')).toContain('You are already at this table.');
    await run('@alice click My view\n@alice click Pass\n@bob click My view\n@bob click Pass');
    const next = await run(
      '@alice click My view\n@alice click Keep my hand\n@bob click My view\n@bob click Keep my hand',
    );
    expect(next).toContain('erin joins the game.');
    expect(hand(await run('@erin click My view')).split('•').length - 1).toBe(7);
  });

  it('WHEN the game does not take late players THEN the board offers no such button', async () => {
    const { run } = await world();
    const out = await run(
      '@alice /game start game:item-collection\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    expect(out).toContain('[My view]');
    expect(out).not.toContain('Join next round');
  });
});
