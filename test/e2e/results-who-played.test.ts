/**
 * Issue #27: a result belongs to the person who played the seat. An absentee whose seat a
 * computer took over, a player the host removed, and a player who never moved (the host skipped
 * each of their turns) get nothing in `/game stats`; the player who played gets their game.
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

async function world() {
  h = await Harness.start({ games: [tally] });
  return { h, run: scripted(h) };
}

const start = (pace: string) => `@alice /game start game:tally target:5 seed:7 pace:${pace}
@bob click Join
@alice click Start`;

async function ended(harness: Harness): Promise<void> {
  expect((await harness.bot.tables.load(harness.channel.id))?.status).toBe('ended');
}

describe('GIVEN a finished game where bob did not play his seat himself', () => {
  it('WHEN bob never answered at pace:daily and a computer took his seat THEN his stats show no game, and alice has hers', async () => {
    const { h: harness, run } = await world();
    await run(`${start('daily')}\n@alice click Add 1\nwait 2d\n@alice click Add 1`);
    expect(await run('wait 2d')).toContain("a computer plays @bob's seat");
    await run('@alice click Add 1');
    await ended(harness);
    expect(await run('@alice /game stats user:@bob')).toContain(
      '@bob has not finished a game in this server yet.',
    );
    expect(await run('@alice /game stats')).toContain('played 1, won 1 (100%)');
  });

  it('WHEN the host removed bob after his first move THEN the game does not count for him', async () => {
    const { h: harness, run } = await world();
    await run(`${start('none')}\n@alice click Add 1\n@bob click Add 1\n@alice /game remove player:@bob`);
    await run('@alice click Add 1');
    await ended(harness);
    expect(await run('@alice /game stats user:@bob')).toContain('has not finished a game');
  });

  it('WHEN bob never moved and the host skipped each of his turns THEN the game does not count for him', async () => {
    const { h: harness, run } = await world();
    await run(
      `${start('none')}\n@alice click Add 1\n@alice /game skip\n@alice click Add 1\n@alice /game skip`,
    );
    await run('@alice click Add 1');
    await ended(harness);
    expect(await run('@alice /game stats user:@bob')).toContain('has not finished a game');
    expect(await run('@alice /game stats')).toContain('played 1');
  });
});
