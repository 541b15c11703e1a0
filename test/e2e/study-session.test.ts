/**
 * Several tables of one deal as one study session: opened with `/game session`, followed and
 * run by the facilitator from one private view, compared in a combined debrief.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cardLabel, rankValue } from '../../src/games/item-collection/cards.ts';
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

/** The session's tables: its threads, in the order they were opened. */
async function studyOf(harness: Harness): Promise<{ tables: string[] }> {
  await harness.settle();
  return { tables: harness.bot.client.channels.cache.filter((c) => c.isThread()).map((c) => c.id) };
}

const OPEN =
  '@alice /game session game:item-collection tables:3 seed:class players:"@bob @carol @dave @erin @frank" fill:honest';

describe('GIVEN a facilitator opening three tables of one deal', () => {
  it('WHEN the session opens THEN each table is a thread with the same seed, people are seated in order and computers fill the rest', async () => {
    const { h: harness, run } = await world();
    const out = await run(OPEN);
    expect(out).toContain('Study session opened: 3 tables of Item Collection Game');
    expect(out).toContain('Your seed `class` fixes the deal');
    expect(out).toContain('## Study session: 3 tables of Item Collection Game');
    const { tables } = await studyOf(harness);
    expect(tables).toHaveLength(3);
    const sessions = await Promise.all(tables.map((t) => harness.bot.tables.load(t)));
    expect(sessions.map((s) => s?.seed)).toEqual(['class', 'class', 'class']);
    expect(sessions.map((s) => s?.facilitator)).toEqual([true, true, true]);
    const names = sessions.map((s) => s?.seats.map((x) => x.name));
    expect(names[0]).toEqual(['bob', 'carol', 'dave', 'erin']);
    expect(names[1]).toEqual(['frank', 'Honest #1', 'Honest #2', 'Honest #3']);
    expect(names[2]).toEqual(['Honest #1', 'Honest #2', 'Honest #3', 'Honest #4']);
    const view = await run('@alice click Facilitator view');
    expect(view).toContain('[only alice sees]');
    expect(view).toContain('lobby, 4/4 seated.');
    expect(await run('@bob click Facilitator view')).toContain('Only the session’s facilitator');
  });

  it('WHEN the facilitator starts every table and ends the negotiation everywhere THEN every table moves on, and her view follows them', async () => {
    const { h: harness, run } = await world();
    await run(`${OPEN}\n@alice click Facilitator view`);
    const started = await run('@alice click Start every table');
    expect(started).toContain('Table 1: started.');
    expect(started).toMatch(
      /\*\*Table 1\*\* #thread-\w+: round 1, negotiation · scores ♠0 ♥0 ♦0 ♣0 \(of 5\) · waiting for bob, carol, dave, erin/,
    );
    const { tables } = await studyOf(harness);
    const ended = await run('@alice click End negotiation (facilitator): every table');
    expect(ended).toContain('Table 1: End negotiation (facilitator) done.');
    const first = (await harness.bot.tables.load(tables[0] ?? ''))?.state as IcgState;
    // R19: nobody at table 1 chose High or Low, so the starting player gets a minute more.
    expect(first.jokerDeadline).toBe(true);
    const paused = await run('@alice click Pause every clock');
    expect(paused).toContain('Table 1: play and clock paused.');
    expect(paused).toMatch(/⏸ Choice of High or Low paused/);
    expect(await run('@alice click Resume every clock')).toContain('Table 1: play and clock running.');
  });

  it('WHEN the facilitator opens My view at a table THEN she sees every hand there, and only the control she can use', async () => {
    const { h: harness, run } = await world();
    await run(`${OPEN}\n@alice click Facilitator view\n@alice click Start every table`);
    const out = await run('@alice click My view');
    expect(out).toContain('[only alice sees]');
    expect(out).toContain("Facilitator's view: round 1");
    expect(out).toContain('Every hand (only you see this)');
    const state = (await harness.bot.tables.load((await studyOf(harness)).tables[0] ?? ''))
      ?.state as IcgState;
    const hand = (seat: number) =>
      [...state.seats[seat]!.hand]
        .sort((a, b) => rankValue(a) - rankValue(b))
        .map((r) => cardLabel(r, seat))
        .join(' ');
    expect(out).toContain(`bob ♠: ${hand(0)}`);
    expect(out).toContain(`erin ♣: ${hand(3)}`);
    expect(out).toContain('[End negotiation (facilitator)]');
    expect(out).not.toMatch(/\[Ready\]|\[Promise\]|\[High \(black joker\)\]/);
  });

  it('WHEN the tables are closed THEN the combined debrief compares them side by side', async () => {
    const { run } = await world();
    await run(`${OPEN} rounds:1\n@alice click Facilitator view`);
    await run('@alice click Start every table');
    const closed = await run('@alice click Close every table');
    expect(closed).toContain('Table 1: closed.');
    expect(closed).toContain('## Study session debrief: 3 tables of Item Collection Game');
    // Each table: how it ended, its people and its computers.
    expect(closed).toMatch(/\*\*T1\*\* #thread-\w+ · closed · players bob, carol, dave, erin · no computers/);
    expect(closed).toMatch(/\*\*T2\*\* #thread-\w+ · closed · players frank · computers Honest ×3/);
    expect(closed).toMatch(/\*\*T3\*\* #thread-\w+ · finished · no people · computers Honest ×4/);
    expect(closed).toMatch(/- \*\*Rounds played\*\*: T1 0 · T2 0 · T3 1/);
    expect(closed).toContain('**Cooperation rate (true claims)**');
    expect(closed).toContain('**Honest claims, seat 1 ♠**');
  });

  it('WHEN the request is wrong THEN she alone is told why and nothing is opened', async () => {
    const { h: harness, run } = await world();
    const tooMany = await run(
      '@alice /game session game:item-collection tables:2 players:"@bob @carol @dave @erin @frank @grace @heidi @admin @alice"',
    );
    expect(tooMany).toContain('[only alice sees]');
    expect(tooMany).toContain('You facilitate the session, so you take no seat');
    const twice = await run('@alice /game session game:item-collection tables:2 players:"@bob @bob"');
    expect(twice).toContain('Someone is listed twice.');
    expect(harness.bot.client.channels.cache.filter((c) => c.isThread()).size).toBe(0);
  });
});
