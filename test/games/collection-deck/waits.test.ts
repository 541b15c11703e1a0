/** Rulings R24-R30: what the table waits for, and what a silent player's deadline plays. */
import { describe, expect, it } from 'vitest';
import { FACILITATOR_ACTOR } from '../../../src/games/contract.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { runOutWait } from '../../../src/games/waits.ts';
import type { DealSpec } from './fixtures.ts';
import { deal, engine, run, sorted } from './fixtures.ts';

const runOut = (state: CdState, key: string): CdState => {
  const r = runOutWait(engine, state, key);
  if (!r.ok) throw new Error(`${key}: ${r.error.code} ${r.error.message}`);
  return r.value.state;
};
const summary = (s: CdState) => engine.waits(s).map((w) => [w.player, w.default.type, w.rule]);
const keyOf = (s: CdState, player: string): string => {
  const w = engine.waits(s).find((x) => x.player === player);
  if (!w) throw new Error(`nothing waits on ${player}`);
  return w.key;
};

/** p0 targets Border Incursion (M 5) with Agent Recruitment and commits. */
const committed = (spec: Omit<DealSpec, 'field'>): CdState =>
  run(deal({ field: ['C01'], ...spec }), [
    ['p0', { type: 'select-crisis', crisis: 'C01' }],
    ['p0', { type: 'add-techniques', techniques: ['T01'] }],
    ['p0', { type: 'commit' }],
  ]).state;

describe('R24 a silent player building a strategy', () => {
  it('GIVEN a half-built strategy THEN the default passes: the cards return to the hand and the turn moves on', () => {
    const s0 = deal({ hands: [['T01'], []], field: ['C01'] });
    const s = run(s0, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
    ]).state;
    expect(summary(s)).toEqual([['p0', 'pass', 'collection-deck R24']]);
    const after = runOut(s, keyOf(s, 'p0'));
    expect(sorted(after.seats[0]?.hand ?? [])).toEqual(sorted(s0.seats[0]?.hand ?? []));
    expect(after.turn.seat).toBe(1);
    expect(after.passesInRow).toBe(1);
  });
});

describe('R25 a silent opponent in the disruption window', () => {
  const hands = [['T01'], ['R07'], ['R17']];

  it('CIA edition: every opponent is waited for; one passing leaves the others’ decisions as they were', () => {
    const s = committed({ hands });
    expect(summary(s)).toEqual([
      ['p1', 'pass', 'collection-deck R25'],
      ['p2', 'pass', 'collection-deck R25'],
    ]);
    const p2 = keyOf(s, 'p2');
    const after = runOut(s, keyOf(s, 'p1'));
    expect(engine.waits(after).map((w) => w.key)).toEqual([p2]);
    expect(runOut(after, p2).seats[0]?.score).toBe(1);
  });

  it('Collect It All: only the opponent whose chance it is is waited for; silence lets the strategy through', () => {
    let s = committed({ hands, options: { edition: 'collect-it-all' } });
    expect(summary(s)).toEqual([['p1', 'pass', 'collection-deck R25']]);
    s = runOut(s, keyOf(s, 'p1'));
    expect(summary(s)).toEqual([['p2', 'pass', 'collection-deck R25']]);
    expect(runOut(s, keyOf(s, 'p2')).seats[0]?.score).toBe(1);
  });

  it('GIVEN a disruption THEN the window reopens as new decisions (new keys)', () => {
    const s = committed({ hands: [['T01', 'T06'], ['R01'], []] });
    const before = keyOf(s, 'p2');
    const disrupted = run(s, [
      ['p1', { type: 'play', card: 'R01', on: 'C01' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(disrupted.turn.stage).toBe('disrupt');
    expect(keyOf(disrupted, 'p2')).not.toBe(before);
  });
});

describe('R26 a silent player who may respond', () => {
  it('GIVEN a counter on their only technique THEN the default says done and the strategy fails', () => {
    const s = run(committed({ hands: [['T01', 'T06'], ['R07']] }), [
      ['p1', { type: 'play', card: 'R07', on: 'T01' }],
    ]).state;
    expect(summary(s)).toEqual([['p0', 'pass', 'collection-deck R26']]);
    const after = runOut(s, keyOf(s, 'p0'));
    expect(after.seats[0]?.score).toBe(0);
    expect(after.stats.failed).toBe(1);
    expect(after.seats[0]?.hand).toContain('T06');
  });
});

describe('R27 and R28 a silent player in a challenge', () => {
  const challenged = (facilitator?: string): CdState =>
    run(
      committed({
        hands: [['T01'], ['R15'], []],
        options: { challenge: true },
        ...(facilitator !== undefined ? { facilitator } : {}),
      }),
      [['p1', { type: 'play', card: 'R15', on: 'T01' }]],
    ).state;

  it('GIVEN the challenged player stays silent THEN the standard answer from the card is given, marked as such, and the table still votes', () => {
    const s = challenged();
    const [w] = engine.waits(s);
    expect(w).toMatchObject({ player: 'p0', for: 'justify Agent Recruitment', rule: 'collection-deck R27' });
    const d = w?.default;
    if (d?.type !== 'justify') throw new Error('expected a justification');
    // R27 with R36: the standard answer is the card's sound claim, judged exactly.
    expect(d).toMatchObject({ collects: 'HUMINT', aspect: 'M' });
    const after = runOut(s, w?.key ?? '');
    expect(after.turn.challenges[0]?.justification).toMatch(
      /^\(No answer in time; the standard answer from the card\.\) Agent Recruitment collects/,
    );
    expect(after.turn.challenges[0]?.step).toBe('vote');
    expect(summary(after)).toEqual([
      ['p1', 'vote', 'collection-deck R28'],
      ['p2', 'vote', 'collection-deck R28'],
    ]);
  });

  it('GIVEN silent voters THEN each votes feasible and the technique stays', () => {
    let s = run(challenged(), [['p0', { type: 'justify', text: 'Recruit a border guard.' }]]).state;
    expect(engine.waits(s).map((w) => w.default)).toEqual([
      { type: 'vote', feasible: true },
      { type: 'vote', feasible: true },
    ]);
    s = run(s, [['p1', { type: 'vote', feasible: false }]]).state;
    s = runOut(s, keyOf(s, 'p2'));
    expect(s.field.find((f) => f.card === 'C01')?.techniques[0]?.lost).toBe(false);
  });

  it('GIVEN a silent facilitator THEN they are waited for as the facilitator and their default judges it feasible', () => {
    const s = run(challenged('host'), [['p0', { type: 'justify', text: 'Recruit a border guard.' }]]).state;
    expect(summary(s)).toEqual([[FACILITATOR_ACTOR, 'vote', 'collection-deck R28']]);
    expect(engine.waits(s)[0]?.for).toBe('judge the justification of Agent Recruitment');
    const after = runOut(s, keyOf(s, FACILITATOR_ACTOR));
    expect(after.turn.stage).toBe('respond');
    expect(after.field.find((f) => f.card === 'C01')?.techniques[0]?.lost).toBe(false);
  });
});

describe('R29 a silent player at the round-end discards', () => {
  it('GIVEN the round ends THEN every seat with cards is waited for and a silent one keeps its hand', () => {
    let s = deal({ hands: [[], []] });
    s = run(s, [
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(summary(s)).toEqual([
      ['p0', 'discard', 'collection-deck R29'],
      ['p1', 'discard', 'collection-deck R29'],
    ]);
    const hand = s.seats[1]?.hand;
    s = run(s, [['p0', { type: 'discard', cards: [] }]]).state;
    s = runOut(s, keyOf(s, 'p1'));
    expect(s.round).toBe(2);
    expect(s.seats[1]?.hand).toEqual(hand);
  });
});

describe('R30 the mulligan is never waited for', () => {
  it('GIVEN a seat that may mulligan stays silent THEN no default mulligans and its hand is kept', () => {
    const twoTech = ['T01', 'T03', 'R01', 'R02', 'R03', 'R04', 'R05'];
    const alsoTwo = ['T02', 'T04', 'R06', 'R08', 'R09', 'R10', 'R11'];
    const s = deal({ hands: [twoTech, alsoTwo], options: { edition: 'collect-it-all' } });
    expect(s.seats.every((x) => x.mulliganEligible)).toBe(true);
    expect(summary(s)).toEqual([['p0', 'pass', 'collection-deck R24']]);
    const after = runOut(s, keyOf(s, 'p0'));
    expect(after.seats[0]?.hand).toEqual(s.seats[0]?.hand);
    expect(after.stats.mulligans).toBe(0);
    // p1 may still mulligan when its own turn comes; the wait for it is its build, not a mulligan.
    expect(summary(after)).toEqual([['p1', 'pass', 'collection-deck R24']]);
  });
});
