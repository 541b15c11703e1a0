/**
 * Issue #27: a game's own clocks follow the table's pace. At `pace:daily` a Collection Deck
 * disruption window stays open as long as the decision's deadline (a day and the reserve), and the
 * board shows that one deadline; without a pace, or with `window:` set by the host, the window
 * closes on the game's clock as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** alice commits a strategy; bob (a person who never answers) owes the disruption window. */
const commit = (start: string) => `@alice /game start game:collection-deck seed:5 rounds:2 ${start}
@bob click Join
@alice select Analyst
@alice click Start
@alice click My view
@alice select North Korean Nuclear Test Preparations (2 pt, PW, difficulty 7)
@alice select Double Agent Operation | Telemetry Intercept
@alice click Commit the strategy`;

/** The table with the window open, and the transcript that opened it (its board last). */
async function open(start: string) {
  h = await Harness.start();
  const run = scripted(h);
  const board = await run(commit(start));
  expect(board).toContain('Let it through');
  return { run, harness: h, board };
}

describe('GIVEN a Collection Deck disruption window nobody answers', () => {
  it('WHEN the table runs at pace:daily and an hour passes THEN the window is still open and its one deadline is the pace’s', async () => {
    const { run, harness } = await open('pace:daily');
    const waited = await run('wait 1h');
    expect(waited).not.toContain('Time is up');
    const board = await run('@alice /game status');
    expect(board).toContain('Let it through');
    expect(board).toContain('⏳ @bob: answer the disruption window (disrupt or let it through), due in 47h');
    expect(board).not.toContain('Disruption window ends');
    const session = await harness.bot.tables.load(harness.channel.id);
    expect(session?.timer).toBeUndefined();
  });

  it('WHEN the table has no pace THEN the window closes after its two minutes, as before', async () => {
    const { run, board } = await open('pace:none');
    expect(board).toContain('Disruption window ends in 2m');
    expect(await run('wait 3m')).toContain('⏱ Time is up: Disruption window.');
  });

  it('WHEN the host set window:3600 at pace:daily THEN the window closes after that hour and the board shows that deadline only', async () => {
    const { run, board } = await open('pace:daily window:3600');
    expect(board).toContain('⏳ @bob: answer the disruption window (disrupt or let it through), due in 1h');
    expect(board).not.toContain('let it through), due in 47h');
    expect(board).not.toContain('Disruption window ends');
    expect(await run('wait 61m')).toContain('⏱ Time is up: Disruption window.');
  });
});
