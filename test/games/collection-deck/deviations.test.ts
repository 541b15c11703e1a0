/**
 * Issue 16: deviations from the rulebooks, each checked against the text and ruled on
 * (docs/rules/collection-deck.md, "Deviations checked against the text", D1-D5).
 */
import { describe, expect, it } from 'vitest';
import { collectionDeckRuleRefs } from '../../../src/games/collection-deck/rule-refs.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { withRuleRefs } from '../../../src/games/rule-refs.ts';
import type { DealSpec } from './fixtures.ts';
import { codeOf, deal, engine, run } from './fixtures.ts';

const taught = withRuleRefs(engine, collectionDeckRuleRefs);

/** p0 targets a crisis with the given techniques and commits. */
function committed(spec: DealSpec, crisis: string, techniques: string[]): CdState {
  return run(deal({ field: [crisis], ...spec }), [
    ['p0', { type: 'select-crisis', crisis }],
    ['p0', { type: 'add-techniques', techniques }],
    ['p0', { type: 'commit' }],
  ]).state;
}

const publicCrisis = (s: CdState, id: string) => engine.view(s, null).field.find((f) => f.id === id);
const statuses = (s: CdState, id: string) =>
  Object.fromEntries(publicCrisis(s, id)?.techniques.map((t) => [t.id, t.status]) ?? []);

describe('D1 Think Outside the Box does not answer a Target card', () => {
  it.each([
    ['cia', 'Components: Reality Check Cards'],
    ['collect-it-all', 'Reality Check Cards'],
  ] as const)('%s: refused with its rule, and a range extension answers instead', (edition, section) => {
    // Imagery Pass (MW 2-6) on Border Incursion (M 5); Very Hard Target makes it 7.
    const s = committed({ hands: [['T03', 'R12', 'R10'], ['R03']], options: { edition } }, 'C01', ['T03']);
    const hit = run(s, [['p1', { type: 'play', card: 'R03', on: 'C01' }]]).state;
    expect(statuses(hit, 'C01')).toEqual({ T03: 'misfit' });

    const refused = taught.apply(hit, 'p0', { type: 'play', card: 'R12', on: 'R03' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('not-vs-target');
    expect(refused.error.message).toContain('Very Hard Target changes the crisis itself');
    expect(refused.error.reference).toMatchObject({ section, ruling: 'collection-deck D1' });
    expect(refused.error.instead).toContain('range extension');

    const end = run(hit, [
      ['p0', { type: 'play', card: 'R10', on: 'T03' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
    // The Target card was never defeated: it went to the discard pile with the solved crisis.
    expect(end.discard).toContain('R03');
    expect(end.seats[0]?.hand).toContain('R12');
  });

  it('the same Think Outside the Box still defeats a counter aimed at the technique', () => {
    const s = committed({ hands: [['T03', 'R12'], ['R06']] }, 'C01', ['T03']);
    const end = run(s, [
      ['p1', { type: 'play', card: 'R06', on: 'T03' }],
      ['p0', { type: 'play', card: 'R12', on: 'R06' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
  });
});

describe('Manager Challenge votes (D2, D3)', () => {
  /** p1 challenges Agent Recruitment on Border Incursion and p0 justifies it. */
  const challenged = (players: number): CdState => {
    const hands = [['T01'], ['R15'], ...Array.from({ length: players - 2 }, () => [] as string[])];
    return run(committed({ hands }, 'C01', ['T01']), [
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', text: 'A recruited border officer reports the unit movements.' }],
    ]).state;
  };
  /** p0 is done responding to the challenge, then every opponent lets the strategy through. */
  const passAll = (s: CdState, players: number) =>
    run(
      s,
      Array.from({ length: players }, (_, i) => [`p${i}`, { type: 'pass' }] as [string, { type: 'pass' }]),
    ).state;

  it('D2 a 1-1 tie keeps the technique: the challenger alone cannot overrule the third player', () => {
    const { state, announce } = run(challenged(3), [
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: true }],
    ]);
    expect(announce).toContain('Agent Recruitment is judged feasible (1–1); it stays in the strategy.');
    expect(state.discard).toContain('R15');
    expect(passAll(state, 3).seats[0]?.score).toBe(1);
  });

  it('D3 at two players the challenger alone judges, and one vote settles it at once', () => {
    const s = challenged(2);
    expect(engine.activePlayers(s)).toEqual(['p1']);
    expect(engine.view(s, null).turn.challenge).toMatchObject({ step: 'vote', votes: 0, voters: 1 });
    expect(codeOf(s, 'p0', { type: 'vote', feasible: true })).toBe('not-a-voter');

    const lost = run(s, [['p1', { type: 'vote', feasible: false }]]);
    expect(lost.announce).toContain('Agent Recruitment is judged not feasible (0–1) and is lost.');
    expect(lost.state.turn.stage).toBe('respond');
    expect(run(lost.state, [['p0', { type: 'pass' }]]).state.seats[0]?.score).toBe(0);

    const kept = run(s, [['p1', { type: 'vote', feasible: true }]]).state;
    expect(passAll(kept, 2).seats[0]?.score).toBe(1);
  });
});

describe('D4 difficulty after Target cards is not clamped to 1-9', () => {
  it('a Very Hard Target on a 9 makes 11: only a range extended to 11 reaches it', () => {
    // Reactor Leak (W 9, two techniques): Radar Tracking (MW 1-9) and Forum Scraping (PMEW 1-9).
    const s = committed({ hands: [['T10', 'T11', 'R10', 'R09'], ['R03']] }, 'C11', ['T10', 'T11']);
    const hit = run(s, [['p1', { type: 'play', card: 'R03', on: 'C11' }]]).state;
    expect(publicCrisis(hit, 'C11')?.currentDifficulty).toBe(11);
    const answered = run(hit, [
      ['p0', { type: 'play', card: 'R10', on: 'T10' }], // 1-9 extended by 2: -1..11
      ['p0', { type: 'play', card: 'R09', on: 'T11' }], // 1-9 extended by 1: 0..10
    ]).state;
    expect(statuses(answered, 'C11')).toEqual({ T10: 'standing', T11: 'misfit' });
    const end = run(answered, [['p0', { type: 'pass' }]]).state;
    expect(end.seats[0]?.score).toBe(0);
    // The survivor stays on the crisis with its extension; the misfit is discarded.
    expect(end.field.find((f) => f.card === 'C11')?.techniques.map((t) => t.card)).toEqual(['T10']);
  });

  it('a Very Soft Target on a 2 makes 0, below a range starting at 1', () => {
    // Press Monitoring (PE 1-7) on Bank Fraud (E 2).
    const s = committed({ hands: [['T04'], ['R04']] }, 'C09', ['T04']);
    const hit = run(s, [['p1', { type: 'play', card: 'R04', on: 'C09' }]]).state;
    expect(publicCrisis(hit, 'C09')?.currentDifficulty).toBe(0);
    expect(statuses(hit, 'C09')).toEqual({ T04: 'misfit' });
    expect(run(hit, [['p0', { type: 'pass' }]]).state.seats[0]?.score).toBe(0);
  });
});

describe('D5 a strategy being built is shown to nobody else, so taking it back reveals nothing', () => {
  const building = () =>
    run(deal({ field: ['C01'], hands: [['T01', 'R09'], []] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'play', card: 'R09', on: 'T01' }],
    ]);

  it('only the builder sees the cards put down; the table sees the crisis and a full hand', () => {
    const { state, announce } = building();
    expect(announce.join(' ')).not.toMatch(/Agent Recruitment|Extended Reach/);
    for (const viewer of [null, 'p1']) {
      const v = engine.view(state, viewer);
      expect(v.field.find((f) => f.id === 'C01')).toMatchObject({ targeted: true, techniques: [] });
      expect(v.seats[0]?.handSize).toBe(7);
    }
    const mine = engine.view(state, 'p0').field.find((f) => f.id === 'C01');
    expect(mine?.techniques).toEqual([expect.objectContaining({ id: 'T01', mods: ['Extended Reach'] })]);
  });

  it('taking it back returns the cards to the hand; once committed, the table sees it and it stays', () => {
    const { state } = building();
    const back = run(state, [['p0', { type: 'cancel' }]]).state;
    expect(back.seats[0]?.hand).toEqual(expect.arrayContaining(['T01', 'R09']));
    expect(back.field.find((f) => f.card === 'C01')?.techniques).toEqual([]);

    const laid = run(state, [['p0', { type: 'commit' }]]).state;
    expect(publicCrisis(laid, 'C01')?.techniques).toEqual([
      expect.objectContaining({ id: 'T01', mods: ['Extended Reach'] }),
    ]);
    expect(codeOf(laid, 'p0', { type: 'cancel' })).toBe('not-your-turn');
  });
});
