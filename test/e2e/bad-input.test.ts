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
