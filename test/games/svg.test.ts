import { describe, expect, it } from 'vitest';
import { altText, escapeXml, text, textWidth, wrap } from '../../src/games/svg.ts';

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
