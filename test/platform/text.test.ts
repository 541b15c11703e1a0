import { describe, expect, it } from 'vitest';
import { charCount, clip } from '../../src/bot/kernel/text.ts';

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
