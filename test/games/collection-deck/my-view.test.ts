/** What a player sees in My view (text and picture) while building and deciding. */
import { describe, expect, it } from 'vitest';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { svgWords } from '../picture-checks.ts';
import { deal, engine, run } from './fixtures.ts';

/** p0 targets Naval Standoff (2 techniques) and has put down Imagery Pass only. */
function halfBuilt(): CdState {
  return run(deal({ hands: [['T03', 'T01', 'R09'], ['T06']], field: ['C08'] }), [
    ['p0', { type: 'select-crisis', crisis: 'C08' }],
    ['p0', { type: 'add-techniques', techniques: ['T03'] }],
  ]).state;
}

const panelText = (s: CdState, viewer: string): string => {
  const p = engine.present(engine.view(s, viewer), { viewer });
  return [p.description ?? '', ...(p.fields ?? []).map((f) => `${f.name}\n${f.value}`)].join('\n');
};
const picture = (s: CdState, viewer: string) => {
  const pic = engine.picture?.(engine.view(s, viewer), { viewer });
  if (!pic) throw new Error('no picture');
  return pic;
};

describe('GIVEN a player building a strategy', () => {
  it('THEN the text of My view shows the techniques already put down and what is still needed', () => {
    const text = panelText(halfBuilt(), 'p0');
    expect(text).toContain('Your strategy: 🎯 Naval Standoff');
    expect(text).toMatch(/• Imagery Pass \(standing\)/);
    expect(text).toContain('1 of 2 techniques standing: 1 more needed');
  });

  it('THEN the picture of My view draws them above the hand, and its alt text says so first', () => {
    const pic = picture(halfBuilt(), 'p0');
    expect(svgWords(pic.svg)).toContain('Imagery Pass');
    expect(svgWords(pic.svg)).toContain('1 more needed');
    const [, second] = pic.alt.split('. ');
    expect(second).toMatch(/^Your strategy: Naval Standoff/);
  });

  it('THEN nobody else sees them (D5)', () => {
    const s = halfBuilt();
    expect(panelText(s, 'p1')).not.toContain('Imagery Pass');
    expect(svgWords(picture(s, 'p1').svg)).not.toContain('Imagery Pass');
  });
});

describe('GIVEN an opponent choosing a disruption', () => {
  it('THEN each card in the menu says what it would do to the strategy', () => {
    const s = run(deal({ hands: [['T01'], ['R05', 'R01']], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
    ]).state;
    const p = engine.present(engine.view(s, 'p1'), { viewer: 'p1' });
    const menu = p.selects?.find((x) => x.placeholder === 'Disrupt with a reality check');
    const described = (label: string) => menu?.options.find((o) => o.label.startsWith(label))?.description;
    expect(described('Misinformed Source')).toMatch(/^Knocks out Agent Recruitment\./);
    // Border Incursion goes from 5 to 6: Agent Recruitment (3-7) still reaches it.
    expect(described('Hard Target')).toMatch(/^Changes no technique now\./);
  });
});
