import { describe, expect, it } from 'vitest';
import type { CdOptions } from '../../../src/games/collection-deck/types.ts';
import { deal, engine, players, run } from './fixtures.ts';

const options: CdOptions = { edition: 'cia', hardcore: false, window: 120, rounds: 30 };
const base = { options, seed: 's' };

describe('setup', () => {
  it('the same seed deals the same game; another seed deals another', () => {
    const a = engine.setup({ ...base, players: players(3) });
    const b = engine.setup({ ...base, players: players(3) });
    const c = engine.setup({ ...base, seed: 't', players: players(3) });
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (!a.ok || !b.ok || !c.ok) return;
    expect(b.value).toEqual(a.value);
    expect(c.value.deck).not.toEqual(a.value.deck);
    expect(a.value.seats.map((x) => x.hand.length)).toEqual([7, 7, 7]);
    expect(a.value.field).toHaveLength(10);
  });

  it('refuses an arrangement that is not a permutation of the cards in play (R1)', () => {
    const s = deal({ hands: [[], []] });
    const deck = [...s.seats.flatMap((x) => x.hand), ...s.deck];
    const dup = [...deck.slice(1), deck[2] ?? ''];
    const r = engine.setup({ ...base, players: players(2), arrangement: { deck: dup } });
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-arrangement');
    const fine = engine.setup({ ...base, players: players(2), arrangement: { deck } });
    expect(fine.ok).toBe(true);
  });

  it('takes two to eight seats, each player at one seat only', () => {
    const code = (r: ReturnType<typeof engine.setup>) => (r.ok ? 'ok' : r.error.code);
    expect(code(engine.setup({ ...base, players: players(1) }))).toBe('seat-count');
    expect(code(engine.setup({ ...base, players: players(9) }))).toBe('seat-count');
    expect(code(engine.setup({ ...base, players: players(8) }))).toBe('ok');
    const twice = [
      { id: 'a', name: 'A', members: ['a', 'b'] },
      { id: 'b', name: 'B' },
    ];
    expect(code(engine.setup({ ...base, players: twice }))).toBe('duplicate-player');
  });

  it('a player who passed may still play later in the round (R20)', () => {
    const s = run(deal({ hands: [['T06'], ['T01'], []], field: ['C01', 'C10'] }), [
      ['p0', { type: 'pass' }],
      ['p1', { type: 'select-crisis', crisis: 'C01' }],
      ['p1', { type: 'add-techniques', techniques: ['T01'] }],
      ['p1', { type: 'commit' }],
      ['p2', { type: 'pass' }],
      ['p0', { type: 'pass' }],
      ['p2', { type: 'pass' }],
    ]).state;
    expect(s.phase).toBe('play');
    expect(s.turn.seat).toBe(0);
    const r = run(s, [['p0', { type: 'select-crisis', crisis: 'C10' }]]).state;
    expect(r.turn.crisis).toBe('C10');
  });
});
