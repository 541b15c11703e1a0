/**
 * Study sessions for every game (issue #29): each game's tables played out by computers, then
 * the combined debrief a facilitator projects, with the figures that make that game's point side
 * by side, each table's line-up and status, and its export as Markdown and CSV.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The session's tables: its threads, in the order they were opened. */
async function tablesOf(harness: Harness): Promise<string[]> {
  await harness.settle();
  return harness.bot.client.channels.cache.filter((c) => c.isThread()).map((c) => c.id);
}

/**
 * Moves the clock 20 s at a time (a computer table's pause between rounds) until every table has
 * ended; where a table waits on the facilitator (Collection Deck's judging), she acts from her view.
 */
async function playOut(
  harness: Harness,
  run: (s: string) => Promise<string>,
  tables: string[],
): Promise<void> {
  const alice = harness.user('alice').id;
  for (let i = 0; i < 400; i++) {
    const sessions = await Promise.all(tables.map((t) => harness.bot.tables.load(t)));
    if (sessions.every((s) => s?.status === 'ended')) return;
    const judging = sessions.some(
      (s) =>
        s?.status === 'playing' && harness.bot.tables.engine(s.gameId).activePlayers(s.state).includes(alice),
    );
    const control = judging
      ? /\[([^\]]+): every table\]/.exec(await run('@alice click Facilitator view'))
      : null;
    await run(control ? `@alice click ${control[1]}: every table` : 'wait 20s');
  }
  throw new Error('the tables did not finish');
}

/** Each game: its options for a short game and the figures its combined debrief must compare. */
const GAMES = [
  {
    id: 'collection',
    options: '',
    figures: [
      /- \*\*Result\*\*: T1 (won in \d+ turns|lost on turn \d+: .+ reached 10) · T2 (won|lost)/,
      /- \*\*Collaboration bonuses used \(rolls helped\)\*\*: T1 \d+ of \d+ rolls/,
      /- \*\*Reports, Political Analyst\*\*: T1 \d+ · T2 \d+/,
    ],
  },
  {
    id: 'kingpin',
    options: '',
    figures: [
      /- \*\*Result\*\*: T1 (El Chapo captured on turn \d|Cartel wins|draw)/,
      /- \*\*Needs circles filled\*\*: T1 \d+ of \d+/,
      /- \*\*Leads found\*\*: T1 \d+ · T2 \d+/,
      /- \*\*Defenses used\*\*: T1 \d+ · T2 \d+/,
    ],
  },
  {
    id: 'collection-deck',
    options: ' rounds:2',
    figures: [
      /- \*\*Points, seat 1\*\*: T1 \d+ · T2 \d+/,
      /- \*\*Strategies completed \/ disrupted \(failed\) \/ tried\*\*: T1 \d+ \/ \d+ \/ \d+/,
      /- \*\*Votes on justifications/,
    ],
  },
  {
    id: 'storytelling',
    options: '',
    figures: [
      /- \*\*Crises defused\*\*: T1 \d+/,
      /- \*\*Crises failed\*\*: T1 \d+/,
      /- \*\*Operations tried\*\*: T1 \d+ · T2 \d+/,
    ],
  },
  {
    id: 'item-collection',
    options: ' rounds:2',
    figures: [
      /- \*\*Cooperation rate \(true claims\)\*\*: T1 \d+% · T2 \d+%/,
      /- \*\*Trust kept\*\*: T1/,
      /- \*\*Honest claims, seat 1 ♠\*\*: T1 \d\/\d/,
      /- \*\*Promises kept \(of those judged\)\*\*: T1 (\d+\/\d+|-)/,
      /- \*\*Promises for the table to judge\*\*: T1 \d+/,
    ],
  },
] as const;

describe('GIVEN a study session of any game, its tables played by computers', () => {
  it.each(GAMES)(
    'WHEN the $id tables have finished THEN the combined debrief compares them on the game’s own figures, with each line-up, and exports as Markdown and CSV',
    async ({ id, options, figures }) => {
      h = await Harness.start();
      const run = scripted(h);
      await run(`@alice /game session game:${id} tables:2 seed:class fill:mixed${options}`);
      await run('@alice click Facilitator view\n@alice click Start every table');
      const tables = await tablesOf(h);
      await playOut(h, run, tables);
      const view = await run('@alice click Facilitator view');
      expect(view).toMatch(/\*\*Table 1\*\* #thread-\w+: ended \(finished\) · \S/);
      // Before: "ended (finished) · playing", a game without a glance.
      expect(view).not.toContain('· playing');
      const debrief = await run('@alice click Combined debrief');
      // Before (COLLECTION, Kingpin, Collection Deck, storytelling): "nothing to compare".
      expect(debrief).not.toContain('nothing to compare');
      expect(debrief).toMatch(/## Study session debrief: 2 tables of /);
      expect(debrief).toMatch(/\*\*T1\*\* #thread-\w+ · finished · no people · computers \S/);
      for (const figure of figures) expect(debrief).toMatch(figure);
      // Every table has ended: the seed is revealed, and each table's chart follows, labelled.
      expect(debrief).toContain('Seed: `class`');
      // Before: no chart. Now one per table, its alt text stating the figures, labelled T1, T2.
      expect(debrief.match(/🖼 /g)?.length).toBe(2);
      expect(debrief).toMatch(/\*\*T1\*\*: \S/);
      expect(debrief).toMatch(/\*\*T2\*\*: \S/);
      const exported = await run('@alice click Export debrief');
      expect(exported).toContain('[only alice sees]');
      expect(exported).toMatch(new RegExp(`📎 ${id}-session-\\w+\\.md`));
      expect(exported).toMatch(new RegExp(`📎 ${id}-session-\\w+\\.csv`));
    },
    120_000,
  );
});
