/**
 * COLLECTION end to end: the production bot on the loopback Discord, a table of two people and
 * a computer analyst playing a whole seeded game through the board's controls, the board
 * posted as a picture with its text summary after every change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ColState } from '../../src/games/collection/index.ts';
import { collection } from '../../src/games/collection/index.ts';
import { renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { linesFor, nextHumanMove, sessionOf } from './collection-driver.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const REFUSED = /It is not your|the game has moved on|Rulebook|collection R\d/;

describe('GIVEN a COLLECTION table on the emulator', () => {
  it('WHEN two people and an Analyst computer play a seeded game to its end THEN it ends in victory or defeat, dice are announced and held cards never go public', async () => {
    h = await Harness.start({ games: [collection] });
    const run = scripted(h);
    const humans = new Map([...h.users].map(([name, u]) => [u.id, name]));
    const start = await run(
      [
        '@alice /game start game:collection seed:3',
        '@bob click Join',
        '@alice select Analyst',
        '@alice click Start',
      ].join('\n'),
    );
    expect(start).toContain('COLLECTION');
    const heldEver = new Set<string>();
    let all = start;
    for (let step = 0; step < 2000; step++) {
      const session = await sessionOf(h);
      const state = session.state as ColState;
      for (const seat of state.seats) for (const c of seat.held) heldEver.add(c);
      if (session.status !== 'playing') break;
      const move = nextHumanMove(state, humans);
      if (!move) throw new Error(`nobody human to act: ${JSON.stringify(collection.activePlayers(state))}`);
      const out = await run(linesFor(state, move.id, move.name, move.action).join('\n'));
      expect(out, JSON.stringify(move.action)).not.toMatch(REFUSED);
      all += `\n${out}`;
    }
    const end = (await sessionOf(h)).state as ColState;
    expect(end.outcome).not.toBeNull();
    expect(all).toMatch(/rolls \d+ dic?e? .*response \d+.*\[/);
    const publicText = h.emu
      .messages(h.channel.id)
      .filter((m) => m.ephemeralTo === undefined)
      .map((m) => renderMessageText(m))
      .join('\n');
    expect(publicText).toContain('COLLECTION: debrief');
    expect(publicText).not.toContain('Your blue cards (private)');
    const boards = h.emu
      .messages(h.channel.id)
      .filter((m) => /COLLECTION: (the board|game over)/.test(titleOf(m) ?? ''));
    expect(boards.length).toBeGreaterThan(0);
    // The board is a picture with its alt text, the panel's text beside it.
    const pictured = boards.filter((m) => m.attachments.some((a) => a.filename.endsWith('.png')));
    expect(pictured.length).toBeGreaterThan(0);
    expect(pictured.at(-1)?.attachments[0]?.description ?? '').toMatch(/COLLECTION board/);
  });
});
