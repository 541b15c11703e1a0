/**
 * Deadlines that always fire (issue #24): a phase timer or a pace deadline that meets a failed
 * store read is tried again; a deadline whose index entry was never written (a failed write, a
 * crash between the session and the index) is found again at start-up; and a step of the host's
 * wall clock neither delays a deadline nor makes an answer look older than its question.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { injectStoreFaults } from '../../src/sandbox/store-faults.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

const HOUR = 3_600_000;
const START = (options: string) =>
  `@alice /game start game:tally seed:7 target:50 ${options}\n@bob click Join\n@alice click Start`;

async function world() {
  h = await Harness.start({ games: [tally], storeUrl: urlFor({ name: 'sqlite', url: 'sqlite' }) });
  const w = h;
  const moves = async () => ((await w.bot.tables.load(w.channel.id))?.state as TallyState).moves;
  const said = () =>
    w.emu
      .messages(w.channel.id)
      .filter((m) => !m.ephemeralTo)
      .map(renderMessageText)
      .join('\n');
  return { h: w, run: scripted(w), moves, said };
}

describe('GIVEN a deadline that fires during one failed store read', () => {
  it('WHEN it is a phase timer (a one-minute turn) THEN it is tried again and the turn ends', async () => {
    const { h, run, moves } = await world();
    await run(START('turnseconds:60'));
    await run('wait 35s'); // past the reminder, half way through the turn
    // Up to half a second before the turn ends (read from the record: on a slow Discord the real
    // seconds the steps took have passed on the clock too), the next store read fails.
    const due = (await h.bot.tables.load(h.channel.id))?.timer?.due ?? 0;
    await run(`wait ${Math.max(0, due - h.clock.now() - 500)}ms`);
    injectStoreFaults(h.bot.tables.deps.store).inject('read-error', 1);
    await run('wait 1000ms');
    expect(await moves()).toBe(0);
    await run('wait 30s');
    expect(await moves()).toBeGreaterThan(0);
  });

  it('WHEN it is a pace deadline THEN it is tried again and the default is played', async () => {
    const { h, run, said } = await world();
    await run(START('pace:live'));
    await run('wait 405s'); // past the reminder, 30 s before the deadline
    expect(said()).toContain('⏰');
    const faults = injectStoreFaults(h.bot.tables.deps.store);
    faults.inject('read-error', 1);
    await run('wait 15s\nwait 1m');
    expect(faults.fired['read-error']).toBe(1);
    expect(said()).toContain('Out of time');
  });
});

describe('GIVEN a table whose deadline never reached the deadline index', () => {
  it('WHEN the index write fails at /game resume THEN the deadline still fires, and after a restart too', async () => {
    const { h, run, said } = await world();
    await run(START('pace:live'));
    await run('@alice /game pause');
    injectStoreFaults(h.bot.tables.deps.records.deadlines).inject('write-error', 1);
    expect(await run('@alice /game resume')).toContain('Clock running');
    await run('wait 8m');
    expect(said()).toContain('Out of time');

    // The same again, and the bot restarts before the deadline: the index must have caught up.
    await run('@bob click Add 1\n@alice /game pause');
    injectStoreFaults(h.bot.tables.deps.records.deadlines).inject('write-error', 1);
    await run('@alice /game resume');
    await h.restartBot();
    const before = said().split('Out of time').length;
    await run('wait 3m');
    expect(said().split('Out of time').length).toBe(before + 1);
  });

  it('WHEN the process died between saving the session and writing its index entry THEN start-up finds the deadline', async () => {
    const { h, run, said } = await world();
    await run(START('pace:live'));
    // What a crash between the two writes leaves: the session has the clock, the index does not.
    await h.bot.tables.deps.records.deadlines.set(h.channel.id, undefined);
    await h.restartBot();
    await run('wait 8m');
    expect(said()).toContain('Out of time');
  });
});

describe('GIVEN the host’s wall clock steps back an hour', () => {
  it('WHEN a 3-second turn is running THEN it ends after about 3 seconds, not an hour', async () => {
    const { h, run, moves } = await world();
    await run(START('turnseconds:3'));
    h.clock.stepWall(-HOUR);
    await run('wait 4s');
    expect(await moves()).toBeGreaterThan(0);
  });

  it('WHEN a player answers just after the step THEN the answer counts: one more miss does not hand the seat to a computer', async () => {
    const { h, run, said } = await world();
    await run(START('pace:live'));
    await run('wait 8m'); // alice misses a decision: one in a row
    expect(said()).toContain('Out of time');
    await run('@bob click Add 1');
    h.clock.stepWall(-HOUR);
    await run('wait 1s\n@alice click Add 1\n@bob click Add 1');
    await run('wait 3m'); // alice misses again: one in a row, since her answer counted
    expect(said().split('Out of time').length).toBe(3);
    expect(said()).not.toContain('a computer plays');
  });
});
