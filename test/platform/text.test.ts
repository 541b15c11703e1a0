import { describe, expect, it } from 'vitest';
import { charCount, chunkLines, clip, graphemes, toChoices } from '../../src/bot/kernel/text.ts';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

describe('clip', () => {
  it('GIVEN text full of emoji WHEN it is clipped at any length THEN no emoji is cut in half and Discord’s count fits', () => {
    const text = '🕵️ Agent 🗝️🔐 handed over 📁📁📁 files 👩‍💻 to 🇬🇧 station'.repeat(3);
    for (let max = 2; max <= charCount(text) + 1; max++) {
      const out = clip(text, max);
      expect(charCount(out)).toBeLessThanOrEqual(max);
      expect(out).not.toMatch(loneSurrogate);
      expect(out.endsWith('\u200d…')).toBe(false);
    }
  });

  it('GIVEN text within the limit THEN it is unchanged', () => {
    expect(clip('📁📁', 2)).toBe('📁📁');
    expect(clip('📁📁📁', 2)).toBe('📁…');
  });
});

describe('clip, by graphemes (issue #22)', () => {
  it('GIVEN flags and a family emoji WHEN clipped anywhere THEN none is split into its parts', () => {
    const text = '🇬🇧🇫🇷👨‍👩‍👧‍👦🇩🇪';
    const whole = new Set(['🇬🇧', '🇫🇷', '👨‍👩‍👧‍👦', '🇩🇪']);
    for (let max = 1; max <= charCount(text); max++) {
      const out = clip(text, max);
      expect(charCount(out)).toBeLessThanOrEqual(max);
      for (const g of graphemes(out.replace(/…$/, ''))) expect(whole.has(g)).toBe(true);
    }
  });
});

describe('chunkLines (issue #22)', () => {
  it('GIVEN a first line exactly as long as the limit THEN no message is empty', () => {
    const chunks = chunkLines(`${'a'.repeat(20)}\nb`, 20);
    expect(chunks).toEqual(['a'.repeat(20), 'b']);
  });

  it('GIVEN a line longer than the limit THEN it is split, at a space where it can, and nothing is lost', () => {
    const line = 'word '.repeat(30).trim();
    const chunks = chunkLines(`start\n${line}\nend`, 40);
    for (const c of chunks) {
      expect(charCount(c)).toBeLessThanOrEqual(40);
      expect(c.trim()).not.toBe('');
    }
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(`start ${line} end`);
    expect(chunks.every((c) => !/\bwor$|^d\b/m.test(c))).toBe(true);
  });

  it('GIVEN a line of flags longer than the limit THEN no flag is split between two messages', () => {
    const flags = '🇬🇧'.repeat(15);
    const chunks = chunkLines(flags, 9);
    expect(chunks.join('')).toBe(flags);
    for (const c of chunks) {
      expect(charCount(c)).toBeLessThanOrEqual(9);
      expect(graphemes(c).every((g) => g === '🇬🇧')).toBe(true);
    }
  });

  it('GIVEN blank lines only THEN there is no message at all', () => {
    expect(chunkLines('\n\n', 10)).toEqual([]);
  });
});

describe('autocomplete choices', () => {
  it('GIVEN 30 long choices THEN Discord gets 25, each name and value at most 100 characters with no emoji cut', () => {
    const long = '🗝️ The station chief’s sealed dossier '.repeat(6);
    const choices = toChoices(
      Array.from({ length: 30 }, (_, i) => ({ name: `${i} ${long}`, value: `${i}${long}` })),
    );
    expect(choices).toHaveLength(25);
    for (const c of choices) {
      expect(charCount(c.name)).toBeLessThanOrEqual(100);
      expect(charCount(c.value)).toBeLessThanOrEqual(100);
      expect(c.name + c.value).not.toMatch(loneSurrogate);
    }
    expect(choices[0]?.name.startsWith('0 🗝️')).toBe(true);
  });
});
