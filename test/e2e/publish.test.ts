/**
 * What a table owes its channel (issue #22): every change saved is shown, every announcement
 * is posted once and in order, whatever Discord's latency, refusals and a second process do.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { seedRng, nextInt } from '../../src/games/rng.ts';
import { owes } from '../../src/storage/outbox.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs } from '../storage/stores.ts';
import { scripted } from './scripted.ts';
import { liveBoards } from './live-controls.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

/** Every message write (post, edit) takes 50-250 ms, as on a busy Discord. */
function slowMessages(h: Harness, seed: string, count = 400): void {
  const rng = seedRng(seed);
  for (let i = 0; i < count; i++)
    h.emu.injectFault({ path: /^\/channels\/\d+\/messages/, delayMs: 50 + nextInt(rng, 200) });
}

const START = `@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`;

describe('GIVEN a Discord that takes 50-250 ms per message write', () => {
  it('WHEN the second move is made while the first one’s board is still being posted THEN its board, ping and announcement appear', async () => {
    h = await Harness.start({ games: [tally] });
    await scripted(h)(START.replace('seed:7', 'seed:7 target:3'));
    slowMessages(h, 'second-move');
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const add = (label: string) =>
      String([...allComponents(board.components)].find((c) => c.label === label)?.custom_id);
    // Alice adds 1; 100 ms later, before her board is up, Bob adds 2 on the board he sees, and wins.
    const first = h.emu.click(h.user('alice').id, board.id, add('Add 1'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = h.emu.click(h.user('bob').id, board.id, add('Add 2'));
    await Promise.all([first, second]);
    await h.settle();
    const session = await h.bot.tables.load(h.channel.id);
    expect(session?.status).toBe('ended');
    const messages = h.emu.messages(h.channel.id);
    const texts = messages.map(renderMessageText);
    expect(texts.filter((t) => t.includes('reaches 3 and wins!'))).toHaveLength(1);
    // The last board shows the end, and no board is left to click.
    const boards = messages.filter((m) => titleOf(m)?.startsWith('Tally:'));
    expect(titleOf(boards.at(-1)!)).toBe('Tally: 3/3');
    expect(liveBoards(messages)).toEqual([]);
    expect(texts.filter((t) => t.includes('**Debrief**'))).toHaveLength(1);
  });

  it('WHEN two moves follow each other before the first board is up THEN the board shows the second and pings the next player', async () => {
    h = await Harness.start({ games: [tally] });
    await scripted(h)(START);
    slowMessages(h, 'ping');
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const add1 = String([...allComponents(board.components)].find((c) => c.label === 'Add 1')?.custom_id);
    const first = h.emu.click(h.user('alice').id, board.id, add1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = h.emu.click(h.user('bob').id, board.id, add1);
    await Promise.all([first, second]);
    await h.settle();
    const session = await h.bot.tables.load(h.channel.id);
    expect((session?.state as TallyState).total).toBe(2);
    const live = liveBoards(h.emu.messages(h.channel.id));
    expect(live.map((m) => titleOf(m))).toEqual(['Tally: 2/10']);
    expect(live[0]?.id).toBe(session?.boardMessageId);
    // Alice's turn again: the board that shows it pinged her.
    expect(live[0]?.pinged?.users).toEqual([h.user('alice').id]);
  });
});

describe('GIVEN a board posted with announcements above it', () => {
  it('WHEN it is then edited in place (a note changes nobody’s turn) THEN the announcements stay on it', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run(START.replace('seed:7', 'seed:7 turnseconds:60'));
    await h.clock.advance(61_000);
    await h.settle();
    const board = () => liveBoards(h!.emu.messages(h!.channel.id).filter((m) => !m.ephemeralTo)).at(-1)!;
    const carrying = board();
    expect(renderMessageText(carrying)).toContain('Turn skipped.');
    await run('@bob /tally note text:hello');
    expect(board().id).toBe(carrying.id);
    expect(renderMessageText(board())).toContain('hello');
    expect(renderMessageText(board())).toContain('Turn skipped.');
  });
});

describe('GIVEN Discord refuses a board update', () => {
  it('WHEN the permission to post is removed as a turn runs out, then restored THEN the announcement owed is posted, once and before the next board, by the next move', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run(START.replace('seed:7', 'seed:7 turnseconds:60'));
    h.setBotPermissions({ deny: PermissionFlagsBits.SendMessages });
    // Alice's turn runs out: the skip is saved, its board and lines refused.
    await h.clock.advance(61_000);
    await h.settle();
    const skipped = () =>
      h!.emu.messages(h!.channel.id).filter((m) => renderMessageText(m).includes('Turn skipped.'));
    expect(skipped()).toHaveLength(0);
    h.setBotPermissions({});
    await scripted(h)('@bob click Add 1');
    await h.bot.tables.publisher.idle();
    await h.settle();
    const messages = h.emu.messages(h.channel.id);
    expect(skipped()).toHaveLength(1);
    const live = liveBoards(messages);
    expect(live.map((m) => titleOf(m))).toEqual(['Tally: 1/10']);
    // In order: the skip's lines (above the board, or before it), then the board of Bob's move.
    const at = messages.indexOf(skipped()[0]!);
    expect(at).toBeLessThanOrEqual(messages.indexOf(live[0]!));
    const text = renderMessageText(messages[at]!);
    if (messages[at] === live[0])
      expect(text.indexOf('Turn skipped.')).toBeLessThan(text.indexOf('Tally: 1/10'));
    expect(live[0]?.pinged?.users).toEqual([h.user('alice').id]);
    const session = await h.bot.tables.load(h.channel.id);
    expect(owes(session!)).toBe(false);
  });

  it('WHEN Discord answers 500 to every write of the winning move THEN a retry shows the final board, the winner line and the debrief, once each', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run(START.replace('seed:7', 'seed:7 target:3'));
    await run('@alice click Add 1');
    // discord.js tries a request 4 times on a 5xx: every try fails.
    h.emu.injectFault({ path: /^\/channels\/\d+\/messages/, status: 500, times: 4 });
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const add2 = String([...allComponents(board.components)].find((c) => c.label === 'Add 2')?.custom_id);
    await h.emu.click(h.user('bob').id, board.id, add2);
    await h.settle();
    const count = (text: string) =>
      h!.emu.messages(h!.channel.id).filter((m) => renderMessageText(m).includes(text)).length;
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('ended');
    expect(count('reaches 3 and wins!')).toBe(0);
    // Discord is back; the retry comes a few seconds later.
    await h.clock.advance(6_000);
    await h.bot.tables.publisher.idle();
    await h.settle();
    expect(count('reaches 3 and wins!')).toBe(1);
    expect(count('**Debrief**')).toBe(1);
    expect(liveBoards(h.emu.messages(h.channel.id))).toEqual([]);
    const session = await h.bot.tables.load(h.channel.id);
    expect(owes(session!)).toBe(false);
    expect(session?.wrapUp).toBeUndefined();
  });
});
