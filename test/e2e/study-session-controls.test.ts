/**
 * A study session's facilitator controls as a class meets them (issue #29): pausing play at
 * every table, ending a negotiation everywhere without rushing a table of computers, a combined
 * debrief while a table still plays, reviewing closed tables, and a session run over days.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { IcgState } from '../../src/games/item-collection/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world() {
  h = await Harness.start();
  return { h, run: scripted(h) };
}

/** Table 1 seats four people, table 2 frank and three computers, table 3 computers only. */
const OPEN =
  '@alice /game session game:item-collection tables:3 seed:class players:"@bob @carol @dave @erin @frank" fill:honest';

async function tables(harness: Harness): Promise<string[]> {
  await harness.settle();
  return harness.bot.client.channels.cache.filter((c) => c.isThread()).map((c) => c.id);
}

async function state(harness: Harness, channelId: string): Promise<IcgState> {
  return (await harness.bot.tables.load(channelId))?.state as IcgState;
}

describe('GIVEN a study session whose tables have no negotiation timer', () => {
  it('WHEN the facilitator pauses every clock THEN play pauses at every table: a move is refused saying why and what to do, and the computers wait', async () => {
    const { h: harness, run } = await world();
    await run(`${OPEN}\n@alice click Facilitator view\n@alice click Start every table`);
    const [first, , third] = await tables(harness);
    const paused = await run('@alice click Pause every clock');
    // Before: "Table 1: No clock is running in this game right now." and play went on.
    expect(paused).toContain('Table 1: play and clock paused.');
    expect(paused).toContain('Table 3: play and clock paused.');
    expect(paused).toContain('⏸ Play is paused by the facilitator: moves wait until they resume it.');
    const refused = await run('@bob click Ready');
    expect(refused).toContain('[only bob sees]');
    expect(refused).toContain('You tried: **Ready**. Play is paused');
    expect(refused).toContain('wait for the facilitator to resume play');
    expect((await state(harness, first ?? '')).ready[0]).toBe(false);
    // The table of computers does not play on meanwhile.
    const round = (await state(harness, third ?? '')).round;
    await run('wait 2m');
    expect((await state(harness, third ?? '')).round).toBe(round);
    expect(await run('@alice click Resume every clock')).toContain('Table 1: play and clock running.');
    await run('@bob click Ready');
    expect((await state(harness, first ?? '')).ready[0]).toBe(true);
  });

  it('WHEN she ends the negotiation at every table THEN the table of computers keeps its pace instead of playing a round at once, and no public board shows her control', async () => {
    const { h: harness, run } = await world();
    await run(`${OPEN}\n@alice click Facilitator view\n@alice click Start every table`);
    const [first, , third] = await tables(harness);
    const before = await state(harness, third ?? '');
    const ended = await run('@alice click End negotiation (facilitator): every table');
    expect(ended).toContain('Table 1: End negotiation (facilitator) done.');
    expect(ended).toContain('Table 3: computers only, it plays on at its own pace.');
    const after = await state(harness, third ?? '');
    expect(after.round).toBe(before.round);
    expect(after.history.length).toBe(before.history.length);
    // The boards the players see offer only what they can press.
    const board = harness.emu.messages(first ?? '').findLast((m) => m.components.length > 0);
    expect(JSON.stringify(board)).not.toContain('End negotiation (facilitator)');
    expect(JSON.stringify(board)).toContain('Ready');
  });
});

describe('GIVEN a study session with one table still playing', () => {
  it('WHEN the facilitator posts the combined debrief THEN that table is labelled as playing, with no figures, and the others compare', async () => {
    const { run } = await world();
    await run(`${OPEN} rounds:1\n@alice click Facilitator view\n@alice click Start every table`);
    await run('wait 1m');
    const debrief = await run('@alice click Combined debrief');
    expect(debrief).toMatch(
      /\*\*T1\*\* #thread-\w+ · playing · players bob, carol, dave, erin · no computers/,
    );
    expect(debrief).toMatch(/\*\*T3\*\* #thread-\w+ · finished · no people · computers Honest ×4/);
    expect(debrief).toMatch(/- \*\*Cooperation rate \(true claims\)\*\*: T1 playing · T2 playing · T3 \d+%/);
    expect(debrief).toContain('T1, T2 still playing: their figures come when they end.');
    expect(debrief).toContain('The seed stays secret until every table of the study session has ended');
    // Table 3 has finished, but its review would show every hand of the deal tables 1 and 2 still play.
    const review = await run('@alice in "Item Collection Game · table 3" /game review');
    expect(review).toContain('[only alice sees]');
    expect(review).toContain('a review shows every hand: it opens once all the tables have ended');
  });
});

describe('GIVEN a study session the facilitator closed', () => {
  it('WHEN a player asks for the review THEN they walk through their table as far as it was played', async () => {
    const { run } = await world();
    await run(`${OPEN}\n@alice click Facilitator view\n@alice click Start every table`);
    await run('@bob click Ready\n@carol click Ready');
    // While other tables of the same deal play, a review (every hand) would give them away.
    const early = await run('@alice click Close every table');
    expect(early).toContain('Table 1: closed.');
    const review = await run('@bob in "Item Collection Game · table 1" /game review');
    // Before: "This game was stopped before it finished, so there is no result to review."
    expect(review).toContain('[only bob sees]');
    expect(review).not.toContain('stopped before it finished');
    expect(review).toMatch(/bob/);
    expect(review).toMatch(/Page 1 of \d+/);
  });
});

describe('GIVEN a group meeting over several days', () => {
  it('WHEN the session is opened with pace:daily THEN every table gets deadlines and reminders', async () => {
    const { h: harness, run } = await world();
    const opened = await run(`${OPEN} pace:daily`);
    expect(opened).toContain('pace daily: deadlines and reminders at every table');
    await run('@alice click Facilitator view\n@alice click Start every table');
    const [first] = await tables(harness);
    expect((await harness.bot.tables.load(first ?? ''))?.tableClock?.pace).toBe('daily');
    const board = await run('@alice click Refresh');
    expect(board).toContain('Facilitator view');
    // bob says nothing: a reminder two hours before his deadline, then the default for him.
    await run('wait 1d');
    const reminded = await run('wait 1d');
    expect(reminded).toContain('⏰ @bob: press Ready, due in 2h');
    expect(reminded).toContain('Out of time: @bob (press Ready)');
  });
});
