import { describe, expect, it } from 'vitest';
import { collection } from '../../src/games/collection/index.ts';
import { altText, escapeXml, fit, text, textWidth, wrap } from '../../src/games/svg.ts';

describe('SVG toolkit', () => {
  it('GIVEN a player name with markup THEN it is drawn as text, not as SVG', () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;',
    );
    expect(text(1.4, 2.6, '<x>', { size: 14, fill: '#000' })).toBe(
      '<text x="1" y="3" font-family="DejaVu Sans" font-size="14" fill="#000">&lt;x&gt;</text>',
    );
  });

  it('GIVEN text smaller than a phone can read THEN drawing it fails', () => {
    expect(() => text(0, 0, 'tiny', { size: 12, fill: '#000' })).toThrow(/below the 14px minimum/);
  });

  it('GIVEN a long sentence THEN every wrapped line fits the width and the cut is marked', () => {
    const lines = wrap(
      'Hydrophones and microphones record the sound signatures of submarines',
      150,
      14,
      false,
      2,
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(textWidth(line, 14)).toBeLessThanOrEqual(150);
    expect(lines[1]).toMatch(/…$/);
    expect([...altText(['x'.repeat(2000)])]).toHaveLength(1024);
  });
});

/** A UTF-16 unit that is half of a surrogate pair with its other half missing. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('GIVEN a player name with emoji and flags too long for its place on a picture', () => {
  const names = ['🕵️‍♀️ Agent 🇫🇷🇩🇪🇬🇧🇺🇸🇯🇵🇧🇷 Zoë 👩🏽‍💻👨‍👩‍👧', `x${'🇺🇦'.repeat(20)}`, `xy${'😀'.repeat(30)}`];
  it.each(names)('WHEN %s is cut at any width THEN no emoji or flag is split', (name) => {
    const whole = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(name)].map(
      (g) => g.segment,
    );
    for (let width = 20; width < 400; width += 3) {
      const cut = fit(name, width, 14);
      expect(cut, `width ${width}`).not.toMatch(LONE_SURROGATE);
      // What is kept is whole graphemes of the name, in order, then the ellipsis.
      const kept = cut.endsWith('…') ? cut.slice(0, -1) : cut;
      expect(whole.join('').startsWith(kept)).toBe(true);
      expect(
        [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(kept)].every(
          (g, i) => g.segment === whole[i],
        ),
      ).toBe(true);
    }
  });

  it('WHEN the COLLECTION board draws it beside a seat THEN its SVG has no lone surrogate', () => {
    const roles = ['political', 'military', 'economic'] as const;
    for (const name of names) {
      // The seat label is cut at about 28 characters: pad the name so the cut lands everywhere.
      for (let pad = 0; pad < 4; pad++) {
        const players = roles.map((_, i) => ({ id: `p${i}`, name: `${'n'.repeat(pad)}${name}${i}` }));
        const state = collection.setup({
          players,
          options: {},
          seed: 's',
          arrangement: { roles: [...roles] },
        });
        if (!state.ok) throw new Error(state.error.message);
        const picture = collection.picture?.(collection.view(state.value, null), { viewer: null });
        expect(picture?.svg).toContain('n'.repeat(pad));
        expect(picture?.svg).not.toMatch(LONE_SURROGATE);
      }
    }
  });
});
