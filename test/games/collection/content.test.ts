import { describe, expect, it } from 'vitest';
import { CARD_DATA } from '../../../src/games/collection/content/cards.ts';
import { COLLECTOR_DATA } from '../../../src/games/collection/content/collectors.ts';
import { content, contentProblems } from '../../../src/games/collection/content/index.ts';
import { ROLE_DATA } from '../../../src/games/collection/content/roles.ts';
import { SCENARIO_DATA } from '../../../src/games/collection/content/scenarios.ts';
import { COLOURS, LETTERS } from '../../../src/games/collection/types.ts';

const raw = { roles: ROLE_DATA, collectors: COLLECTOR_DATA, scenarios: SCENARIO_DATA, cards: CARD_DATA };

describe('COLLECTION content', () => {
  it('GIVEN the data modules THEN they pass their schemas with the rulebook counts', () => {
    expect(contentProblems(raw)).toEqual([]);
    const c = content();
    expect(c.roles.size).toBe(7);
    expect(c.collectors.size).toBe(6);
    expect(c.scenarios.size).toBe(12);
    expect(c.deck).toHaveLength(80);
    expect(new Set(c.deck).size).toBe(80);
  });

  it('GIVEN Annex 1 THEN three mandatory specialists, two half-dice generalists, and only the Collection Analyst cannot lower a crisis', () => {
    expect(ROLE_DATA.filter((r) => r.mandatory).map((r) => r.id)).toEqual([
      'political',
      'military',
      'economic',
    ]);
    expect(ROLE_DATA.filter((r) => r.halfDice).map((r) => r.id)).toEqual(['collection', 'targeting']);
    expect(ROLE_DATA.filter((r) => !r.canLower).map((r) => r.id)).toEqual(['collection']);
  });

  it('GIVEN the collectors THEN each has two affinity colours and each colour is on exactly four of them', () => {
    for (const colour of COLOURS)
      expect(COLLECTOR_DATA.filter((c) => c.affinity.includes(colour))).toHaveLength(4);
  });

  it('GIVEN the scenario cards THEN each asks for a mix of exactly ten reports', () => {
    for (const s of SCENARIO_DATA) expect(s.needs.political + s.needs.military + s.needs.economic).toBe(10);
  });

  it('GIVEN the collection cards THEN there are red and blue cards and Crisis Expansion cards for every scenario letter', () => {
    const count = (f: (c: (typeof CARD_DATA)[number]) => boolean) =>
      CARD_DATA.filter(f).reduce((n, c) => n + c.copies, 0);
    expect(count(() => true)).toBe(80);
    expect(count((c) => c.label === 'red')).toBeGreaterThan(20);
    expect(count((c) => c.label === 'blue')).toBeGreaterThan(20);
    for (const l of LETTERS)
      expect(
        count((c) => c.effects.some((e) => e.type === 'expand' && e.scenario === l)),
      ).toBeGreaterThanOrEqual(4);
  });

  it('GIVEN broken data THEN every problem is listed', () => {
    const problems = contentProblems({
      ...raw,
      scenarios: SCENARIO_DATA.slice(1),
      cards: [...CARD_DATA, { ...CARD_DATA[0], id: 'K99', effects: [{ type: 'nonsense' }] }],
    });
    expect(problems.join('\n')).toMatch(/scenarios: 11/);
    expect(problems.join('\n')).toMatch(/card 3\d/);
  });
});
