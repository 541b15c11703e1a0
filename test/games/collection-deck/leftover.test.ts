/**
 * A technique left standing on a crisis by an earlier, failed strategy belongs to its owner:
 * nobody may use Think Outside the Box to knock out their own (R33, B5), and the owner may
 * defend it with Think Outside the Box in someone else's turn (R34).
 */
import { describe, expect, it } from 'vitest';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { deal, engine, run } from './fixtures.ts';

/**
 * Collect It All, three seats. p0 targets Naval Standoff (2 techniques, M 6) with Imagery Pass
 * (T03) and Agent Recruitment (T01); p1 counters Agent Recruitment and the strategy fails, so
 * Imagery Pass stays on the crisis, p0's. Then p1 builds on it with Radar Tracking (T10) and
 * p2 (first from p1's left) hits Imagery Pass with Budget Cut (R07).
 */
function leftoverHit(hands: string[][]): CdState {
  const [p0 = [], p1 = [], p2 = []] = hands;
  return run(
    deal({
      hands: [
        ['T03', 'T01', ...p0],
        ['R05', 'T10', ...p1],
        ['R07', ...p2],
      ],
      field: ['C08'],
      options: { edition: 'collect-it-all' },
    }),
    [
      ['p0', { type: 'select-crisis', crisis: 'C08' }],
      ['p0', { type: 'add-techniques', techniques: ['T03', 'T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'select-crisis', crisis: 'C08' }],
      ['p1', { type: 'add-techniques', techniques: ['T10'] }],
      ['p1', { type: 'commit' }],
      ['p2', { type: 'play', card: 'R07', on: 'T03' }],
    ],
  ).state;
}

const standingOn = (s: CdState, crisis: string) =>
  s.field.find((f) => f.card === crisis)?.techniques.map((t) => t.card) ?? [];

describe('GIVEN a technique left on a crisis, countered in someone else’s turn (Collect It All)', () => {
  it('THEN its owner may not answer the defending Think Outside the Box with their own (B5, R33)', () => {
    const s = leftoverHit([['R13'], ['R12'], []]);
    expect(standingOn(s, 'C08')).toEqual(['T03', 'T10']);
    const defended = run(s, [
      ['p1', { type: 'play', card: 'R12', on: 'R07' }],
      ['p1', { type: 'pass' }],
    ]).state;
    // The chance to disrupt has moved on to p0, whose only effect would be to knock out T03.
    expect(defended.turn.stage).toBe('disrupt');
    expect(defended.turn.nextDisruptor).toBe(0);
    const r = engine.apply(defended, 'p0', { type: 'play', card: 'R13', on: 'R12' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('self-defeatist');
      expect(r.error.message).toMatch(/your own technique.*R33/);
    }
  });
});

describe('GIVEN the owner of that technique holds Think Outside the Box (R34)', () => {
  it('THEN they defend it while the active player responds, and the strategy succeeds', () => {
    const s = leftoverHit([['R13'], [], []]);
    expect(s.turn.stage).toBe('respond');
    expect(engine.legalActions?.(s, 'p0')).toContainEqual({ type: 'play', card: 'R13', on: 'R07' });
    const defended = run(s, [['p0', { type: 'play', card: 'R13', on: 'R07' }]]);
    expect(defended.announce.join(' ')).toContain('defending their own technique');
    // Not a disruption: the count stays at the one card p2 played.
    expect(defended.state.turn.disruptions).toBe(1);
    const end = run(defended.state, [
      ['p1', { type: 'pass' }],
      ['p0', { type: 'pass' }],
      ['p2', { type: 'pass' }],
    ]).state;
    expect(end.seats[1]?.solved).toContain('C08');
  });

  it('THEN without it the countered technique is lost and the strategy fails', () => {
    const s = leftoverHit([[], [], []]);
    const end = run(s, [['p1', { type: 'pass' }]]).state;
    expect(end.seats[1]?.solved).not.toContain('C08');
    expect(end.discard).toContain('T03');
  });

  it('THEN a seat with no technique on the crisis still may not play it out of turn', () => {
    const s = leftoverHit([[], [], ['R13']]);
    const r = engine.apply(s, 'p2', { type: 'play', card: 'R13', on: 'R07' });
    expect(r.ok).toBe(false);
  });
});
