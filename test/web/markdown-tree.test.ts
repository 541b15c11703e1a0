/** The page draws Discord's Markdown from a tree read by the same rules as the emulator's reader. */
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../src/sandbox/emulator/index.ts';
import { markdownTree, type Block, type Inline, type Names } from '../../src/sandbox/web/markdown-tree.ts';

const names: Names = {
  user: (id) => (id === '1' ? 'alice' : undefined),
  channel: (id) => (id === '2' ? 'table' : undefined),
  role: () => undefined,
};

/** What a reader reads in a tree: its text, mentions as the emulator's reader writes them. */
function text(pieces: Inline[]): string {
  return pieces
    .map((p) => {
      if (typeof p === 'string') return p;
      if ('c' in p) return text(p.c);
      if (p.t === 'code') return p.text;
      if (p.t === 'mention') return `@{${p.label}}`;
      return '';
    })
    .join('');
}
const read = (blocks: Block[]): string =>
  blocks.map((b) => (b.t === 'quote' ? read(b.c) : b.t === 'pre' ? b.text : text(b.c))).join('\n');

describe('markdownTree', () => {
  it.each([
    ['**bold** and *italic* and __underline__', 'bold and italic and underline'],
    ['~~gone~~ ||secret|| `code *not bold*`', 'gone secret code *not bold*'],
    ['\\*not italic\\* and a\\_b', '*not italic* and a_b'],
    ['## Heading\n-# small print\n- item\n1. first', 'Heading\nsmall print\nitem\nfirst'],
    ['> quoted\nnot quoted', 'quoted\nnot quoted'],
    ['[a link](https://example.org) here', 'a link here'],
  ])('GIVEN %j THEN it reads as the emulator reads it', (source, expected) => {
    expect(read(markdownTree(source, names))).toBe(expected);
    expect(readMarkdown(source).text).toBe(expected);
  });

  it('GIVEN formatting THEN each piece becomes its own node, nested as written', () => {
    expect(markdownTree('**bold _both_**', names)).toEqual([
      { t: 'p', c: [{ t: 'b', c: ['bold ', { t: 'i', c: ['both'] }] }] },
    ]);
  });

  it('GIVEN mentions, timestamps and @everyone THEN names come from the server and times stay times', () => {
    const [line] = markdownTree('<@1> in <#2> <t:60:R> @everyone <@9>', names);
    expect(line).toEqual({
      t: 'p',
      c: [
        { t: 'mention', kind: 'user', id: '1', label: '@alice' },
        ' in ',
        { t: 'mention', kind: 'channel', id: '2', label: '#table' },
        ' ',
        { t: 'time', unix: 60, style: 'R' },
        ' ',
        { t: 'mention', kind: 'everyone', label: '@everyone' },
        ' ',
        { t: 'mention', kind: 'user', id: '9', label: '@unknown-user' },
      ],
    });
  });

  it('GIVEN >>> THEN the rest of the message is one quote; GIVEN a code block THEN it is kept verbatim', () => {
    expect(markdownTree('>>> a\nb', names)).toEqual([
      {
        t: 'quote',
        c: [
          { t: 'p', c: ['a'] },
          { t: 'p', c: ['b'] },
        ],
      },
    ]);
    expect(markdownTree('before\n```js\n**x** <@1>\n```\nafter', names)).toEqual([
      { t: 'p', c: ['before'] },
      { t: 'pre', text: '**x** <@1>' },
      { t: 'p', c: ['after'] },
    ]);
  });

  it('GIVEN HTML or a script link THEN it stays text, and only http(s) links are links', () => {
    expect(markdownTree('<b>x</b> [y](javascript:alert(1))', names)).toEqual([
      { t: 'p', c: ['<b>x</b> [y](javascript:alert(1))'] },
    ]);
    expect(markdownTree('see https://example.org/a.', names)).toEqual([
      {
        t: 'p',
        c: ['see ', { t: 'link', href: 'https://example.org/a', c: ['https://example.org/a'] }, '.'],
      },
    ]);
  });
});
