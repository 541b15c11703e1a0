/**
 * A control carried to another server (issue #22 part 4): its custom_id names a game or study
 * session of the first server. The user is told it does not belong to this server, not that
 * the store lost the game, and nothing changes on either server.
 */
import type { TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { allComponents, renderMessageText } from '../../src/sandbox/emulator/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const customIdOf = (message: EmuMessage, label: string): string => {
  const c = [...allComponents(message.components)].find((x) => x.label === label);
  if (typeof c?.custom_id !== 'string') throw new Error(`no control ${label}`);
  return c.custom_id;
};

/** A second server with a channel alice is in; the bot posts `customId` there as a button. */
async function carriedTo(harness: Harness, customId: string) {
  const other = harness.emu.createGuild({ name: 'Elsewhere' });
  harness.emu.addMember(other.id, harness.user('alice').id);
  const room = harness.emu.createChannel(other.id, { name: 'elsewhere' });
  await harness.settle();
  const channel = (await harness.bot.client.channels.fetch(room.id)) as TextChannel;
  const message = await channel.send({
    content: 'carried over',
    components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Carried', custom_id: customId }] }],
  });
  return { room, messageId: message.id };
}

describe('GIVEN a control of a game on one server', () => {
  it('WHEN it is used on another server THEN the user is told it does not belong there and nothing changes', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run('@alice /game start game:tally\n@bob click Join\n@alice click Start');
    const board = h.emu.messages(h.channel.id).findLast((m) => customIdOrNull(m, 'Add 1') !== null);
    if (!board) throw new Error('no board');
    const before = await h.bot.tables.load(h.channel.id);
    const { messageId } = await carriedTo(h, customIdOf(board, 'Add 1'));
    const handle = await h.emu.click(h.user('alice').id, messageId, customIdOf(board, 'Add 1'));
    await h.settle();
    const text = handle.message ? renderMessageText(handle.message) : '';
    expect(text).toContain('belongs to a game on another server');
    expect(text).not.toContain('no longer has this game');
    expect((await h.bot.tables.load(h.channel.id))?.version).toBe(before?.version);
  });

  it('WHEN a study session’s Facilitator view is used on another server THEN it is refused the same way', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@alice /game session game:item-collection tables:2 fill:honest');
    const announcement = h.emu
      .messages(h.channel.id)
      .findLast((m) => customIdOrNull(m, 'Facilitator view') !== null);
    if (!announcement) throw new Error('no study announcement');
    const id = customIdOf(announcement, 'Facilitator view');
    const { messageId } = await carriedTo(h, id);
    const handle = await h.emu.click(h.user('alice').id, messageId, id);
    await h.settle();
    const text = handle.message ? renderMessageText(handle.message) : '';
    expect(text).toContain('belongs to a game on another server');
    expect(text).not.toContain('Facilitator view:');
  });
});

function customIdOrNull(message: EmuMessage, label: string): string | null {
  const c = [...allComponents(message.components)].find((x) => x.label === label);
  return typeof c?.custom_id === 'string' ? c.custom_id : null;
}
