import { describe, expect, it } from 'vitest';
import { codeOf, deal, engine, run } from './fixtures.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';

const field = (s: CdState, id: string) => s.field.find((f) => f.card === id);

describe('a turn: collection strategy and outcome', () => {
  it('GIVEN a complete strategy nobody disrupts THEN the player takes the crisis and its points', () => {
    const s0 = deal({ hands: [['T01'], []], field: ['C01'] });
    const { state, announce } = run(s0, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'pass' }],
    ]);
    expect(state.seats[0]?.score).toBe(1);
    expect(state.seats[0]?.solved).toEqual(['C01']);
    expect(field(state, 'C01')).toBeUndefined();
    expect(state.discard).toContain('T01');
    expect(state.turn.seat).toBe(1);
    expect(announce.join(' ')).toMatch(/defuses Border Incursion/);
  });

  it('GIVEN fewer techniques than the crisis needs THEN the strategy cannot be committed', () => {
    const s = run(deal({ hands: [['T05', 'T02'], []], field: ['C02'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C02' }],
      ['p0', { type: 'add-techniques', techniques: ['T05'] }],
    ]).state;
    expect(codeOf(s, 'p0', { type: 'commit' })).toBe('strategy-incomplete');
    const full = run(s, [['p0', { type: 'add-techniques', techniques: ['T02'] }]]).state;
    expect(codeOf(full, 'p0', { type: 'commit' })).toBe('ok');
  });

  it('GIVEN a technique out of range THEN a Very Soft Target of your own makes it fit', () => {
    const s = run(deal({ hands: [['T03', 'T05', 'R04'], []], field: ['C02'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C02' }],
      ['p0', { type: 'add-techniques', techniques: ['T03', 'T05'] }],
    ]).state;
    expect(codeOf(s, 'p0', { type: 'commit' })).toBe('strategy-incomplete');
    // T05 (6-9) still fits 8-2 = 6, so the Very Soft Target does not defeat the strategy.
    const after = run(s, [['p0', { type: 'play', card: 'R04', on: 'C02' }]]).state;
    expect(codeOf(after, 'p0', { type: 'commit' })).toBe('ok');
  });

  it('GIVEN a strategy being built WHEN the player takes it back THEN every card returns to the hand', () => {
    const s0 = deal({ hands: [['T01', 'R09'], []], field: ['C01'] });
    const s = run(s0, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'play', card: 'R09', on: 'T01' }],
      ['p0', { type: 'cancel' }],
    ]).state;
    expect([...(s.seats[0]?.hand ?? [])].sort()).toEqual([...(s0.seats[0]?.hand ?? [])].sort());
    expect(field(s, 'C01')?.techniques).toEqual([]);
  });

  it('GIVEN a failed strategy THEN surviving techniques stay and a later player completes the crisis', () => {
    const s = run(
      deal({
        hands: [
          ['T05', 'T02', 'R17'],
          ['R07', 'T09'],
        ],
        field: ['C02'],
      }),
      [
        ['p0', { type: 'select-crisis', crisis: 'C02' }],
        ['p0', { type: 'add-techniques', techniques: ['T05', 'T02'] }],
        ['p0', { type: 'commit' }],
        ['p1', { type: 'play', card: 'R07', on: 'T02' }],
        ['p0', { type: 'pass' }],
      ],
    ).state;
    expect(field(s, 'C02')?.techniques.map((t) => [t.card, t.owner])).toEqual([['T05', 0]]);
    expect(s.discard).toEqual(expect.arrayContaining(['T02', 'R07']));
    expect(s.turn.seat).toBe(1);
    const done = run(s, [
      ['p1', { type: 'select-crisis', crisis: 'C02' }],
      ['p1', { type: 'add-techniques', techniques: ['T09'] }],
      ['p1', { type: 'commit' }],
    ]).state;
    // The surviving technique is a fair target, but its owner may not counter it (self-defeatist).
    expect(codeOf(done, 'p0', { type: 'play', card: 'R17', on: 'T05' })).toBe('self-defeatist');
    const end = run(done, [['p0', { type: 'pass' }]]).state;
    expect(end.seats[1]?.score).toBe(2);
    expect(end.seats[0]?.score).toBe(0);
  });
});

describe('reality-check effects', () => {
  const committed = (hand0: string[], hand1: string[], crisis: string, techs: string[], options = {}) =>
    run(deal({ hands: [hand0, hand1], field: [crisis], options }), [
      ['p0', { type: 'select-crisis', crisis }],
      ['p0', { type: 'add-techniques', techniques: techs }],
      ['p0', { type: 'commit' }],
    ]).state;

  it.each([
    ['Misinformed Source counters a HUMINT technique', 'T01', 'R05', 'ok'],
    ['Cloud Cover counters a satellite technique', 'T03', 'R06', 'ok'],
    ['Cloud Cover cannot counter a technique without a satellite', 'T01', 'R06', 'wrong-kind'],
    ['Budget Cut counters any technique', 'T01', 'R07', 'ok'],
    ['a technique "not affected by" a card is immune to it', 'T12', 'R07', 'immune'],
    ['Linguists Reassigned cannot touch Press Monitoring', 'T04', 'R08', 'immune'],
    ['Extended Reach only helps: it is no disruption', 'T01', 'R09', 'not-a-disruption'],
    ['New Angle only helps: it is no disruption', 'T01', 'R11', 'not-a-disruption'],
  ])('%s', (_why, tech, check, expected) => {
    const crisis = tech === 'T04' ? 'C12' : 'C01';
    const s = committed([tech], [check], crisis, [tech]);
    expect(codeOf(s, 'p1', { type: 'play', card: check, on: tech })).toBe(expected);
  });

  it('Misinformed Source counters any HUMINT technique and no SIGINT one', () => {
    const s = committed(['T06'], ['R05'], 'C01', ['T06']);
    expect(codeOf(s, 'p1', { type: 'play', card: 'R05', on: 'T06' })).toBe('ok');
    const sig = committed(['T02'], ['R05'], 'C01', ['T02']);
    expect(codeOf(sig, 'p1', { type: 'play', card: 'R05', on: 'T02' })).toBe('wrong-discipline');
  });

  it('GIVEN a counter WHEN the player cannot respond THEN the strategy fails and both cards are discarded', () => {
    const s = committed(['T01'], ['R05'], 'C01', ['T01']);
    const end = run(s, [
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(0);
    expect(end.discard).toEqual(expect.arrayContaining(['T01', 'R05']));
    expect(field(end, 'C01')?.techniques).toEqual([]);
  });

  it('GIVEN a counter THEN a replacement technique from the hand saves the strategy', () => {
    const s = committed(['T01', 'T06'], ['R05'], 'C01', ['T01']);
    const end = run(s, [
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'play', card: 'T06' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
    expect(end.discard).toEqual(expect.arrayContaining(['T01', 'R05', 'T06']));
  });

  it('GIVEN a Very Hard Target from an opponent THEN the technique no longer fits, and the Target stays on the crisis', () => {
    const s = committed(['T03'], ['R03'], 'C01', ['T03']);
    const end = run(s, [
      ['p1', { type: 'play', card: 'R03', on: 'C01' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(0);
    expect(field(end, 'C01')?.modifiers.map((m) => m.card)).toEqual(['R03']);
    expect(field(end, 'C01')?.techniques).toEqual([]);
    expect(end.discard).toContain('T03');
  });

  it('GIVEN a Very Hard Target THEN a Long Reach on the technique answers it', () => {
    const s = committed(['T03', 'R10'], ['R03'], 'C01', ['T03']);
    const end = run(s, [
      ['p1', { type: 'play', card: 'R03', on: 'C01' }],
      ['p0', { type: 'play', card: 'R10', on: 'T03' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
    expect(end.discard).toEqual(expect.arrayContaining(['T03', 'R10', 'R03']));
  });
});

describe('the disruption window', () => {
  const three = (options = {}) =>
    run(deal({ hands: [['T06'], ['R01', 'R03'], ['R19', 'R07']], field: ['C01'], options }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T06'] }],
      ['p0', { type: 'commit' }],
    ]).state;

  it('GIVEN three disruptions THEN the window closes without asking for a fourth', () => {
    const end = run(three(), [
      ['p1', { type: 'play', card: 'R01', on: 'C01' }],
      ['p0', { type: 'pass' }],
      ['p2', { type: 'play', card: 'R19', on: 'C01' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'play', card: 'R03', on: 'C01' }],
      ['p0', { type: 'pass' }],
    ]).state;
    // 5 + 1 + 1 + 2 = 9 is still inside 1-9: three cards did not stop it, and p2's Budget Cut never came.
    expect(end.seats[0]?.score).toBe(1);
    expect(end.turn.seat).toBe(1);
    expect(end.seats[2]?.hand).toContain('R07');
  });

  it('CIA edition: any opponent may disrupt first, and the window closes when all have passed', () => {
    const s = three();
    expect(codeOf(s, 'p2', { type: 'play', card: 'R07', on: 'T06' })).toBe('ok');
    const passed = run(s, [['p2', { type: 'pass' }]]).state;
    expect(passed.turn.stage).toBe('disrupt');
    expect(run(passed, [['p1', { type: 'pass' }]]).state.seats[0]?.score).toBe(1);
  });

  it('Collect It All: opponents disrupt in turn starting from the player to the left', () => {
    const s = three({ edition: 'collect-it-all' });
    expect(codeOf(s, 'p2', { type: 'play', card: 'R07', on: 'T06' })).toBe('not-your-move');
    const p1passed = run(s, [['p1', { type: 'pass' }]]).state;
    expect(codeOf(p1passed, 'p2', { type: 'play', card: 'R07', on: 'T06' })).toBe('ok');
    expect(codeOf(p1passed, 'p1', { type: 'play', card: 'R01', on: 'C01' })).toBe('not-your-move');
    expect(run(p1passed, [['p2', { type: 'pass' }]]).state.seats[0]?.score).toBe(1);
  });

  it('GIVEN the window timer runs out THEN the remaining opponents count as passed', () => {
    const s = three();
    const timer = engine.timer(s);
    expect(timer?.label).toBe('Disruption window');
    expect(run(s, [['@system', { type: 'close-window' }]]).state.seats[0]?.score).toBe(1);
    expect(codeOf(s, 'p1', { type: 'close-window' })).toBe('not-allowed');
  });
});

describe('the self-defeatist rule and the one-Target limit', () => {
  const building = (hand: string[], crisis: string, techs: string[], options = {}) =>
    run(deal({ hands: [hand, ['R19']], field: [crisis], options }), [
      ['p0', { type: 'select-crisis', crisis }],
      ['p0', { type: 'add-techniques', techniques: techs }],
    ]).state;

  it('a player may not counter a technique of their own strategy', () => {
    expect(
      codeOf(building(['T01', 'R07'], 'C01', ['T01']), 'p0', { type: 'play', card: 'R07', on: 'T01' }),
    ).toBe('self-defeatist');
  });

  it('a player may not play a Target card that breaks their own strategy', () => {
    // T03 is 2-6 against difficulty 5: Very Hard (+2) would make it 7.
    expect(
      codeOf(building(['T03', 'R03'], 'C01', ['T03']), 'p0', { type: 'play', card: 'R03', on: 'C01' }),
    ).toBe('self-defeatist');
  });

  it('a player may play a Hard Target on their own crisis when the strategy still holds', () => {
    expect(
      codeOf(building(['T06', 'R01'], 'C01', ['T06']), 'p0', { type: 'play', card: 'R01', on: 'C01' }),
    ).toBe('ok');
  });

  it('Collect It All allows one Hard/Soft Target card per crisis; the CIA edition lets them stack', () => {
    const steps: [string, { type: 'play'; card: string; on: string } | { type: 'commit' }][] = [
      ['p0', { type: 'play', card: 'R01', on: 'C01' }],
      ['p0', { type: 'commit' }],
    ];
    const cit = run(building(['T06', 'R01'], 'C01', ['T06'], { edition: 'collect-it-all' }), steps).state;
    expect(codeOf(cit, 'p1', { type: 'play', card: 'R19', on: 'C01' })).toBe('one-target-card');
    const cia = run(building(['T06', 'R01'], 'C01', ['T06']), steps).state;
    expect(codeOf(cia, 'p1', { type: 'play', card: 'R19', on: 'C01' })).toBe('ok');
  });
});
