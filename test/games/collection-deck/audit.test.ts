/** Fixes from the rulebook audit (issue 16), each with the ruling it follows. */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { HARDCORE_QUESTION } from '../../../src/games/collection-deck/view.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { codeOf, deal, engine, run } from './fixtures.ts';

/**
 * p0 targets Naval Standoff (2 techniques, M 6) with Imagery Pass and Agent Recruitment; p1
 * counters Agent Recruitment, the strategy fails, and Imagery Pass stays on the crisis.
 */
function leftOnNavalStandoff(hands: string[][]): CdState {
  const [mine = [], theirs = []] = hands;
  return run(
    deal({
      hands: [
        ['T03', 'T01', ...mine],
        ['R05', ...theirs],
      ],
      field: ['C08'],
    }),
    [
      ['p0', { type: 'select-crisis', crisis: 'C08' }],
      ['p0', { type: 'add-techniques', techniques: ['T03', 'T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'pass' }],
    ],
  ).state;
}

describe('GIVEN a technique left standing on a crisis after a failed strategy', () => {
  it('THEN its owner may not disrupt with a Target card that would knock it out (R33)', () => {
    const left = leftOnNavalStandoff([['R01'], ['T10']]);
    expect(left.field.find((f) => f.card === 'C08')?.techniques.map((t) => t.card)).toEqual(['T03']);
    const s = run(left, [
      ['p1', { type: 'select-crisis', crisis: 'C08' }],
      ['p1', { type: 'add-techniques', techniques: ['T10'] }],
      ['p1', { type: 'commit' }],
    ]).state;
    expect(s.turn.stage).toBe('disrupt');
    const r = engine.apply(s, 'p0', { type: 'play', card: 'R01', on: 'C08' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/knock out your own technique.*R33/);
  });

  it('THEN the build menu lets its owner tick only as many techniques as the crisis still needs', () => {
    const s = run(leftOnNavalStandoff([['T10', 'T06'], []]), [
      ['p1', { type: 'pass' }],
      ['p0', { type: 'select-crisis', crisis: 'C08' }],
    ]).state;
    const panel = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    const ticks = (panel.selects ?? []).find((x) => x.placeholder.startsWith('Techniques for this crisis'));
    expect(ticks?.options.length).toBeGreaterThanOrEqual(2);
    expect(ticks?.multi?.max).toBe(1);
  });
});

describe('GIVEN Collect It All with three players', () => {
  it('THEN each opponent gets the whole disruption window for their own decision (R31)', () => {
    const s = run(
      deal({ hands: [['T01'], [], []], field: ['C01'], options: { edition: 'collect-it-all' } }),
      [
        ['p0', { type: 'select-crisis', crisis: 'C01' }],
        ['p0', { type: 'add-techniques', techniques: ['T01'] }],
        ['p0', { type: 'commit' }],
      ],
    ).state;
    const first = engine.timer(s);
    expect(first?.label).toContain('P1');
    const timedOut = run(s, [[SYSTEM_ACTOR, { type: 'close-window' }]]);
    expect(timedOut.announce.join(' ')).toContain('P1 lets it through (time is up).');
    expect(timedOut.state.turn.stage).toBe('disrupt');
    const second = engine.timer(timedOut.state);
    // A new key is a new, full deadline for the next opponent.
    expect(second?.key).not.toBe(first?.key);
    expect(second?.label).toContain('P2');
    expect(second?.durationMs).toBe(first?.durationMs);
  });
});

describe('GIVEN a two-player Collect It All table with five crises', () => {
  it('WHEN a latecomer joins THEN the Field grows to ten at the start of the round they join (R32)', () => {
    let s = deal({ hands: [[], []], options: { edition: 'collect-it-all' } });
    expect(s.field).toHaveLength(5);
    const joined = engine.join?.(s, { id: 'late', name: 'Late' });
    if (!joined?.ok) throw new Error('join refused');
    s = run(joined.value.state, [
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    s = run(
      s,
      s.discardPending.map(
        (i) =>
          [s.seats[i]?.id ?? '', { type: 'discard', cards: [] }] as [
            string,
            { type: 'discard'; cards: string[] },
          ],
      ),
    ).state;
    expect(s.seats).toHaveLength(3);
    expect(s.field).toHaveLength(10);
  });
});

describe('GIVEN a facilitator judging a justification', () => {
  it('THEN the board says the table waits for the facilitator, not "nobody"', () => {
    const s = run(deal({ hands: [['T01'], ['R15'], []], field: ['C01'], facilitator: 'host' }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', text: 'A recruited officer reports the unit movements.' }],
    ]).state;
    const view = engine.view(s, null);
    expect(view.waitingFor).toEqual(['the facilitator']);
    expect(engine.present(view, { viewer: null }).footer).toContain('Waiting for: the facilitator');
  });
});

describe('GIVEN a Manager Challenge', () => {
  it('THEN the board and the justification form show the question the challenged player must answer', () => {
    const s = run(deal({ hands: [['T01'], ['R16']], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R16', on: 'T01' }],
    ]).state;
    expect(engine.present(engine.view(s, null), { viewer: null }).description).toContain(
      '“Who would collect this, and how?”',
    );
    const justify = (engine.present(engine.view(s, 'p0'), { viewer: 'p0' }).buttons ?? []).find(
      (b) => b.modal,
    );
    expect(justify?.modal?.description).toBe('Who would collect this, and how?');
    // A card without its own question (and Hardcore) asks the standing one.
    const plain = run(deal({ hands: [['T01'], ['R15']], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
    ]).state;
    expect(engine.view(plain, null).turn.challenge?.question).toBe(HARDCORE_QUESTION);
    expect(codeOf(plain, 'p0', { type: 'justify', text: 'x' })).toBe('ok');
  });
});
