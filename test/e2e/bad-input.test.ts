/** Payloads a normal Discord client would not send (hand-made or outdated): refused as bad input. */
import { Events } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('GIVEN a slash command payload without its subcommand', () => {
  it.each(['game', 'tally', 'tradecraft'])(
    'WHEN /%s arrives bare THEN the user is told it was incomplete, not that something went wrong',
    async (command) => {
      h = await Harness.start({ games: [tally] });
      const who = command === 'tradecraft' ? h.admin.id : h.user('alice').id;
      // The emulator only sends well-formed payloads: strip the subcommand as the bot receives it.
      const bot = h.bot;
      bot.client.removeAllListeners(Events.InteractionCreate);
      bot.client.on(Events.InteractionCreate, (i) => {
        if (i.isChatInputCommand())
          (i.options as unknown as { _subcommand: string | null })._subcommand = null;
        void bot.router.handle(i);
      });
      const sub = { game: 'status', tally: 'note', tradecraft: 'about' }[command] ?? '';
      const options = command === 'tally' ? { text: 'x' } : {};
      const handle = await h.emu.slash(who, h.channel.id, command, { subcommand: sub, options });
      await h.settle();
      const text = handle.message ? renderMessageText(handle.message) : '';
      expect(text).toContain('arrived incomplete or malformed');
      expect(text).not.toContain('something went wrong');
    },
  );
});

describe('GIVEN a form submitted to a control that never opens one (found by npm run stress)', () => {
  it.each(['l|%s|cpu', 'e|%s|confirm', 's|%s|close', 'v|%s'])(
    'WHEN %s arrives as a modal submission THEN it is refused as altered and nothing changes',
    async (pattern) => {
      h = await Harness.start({ games: [tally] });
      const alice = h.user('alice').id;
      await h.emu.slash(alice, h.channel.id, 'game', { subcommand: 'start', options: { game: 'tally' } });
      await h.settle();
      const before = await h.bot.tables.load(h.channel.id);
      const handle = await h.emu.submitModal(alice, h.channel.id, pattern.replace('%s', before?.id ?? ''), {
        text: 'x',
      });
      await h.settle();
      const text = handle.message ? renderMessageText(handle.message) : '';
      expect(text).toContain('not one of mine, or it has been altered');
      expect(text).not.toContain('something went wrong');
      expect((await h.bot.tables.load(h.channel.id))?.version).toBe(before?.version);
    },
  );
});
