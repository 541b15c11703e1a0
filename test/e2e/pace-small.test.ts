/**
 * Issue #27, the small things: counts read "1 missed decision" (not "decisions"), the lobby
 * shows the table's pace, and a rematch re-seats only the people who played their seats, asking
 * the absentees to join instead of seating them silently.
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

describe('GIVEN a server where a computer steps in after one missed decision', () => {
  it('WHEN bob misses one THEN the table reads "After 1 missed decision in a row", singular', async () => {
    const { run } = await world();
    await run('@admin /tradecraft settings missed:1');
    await run(
      '@alice /game start game:tally target:5 seed:7 pace:daily\n@bob click Join\n@alice click Start',
    );
    await run('@alice click Add 1');
    const out = await run('wait 2d');
    expect(out).toContain("After 1 missed decision in a row, a computer plays @bob's seat.");
    expect(out).not.toContain('1 missed decisions');
  });
});

describe('GIVEN a lobby', () => {
  it('WHEN it opens THEN it shows the table’s pace, the server default when none was given', async () => {
    const { run } = await world();
    expect(await run('@alice /game start game:tally pace:daily')).toContain(
      'Pace: daily (a day a decision, a day in reserve)',
    );
    await run('@alice /game end');
    await run('@alice click End the game');
    expect(await run('@alice /game start game:tally')).toContain(
      'Pace: none (no deadlines; the host nudges with `/game skip`)',
    );
  });
});

describe('GIVEN a finished game in which a computer kept bob’s seat warm', () => {
  it('WHEN alice calls a rematch THEN only alice is seated, in a lobby, and bob is asked to join', async () => {
    const { h: harness, run } = await world();
    await run('@admin /tradecraft settings missed:1');
    await run(
      '@alice /game start game:tally target:5 seed:7 pace:daily\n@bob click Join\n@alice click Start',
    );
    await run('@alice click Add 1\nwait 2d\n@alice click Add 1');
    expect((await harness.bot.tables.load(harness.channel.id))?.status).toBe('ended');
    const out = await run('@alice click Rematch');
    expect(out).not.toContain('Rematch of Tally');
    expect(out).toContain('@bob, you did not play your seat to the end last game. Press **Join**');
    const next = await harness.bot.tables.load(harness.channel.id);
    expect(next?.status).toBe('lobby');
    expect(next?.seats.map((s) => s.id)).toEqual([harness.user('alice').id]);
    expect(await run('@bob click Join')).toContain(`2. @bob`);
  });
});
