/**
 * The REST budget (src/bot/app/rest-budget.ts): what a player waits for through an interaction
 * token does not queue behind the bot's global 50 requests a second, which Discord does not
 * count interaction endpoints against.
 */
import { Routes } from 'discord.js';
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

    const viewShown = new Promise<number>((resolve) =>
      h!.emu.events.on('messageUpdate', (m: EmuMessage) => {
        if (m.ephemeralTo === h!.user('alice').id && m.components.length > 0) resolve(busyDone);
      }),
    );
    await h.emu.click(h.user('alice').id, board.id, myViewButton(board));
    const doneWhenShown = await viewShown;
    await Promise.all(busy);

    // The budget was spent (the busy requests waited), yet the view came first.
    expect(h.globalLimitWaits).toBeGreaterThan(0);
    expect(doneWhenShown).toBeLessThan(100);
    // The deferral and the edit went to interaction endpoints, not against the global limit.
    const after = h.emu.stats;
    expect(after.interactionRoutes - before.interactionRoutes).toBeGreaterThanOrEqual(2);
    expect(after.globalBound - before.globalBound).toBe(150);
  });
});
