/**
 * A move clicked on the board itself (issue #25): the board's edit, or the old board's
 * retirement when a new one is posted, goes through the click's own interaction (its @original
 * after deferUpdate), which Discord does not count against the bot's global 50 requests a second.
 * What players see stays the same: pings only in new messages, refusals told privately.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  allComponents,
  renderMessageText,
  titleOf,
  type EmuMessage,
} from '../../src/sandbox/emulator/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import type { Panel } from '../../src/games/panel.ts';
import { tally } from '../fixtures/tally.ts';
import { liveBoards } from './live-controls.ts';
import { tallyWorld } from './worlds.ts';

/** Tally with a note on the board itself (a move that changes nobody's turn: the board is edited in place). */
const tallyWave = {
  ...tally,
  present(view: Parameters<typeof tally.present>[0], ctx: Parameters<typeof tally.present>[1]): Panel {
    const panel = tally.present(view, ctx);
    if (ctx.viewer !== null || !panel.buttons?.length) return panel;
    return {
      ...panel,
      buttons: [...panel.buttons, { label: 'Wave', action: { type: 'note', text: 'wave' } }],
    };
  },
};

/** Tally whose public board shows only the pile (moves and notes are made in private views). */
const tallyQuiet = {
  ...tally,
  present(view: Parameters<typeof tally.present>[0], ctx: Parameters<typeof tally.present>[1]): Panel {
    const panel = tally.present(view, ctx);
    return ctx.viewer === null ? { ...panel, fields: [], buttons: [] } : panel;
  },
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const START = `@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`;

/**
 * The requests a step sent: to bot-token routes (the global budget) and to interaction endpoints.
 * A request a latency profile answered with 429 is sent again: counted once.
 */
async function counted(h: Harness, step: () => Promise<unknown>) {
  await h.settle();
  const before = { ...h.emu.stats };
  const retried = { global: 0, interaction: 0 };
  const limited = ({ path }: { path: string }) => {
    if (/\/(interactions|webhooks)\//.test(path)) retried.interaction += 1;
    else retried.global += 1;
  };
  h.emu.events.on('rateLimited', limited);
  await step();
  await h.settle();
  h.emu.events.off('rateLimited', limited);
  const after = h.emu.stats;
  return {
    global: after.globalBound - before.globalBound - retried.global,
    interaction: after.interactionRoutes - before.interactionRoutes - retried.interaction,
  };
}

const button = (board: EmuMessage, label: string) =>
  String([...allComponents(board.components)].find((c) => c.label === label)?.custom_id);

describe('GIVEN a tally table whose moves are clicked on the board', () => {
  it('WHEN a move passes the turn THEN the new board spends the global budget and the old one is retired through the click', async () => {
    const w = await tallyWorld();
    h = w.h;
    await w.run(START);
    const old = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const spent = await counted(h, () => h!.emu.click(h!.user('alice').id, old.id, button(old, 'Add 1')));
    // Before: the new board's post and the old board's retirement by the channel's route (2).
    expect(spent).toEqual({ global: 1, interaction: 2 });
    const messages = h.emu.messages(h.channel.id);
    const live = liveBoards(messages);
    expect(live.map((m) => titleOf(m))).toEqual(['Tally: 1/10']);
    expect(live[0]?.pinged?.users).toEqual([h.user('bob').id]);
    // The old board keeps its picture and text but no controls, and pinged nobody again.
    const retired = messages.find((m) => m.id === old.id)!;
    expect(liveBoards([retired])).toEqual([]);
    expect(titleOf(retired)).toBe(titleOf(old));
  });

  it('WHEN a note (nobody’s turn changes) is left from the board THEN the board is edited in place through the click, pinging nobody', async () => {
    const w = await tallyWorld({ games: [tallyWave] });
    h = w.h;
    await w.run(START);
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const pinged = board.pinged;
    const spent = await counted(h, () => h!.emu.click(h!.user('bob').id, board.id, button(board, 'Wave')));
    // Before: one edit by the channel's route.
    expect(spent).toEqual({ global: 0, interaction: 2 });
    const messages = h.emu.messages(h.channel.id);
    expect(liveBoards(messages).map((m) => m.id)).toEqual([board.id]);
    const edited = messages.find((m) => m.id === board.id)!;
    expect(renderMessageText(edited)).toMatch(/Notes\W+wave/);
    expect(edited.pinged).toEqual(pinged);
  });

  it('WHEN a player clicks out of turn THEN the refusal is private and the board is not touched', async () => {
    const w = await tallyWorld();
    h = w.h;
    await w.run(START);
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const before = renderMessageText(board);
    const spent = await counted(h, () => h!.emu.click(h!.user('bob').id, board.id, button(board, 'Add 1')));
    expect(spent.global).toBe(0);
    const messages = h.emu.messages(h.channel.id);
    const refusal = messages.filter((m) => m.ephemeralTo === h!.user('bob').id).at(-1);
    expect(refusal && renderMessageText(refusal)).toMatch(/not your turn/);
    expect(renderMessageText(messages.find((m) => m.id === board.id)!)).toBe(before);
    expect(liveBoards(messages).map((m) => m.id)).toEqual([board.id]);
  });

  it('WHEN Discord refuses the click’s token (expired) THEN the board is still updated, by the channel’s route', async () => {
    const w = await tallyWorld();
    h = w.h;
    await w.run(START);
    const old = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    h.emu.injectFault({
      method: 'PATCH',
      path: /^\/webhooks\/\d+\/[^/]+\/messages\//,
      status: 401,
      body: { code: 50027, message: 'Invalid Webhook Token' },
    });
    const spent = await counted(h, () => h!.emu.click(h!.user('alice').id, old.id, button(old, 'Add 1')));
    expect(spent).toEqual({ global: 2, interaction: 2 });
    const messages = h.emu.messages(h.channel.id);
    expect(liveBoards(messages).map((m) => titleOf(m))).toEqual(['Tally: 1/10']);
    expect(liveBoards([messages.find((m) => m.id === old.id)!])).toEqual([]);
  });
});

describe('GIVEN a table whose board shows nothing of a private move', () => {
  it('WHEN a player leaves a note in their view THEN the board, which would look the same, is not edited', async () => {
    const w = await tallyWorld({ games: [tallyQuiet] });
    h = w.h;
    await w.run(START);
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1);
    const boardOf = () => h!.emu.messages(h!.channel.id).filter((m) => titleOf(m)?.startsWith('Tally:'));
    const shown = boardOf().at(-1)!;
    await w.run('@alice click My view\n@alice click Leave a note');
    const spent = await counted(h, () => w.run('@alice modal Note="meet at noon"'));
    // Before: one edit by the channel's route, showing what the board already showed.
    expect(spent.global).toBe(0);
    expect(board).toBeUndefined(); // no game controls on this board
    expect(boardOf().map((m) => m.id)).toEqual([shown.id]);
    // The change it does show is still shown: a move passes the turn, and the new board pings Bob.
    await w.run('@alice select Add 1');
    const last = boardOf().at(-1)!;
    expect(titleOf(last)).toBe('Tally: 1/10');
    expect(last.pinged?.users).toEqual([h.user('bob').id]);
  });
});

describe('GIVEN a table whose moves are made in private views opened with My view', () => {
  /** The newest Tally board and its My view button. */
  const newestBoard = (h: Harness) =>
    h.emu
      .messages(h.channel.id)
      .filter((m) => titleOf(m)?.startsWith('Tally:') && !m.ephemeralTo)
      .at(-1)!;

  it('WHEN a player opens My view THEN the view comes privately and the board is not touched', async () => {
    const w = await tallyWorld({ games: [tallyQuiet] });
    h = w.h;
    await w.run(START);
    const board = newestBoard(h);
    const before = renderMessageText(board);
    const mine = () => h!.emu.messages(h!.channel.id).filter((m) => m.ephemeralTo === h!.user('alice').id);
    const had = mine().length;
    const spent = await counted(h, () =>
      h!.emu.click(h!.user('alice').id, board.id, button(board, 'My view')),
    );
    expect(spent.global).toBe(0);
    expect(mine()).toHaveLength(had + 1);
    expect(renderMessageText(mine().at(-1)!)).toMatch(/Add 1/);
    expect(renderMessageText(newestBoard(h))).toBe(before);
  });

  it('WHEN a move passes the turn from the view THEN only the new board spends the global budget: the old one is retired through the My view click', async () => {
    const w = await tallyWorld({ games: [tallyQuiet] });
    h = w.h;
    await w.run(START);
    const old = newestBoard(h);
    await w.run('@alice click My view');
    const spent = await counted(h, () => w.run('@alice select Add 1'));
    // Before: the new board's post and the old board's retirement by the channel's route (2).
    expect(spent.global).toBe(1);
    const board = newestBoard(h);
    expect(titleOf(board)).toBe('Tally: 1/10');
    expect(board.pinged?.users).toEqual([h.user('bob').id]);
    const retired = h.emu.messages(h.channel.id).find((m) => m.id === old.id)!;
    expect([...allComponents(retired.components)].filter((c) => c.type === 2)).toEqual([]);
  });

  it('WHEN the view was opened more than 14 minutes before the move THEN the old board is retired by the channel’s route', async () => {
    const w = await tallyWorld({ games: [tallyQuiet] });
    h = w.h;
    await w.run(START);
    const old = newestBoard(h);
    await w.run('@alice click My view');
    await h.clock.advance(14 * 60_000 + 1_000);
    // The view's controls still work (each click has a token of its own); the board's is too old.
    const spent = await counted(h, () => w.run('@alice select Add 1'));
    expect(spent.global).toBe(2);
    expect(titleOf(newestBoard(h))).toBe('Tally: 1/10');
    const retired = h.emu.messages(h.channel.id).find((m) => m.id === old.id)!;
    expect([...allComponents(retired.components)].filter((c) => c.type === 2)).toEqual([]);
  });
});
