/**
 * How long records are kept (issue #14): finished games for the server's retention
 * (`/tradecraft settings retention:`, 30 days by default), lobbies nobody starts for 7 days,
 * removed by the sweep of a bot that keeps running, with the adjustable clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const DAY = 24 * 60 * 60 * 1000;
const FINISHED =
  '@alice /game start game:tally target:3\n@bob click Join\n@alice click Start\n@alice click Add 2\n@bob click Add 1';

async function world() {
  h = await Harness.start({ games: [tally] });
  const harness = h;
  const kind = async () => (await harness.bot.tables.deps.store.load(harness.channel.id)).kind;
  return { h: harness, run: scripted(harness), kind };
}

describe('GIVEN the retention setting', () => {
  it('WHEN it is out of range THEN a clear error changes nothing; WHEN valid THEN it is shown back with the other settings', async () => {
    const { run } = await world();
    for (const bad of [0, 366, -5])
      expect(await run(`@admin /tradecraft settings retention:${bad} missed:4`)).toContain(
        `\`retention\` is a number of days between 1 and 365 (got ${bad}). Nothing was changed.`,
      );
    const shown = await run('@admin /tradecraft settings');
    expect(shown).toContain('retention**: finished games are kept 30 days, then removed');
    expect(shown).toContain('after 2 missed decisions');
    const saved = await run('@admin /tradecraft settings retention:3');
    expect(saved).toContain('Settings saved.');
    expect(saved).toContain('retention**: finished games are kept 3 days, then removed');
    expect(saved).toContain('pace**: none');
    expect(await run('@admin /tradecraft settings retention:1')).toContain('kept 1 day, then removed');
  });
});

describe('GIVEN a running bot and a finished game', () => {
  it('WHEN the server keeps games 3 days THEN the sweep keeps it for 3 days and then removes it, without a restart', async () => {
    const { h, run, kind } = await world();
    await run('@admin /tradecraft settings retention:3');
    await run(FINISHED);
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('ended');
    await h.clock.advance(2 * DAY);
    expect(await kind()).toBe('ok');
    expect(await run('@alice /game export')).toContain('Transcript of Tally');
    await h.clock.advance(2 * DAY);
    expect(await kind()).toBe('none');
    // The channel is free for a new game.
    expect(await run('@alice /game start game:tally')).toContain('Lobby for Tally opened');
  });

  it('WHEN the setting is left alone THEN the game is kept 30 days by default', async () => {
    const { h, run, kind } = await world();
    await run(FINISHED);
    await h.clock.advance(29 * DAY);
    expect(await kind()).toBe('ok');
    await h.clock.advance(2 * DAY);
    expect(await kind()).toBe('none');
  });

  it('WHEN a game is still being played THEN no retention removes it', async () => {
    const { h, run } = await world();
    await run('@admin /tradecraft settings retention:1');
    await run('@alice /game start game:tally\n@bob click Join\n@alice click Start');
    await h.clock.advance(40 * DAY);
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('playing');
  });
});

describe('GIVEN a lobby nobody starts, on a bot that keeps running', () => {
  it('WHEN 7 days pass THEN it is still open; after that the sweep closes it and says so', async () => {
    const { h, run } = await world();
    await run('@alice /game start game:tally');
    await h.clock.advance(6 * DAY);
    await h.settle();
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('lobby');
    await h.clock.advance(2 * DAY);
    await h.settle();
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('ended');
    expect(
      h.emu.messages(h.channel.id).some((m) => m.content.includes('nobody started it within 7 days')),
    ).toBe(true);
  });
});
