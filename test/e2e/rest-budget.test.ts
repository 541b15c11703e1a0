/**
 * The REST budget (src/bot/app/rest-budget.ts): what a player waits for through an interaction
 * token does not queue behind the bot's global 50 requests a second, which Discord does not
 * count interaction endpoints against.
 */
import { Routes } from 'discord.js';
import { behindBoards } from '../../src/bot/kernel/rest-priority.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { tally } from '../fixtures/tally.ts';
import { liveBoards } from './live-controls.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { MY_VIEW_LABEL } from '../../src/bot/discord/board.ts';
import { allComponents, titleOf, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const FOUR = `@alice /game start game:item-collection seed:7
@bob click Join
@carol click Join
@dave click Join
@alice click Start`;

function myViewButton(board: EmuMessage): string {
  const button = [...allComponents(board.components)].find((c) => c.type === 2 && c.label === MY_VIEW_LABEL);
  return String(button?.custom_id);
}

describe('GIVEN a table, and the bot spending its global budget on other channels', () => {
  it('WHEN a player presses My view THEN the private view arrives without waiting for the global limit', async () => {
    h = await Harness.start();
    await scripted(h)(FOUR);
    const board = h.emu
      .messages(h.channel.id)
      .filter((m) => !m.ephemeralTo && /^Item Collection Game/.test(titleOf(m) ?? ''))
      .at(-1)!;
    const before = { ...h.emu.stats };

    // 150 bot-token requests at once, one per channel: three seconds of the global 50/s.
    const channels = Array.from({ length: 150 }, (_, n) =>
      h!.emu.createChannel(h!.guild.id, { name: `c${n}` }),
    );
    let busyDone = 0;
    const busy = channels.map((c) =>
      h!.bot.client.rest.get(Routes.channel(c.id)).then(() => (busyDone += 1)),
    );
    while (h.globalLimitWaits === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    // The view comes as a private follow-up of the click (acknowledged as an update of the board).
    const viewShown = new Promise<number>((resolve) =>
      h!.emu.events.on('messageCreate', (m: EmuMessage) => {
        if (m.ephemeralTo === h!.user('alice').id && m.components.length > 0) resolve(busyDone);
      }),
    );
    await h.emu.click(h.user('alice').id, board.id, myViewButton(board));
    const doneWhenShown = await viewShown;
    await Promise.all(busy);

    // The budget was spent (the busy requests waited), yet the view came first.
    expect(h.globalLimitWaits).toBeGreaterThan(0);
    expect(doneWhenShown).toBeLessThan(100);
    // The acknowledgement and the follow-up went to interaction endpoints, not against the global limit.
    const after = h.emu.stats;
    expect(after.interactionRoutes - before.interactionRoutes).toBeGreaterThanOrEqual(2);
    // The 150 busy requests (and any a latency profile's 429 made the bot send again) went there.
    expect(after.globalBound - before.globalBound).toBeGreaterThanOrEqual(150);
  });
});

describe('GIVEN the global budget taken by 150 requests that may wait (old boards retired, lines below boards)', () => {
  /** 150 requests marked to go behind boards, one per channel: three seconds of the global 50/s. */
  async function busy(h: Harness): Promise<{ done: () => number; all: Promise<unknown> }> {
    const channels = Array.from({ length: 150 }, (_, n) =>
      h.emu.createChannel(h.guild.id, { name: `c${n}` }),
    );
    let done = 0;
    const all = Promise.all(
      channels.map((c) =>
        behindBoards(() => h.bot.client.rest.get(Routes.channel(c.id))).then(() => (done += 1)),
      ),
    );
    while (h.globalLimitWaits === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return { done: () => done, all };
  }

  it('WHEN a move posts a new board THEN the board goes before them', async () => {
    h = await Harness.start({ games: [tally] });
    await scripted(h)('@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start');
    const board = liveBoards(h.emu.messages(h.channel.id)).at(-1)!;
    const add = [...allComponents(board.components)].find((c) => c.label === 'Add 1');
    const { done, all } = await busy(h);
    const posted = new Promise<number>((resolve) =>
      h!.emu.events.on('messageCreate', (m: EmuMessage) => {
        if (m.channelId === h!.channel.id && !m.ephemeralTo) resolve(done());
      }),
    );
    await h.emu.click(h.user('alice').id, board.id, String(add?.custom_id));
    const doneWhenPosted = await posted;
    await all;
    expect(doneWhenPosted).toBeLessThan(100);
    expect(titleOf(liveBoards(h.emu.messages(h.channel.id)).at(-1)!)).toBe('Tally: 1/10');
  });

  it('WHEN a channel’s line that may wait is followed by one that may not THEN they are posted in the order they were sent', async () => {
    h = await Harness.start({ games: [tally] });
    const { all } = await busy(h);
    const post = (content: string) =>
      h!.bot.client.rest.post(Routes.channelMessages(h!.channel.id), { body: { content } });
    const first = behindBoards(() => post('first, may wait'));
    const second = post('second');
    await Promise.all([first, second, all]);
    const texts = h.emu.messages(h.channel.id).map(renderMessageText);
    expect(texts.findIndex((t) => t.includes('first'))).toBeLessThan(
      texts.findIndex((t) => t.includes('second')),
    );
  });
});
