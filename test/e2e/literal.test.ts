/**
 * What people write reads as written (issue #23 part 4), end to end: a hostile nickname, a
 * promise and a narration go through the real bot and the emulator, and every message is read
 * as Discord draws it (the emulator's Markdown reader). The text must show character for
 * character, and none of it may form a heading, code block, quote, bold, spoiler, masked link
 * or role badge, nor swallow the bot's own lines after it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadMarkdown } from '../../src/sandbox/emulator/index.ts';
import { allComponents, readMarkdown, readMessage, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The newest message in the channel that `text` appears in (read as Discord draws it), a board if `board`. */
function readingOf(harness: Harness, text: string, board = false): ReadMarkdown {
  const all = harness.emu
    .messages(harness.channel.id)
    .filter(
      (m) => !m.deleted && m.ephemeralTo === undefined && (!board || /round|setting/.test(titleOf(m) ?? '')),
    );
  for (const message of all.reverse()) {
    const read = readMessage(message);
    if (read.text.includes(text)) return read;
  }
  throw new Error(`nobody reads “${text}” in the channel`);
}

/** Formatting formed from part of `hostile` (the bot's own formatting around all of it is fine). */
const formedFrom = (read: ReadMarkdown, hostile: string, words: string[]) =>
  read.formats.filter((f) => words.some((w) => f.text.includes(w)) && !f.text.includes(hostile));

/** Clicks a control labelled `label` in the newest message `user` sees with it, and returns its form. */
async function openForm(harness: Harness, user: string, label: string) {
  const id = harness.user(user).id;
  const message = harness.emu
    .visibleMessages(id, harness.channel.id)
    .findLast((m) => [...allComponents(m.components)].some((c) => c.label === label && c.disabled !== true));
  const control = message && [...allComponents(message.components)].find((c) => c.label === label);
  if (!message || typeof control?.custom_id !== 'string') throw new Error(`no ${label} for ${user}`);
  const handle = await harness.emu.click(id, message.id, control.custom_id);
  if (!handle.modal) throw new Error(`${label} opened no form`);
  return { id, modal: handle.modal, messageId: message.id };
}

describe('GIVEN an Item Collection table with a hostile nickname and a hostile promise', () => {
  it('WHEN the board and the announcement show them THEN they read literally: no role badge, bold, spoiler or link', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const nick = '<@&1> **B**';
    h.emu.setNick(h.guild.id, h.user('bob').id, nick);
    // Discord would draw both as formatting if they were sent as they are.
    expect(readMarkdown(nick).formats.map((f) => f.kind)).toEqual(['mention', 'bold']);
    await run(
      '@alice /game start game:item-collection seed:7\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const board = readingOf(h, nick, true);
    expect(board.text).toContain(`${nick} ♥`);
    expect(formedFrom(board, nick, ['<@&1>', 'B'])).toEqual([]);

    const promise = '[Official rules](http://rules.example) **bold** ||spoiler|| @everyone';
    const form = await openForm(h, 'alice', 'Promise');
    await h.emu.submitModal(
      form.id,
      h.channel.id,
      form.modal.custom_id,
      { what: 'note', text: promise },
      form.messageId,
    );
    await h.settle();
    const announced = readingOf(h, `promises: “${promise}”`);
    expect(announced.text).toContain(`🤝 alice ♠ promises: “${promise}”`);
    expect(formedFrom(announced, promise, ['Official rules', 'bold', 'spoiler', 'everyone'])).toEqual([]);
    const shown = readingOf(h, `🤝 Promised: “${promise}”`, true);
    expect(shown.text).toContain(nick);
    expect(formedFrom(shown, promise, ['Official rules', 'bold', 'spoiler', 'everyone'])).toEqual([]);
    expect(formedFrom(shown, nick, ['<@&1>', 'B'])).toEqual([]);
  });
});

describe('GIVEN a storyteller who writes Markdown into a narration', () => {
  it('WHEN it is announced and put on the board THEN it reads literally, line by line, and the bot’s lines after it are not quoted', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(
      '@alice /game start game:storytelling seed:12\n@alice select Case officer\n@alice click Start\n@alice click My view\n@alice select Keep Ministry Emails Hacked and Leaked',
    );
    const narration = '# Giant heading\n```\ncode\n```\n- a list\n>>> everything after is quoted';
    const form = await openForm(h, 'alice', 'Introduce the crisis');
    await h.emu.submitModal(form.id, h.channel.id, form.modal.custom_id, { text: narration }, form.messageId);
    await h.settle();
    const announced = readingOf(h, '📖');
    expect(announced.text).toContain(narration);
    expect(announced.formats.filter((f) => f.kind !== 'bold')).toEqual([]);
    // Nothing is quoted but the bot's own quotes of the introduction on the board.
    const board = readingOf(h, '>>> everything after is quoted', true);
    expect(
      board.formats.filter((f) => f.kind !== 'quote' && /Giant|code|a list|everything/.test(f.text)),
    ).toEqual([]);
    const quoted = board.formats.filter((f) => f.kind === 'quote').map((f) => f.text);
    expect(quoted.slice(0, 6)).toEqual([
      '# Giant heading',
      '```',
      'code',
      '```',
      '- a list',
      '>>> everything after is quoted',
    ]);
    expect(quoted.filter((q) => /Techniques|No intelligence/.test(q))).toEqual([]);
  });
});

describe('GIVEN a host with a hostile nickname who ends the lobby with /game end', () => {
  it('WHEN the cancellation is announced THEN the name reads literally', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const nick = '<@&1> **Boss** ||x||';
    h.emu.setNick(h.guild.id, h.user('alice').id, nick);
    await run('@alice /game start game:item-collection seed:7\n@alice /game end\n@alice click End the game');
    const read = readingOf(h, 'lobby was cancelled by');
    expect(read.text).toContain(`lobby was cancelled by ${nick}.`);
    expect(formedFrom(read, nick, ['<@&1>', 'Boss', 'x'])).toEqual([]);
  });
});
