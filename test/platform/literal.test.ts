/**
 * What a user wrote is shown as written (issue #23 part 4): `literal` escapes it for Discord
 * Markdown, and the emulator's reader (how Discord draws it) shows it back character for
 * character, with no heading, quote, list, code, bold, spoiler, link or mention formed.
 */
import { escapeMarkdown } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { literal, plain } from '../../src/games/text.ts';
import { readMarkdown } from '../../src/sandbox/emulator/index.ts';

const HOSTILE: [string, string][] = [
  ['a giant heading', '# Official announcement'],
  ['a smaller heading', '### note'],
  ['subtext', '-# small print'],
  ['a quote', '> quoted'],
  ['a quote that swallows the rest', '>>> everything after'],
  ['a code block', '```js\nalert(1)\n```'],
  ['inline code', 'use `rm -rf`'],
  ['a masked link', '[Official rules](http://rules.example/x)'],
  ['a nested masked link', '[[a](http://x.example)'],
  ['a role badge and bold', '<@&123456789012345678> **B**'],
  ['a user mention', 'hi <@123456789012345678>'],
  ['a channel', 'see <#123456789012345678>'],
  ['a timestamp', 'at <t:0:R>'],
  ['a custom emoji', '<:pepe:123456789012345678>'],
  ['a slash command mention', '</game start:123456789012345678>'],
  ['@everyone', 'hello @everyone'],
  ['@here', '@here now'],
  ['a spoiler', '||the face-down card||'],
  ['strike-through', '~~no~~'],
  ['underline', '__under__'],
  ['italics', '*it* and _it_'],
  ['a bullet list', '- one\n* two'],
  ['a numbered list', '1. first'],
  ['backslashes', 'a \\*b\\* c \\'],
  ['many lines of everything', 'line\n# head\n> q\n- item\n**b** ||s||'],
];

describe('literal', () => {
  it.each(HOSTILE)(
    'GIVEN %s THEN Discord would format it raw, and shows it literally once escaped',
    (_what, text) => {
      expect(readMarkdown(text).formats.length + (readMarkdown(text).text === text ? 0 : 1)).toBeGreaterThan(
        0,
      );
      const read = readMarkdown(literal(text));
      expect(read.text).toBe(text);
      expect(read.formats).toEqual([]);
    },
  );

  it('GIVEN escaped text inside the bot’s own formatting THEN only the bot’s formatting forms and the lines after it are not quoted', () => {
    const name = '**B** ||x|| *';
    const promise = '>>> everything after\n# heading';
    const read = readMarkdown(
      `🤝 **${literal(name)}** promises: “${literal(promise)}”\nNext line of the bot`,
    );
    expect(read.formats).toEqual([{ kind: 'bold', text: name }]);
    expect(read.text).toBe(`🤝 ${name} promises: “${promise}”\nNext line of the bot`);
  });

  it.each(HOSTILE)('GIVEN %s escaped THEN plain() gives the text back for a picture', (_what, text) => {
    expect(plain(literal(text))).toBe(text);
  });

  it('GIVEN line breaks and carriage returns THEN the lines are kept', () => {
    expect(readMarkdown(literal('one\r\ntwo\rthree\nfour')).text).toBe('one\ntwo\nthree\nfour');
  });

  it('GIVEN text longer than the cap THEN it is cut between graphemes and says how much was left out', () => {
    expect(literal('a'.repeat(50), 10)).toBe(`${'a'.repeat(10)}… (40 more characters not shown)`);
    expect(literal('🇬🇧🇬🇧🇬🇧', 3)).toBe('🇬🇧… (4 more characters not shown)');
    expect(literal('short', 10)).toBe('short');
  });

  it('GIVEN discord.js escapeMarkdown with every option on THEN it leaves what literal adds: quotes, subtext, mentions and nested links', () => {
    const all = { heading: true, bulletedList: true, numberedList: true, maskedLink: true };
    for (const text of [
      '>>> everything after',
      '-# small print',
      '<@&123456789012345678>',
      '[[a](http://x.example)',
    ])
      expect(readMarkdown(escapeMarkdown(text, all)).formats).not.toEqual([]);
  });
});
