import { describe, expect, it } from 'vitest';
import { census } from '../../../src/games/collection-deck/deck.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { codeOf, deal, engine, run, sorted } from './fixtures.ts';

const passAll = (s: CdState): CdState => {
  let state = s;
  for (let i = 0; i < s.seats.length; i++) {
    const seat = state.seats[state.turn.seat];
    state = run(state, [[seat?.id ?? '', { type: 'pass' }]]).state;
  }
  return state;
};
const keepAll = (s: CdState): CdState =>
  run(
    s,
    s.discardPending.map(
      (i) =>
        [s.seats[i]?.id ?? '', { type: 'discard', cards: [] }] as [
          string,
          { type: 'discard'; cards: string[] },
        ],
    ),
  ).state;

describe('rounds', () => {
  it('GIVEN everyone passes in a row THEN the round ends and the player who went second starts the next', () => {
    const s = passAll(deal({ hands: [[], [], []] }));
    expect(s.phase).toBe('discard');
    const next = keepAll(s);
    expect(next.round).toBe(2);
    expect(next.turn.seat).toBe(1);
    const third = keepAll(passAll(next));
    expect(third.turn.seat).toBe(2);
  });

  it('GIVEN a solved crisis THEN the round end refills the Field to ten and the hands to seven', () => {
    const s0 = deal({ hands: [['T01'], []], field: ['C01'] });
    const s = run(s0, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(s.field).toHaveLength(9);
    const ended = passAll(s);
    expect(ended.field).toHaveLength(10);
    const discarded = run(ended, [
      ['p0', { type: 'discard', cards: (ended.seats[0]?.hand ?? []).slice(0, 2) }],
      ['p1', { type: 'discard', cards: [] }],
    ]).state;
    expect(discarded.seats.map((x) => x.hand.length)).toEqual([7, 7]);
    expect(discarded.discard).toEqual(expect.arrayContaining((ended.seats[0]?.hand ?? []).slice(0, 2)));
  });

  it('GIVEN the round-end discard timer runs out THEN players who did not choose keep their hands', () => {
    const s = passAll(deal({ hands: [[], []] }));
    const before = s.seats[1]?.hand;
    const out = run(s, [['@system', { type: 'close-window' }]]).state;
    expect(out.seats[1]?.hand).toEqual(before);
    expect(out.phase).toBe('play');
  });

  it('GIVEN an empty deck THEN the discard pile is reshuffled to refill the hands, and no card is lost', () => {
    const s = passAll(deal({ hands: [[], []] }));
    s.discard.push(...s.deck);
    s.deck = [];
    const before = sorted(census(s));
    const r = engine.apply(s, 'p0', { type: 'discard', cards: (s.seats[0]?.hand ?? []).slice(0, 3) });
    if (!r.ok) throw new Error(r.error.message);
    const r2 = engine.apply(r.value.state, 'p1', { type: 'discard', cards: [] });
    if (!r2.ok) throw new Error(r2.error.message);
    const out = r2.value.state;
    expect(r2.value.announce.join(' ')).toMatch(/shuffled into a new deck/);
    expect(out.seats[0]?.hand).toHaveLength(7);
    expect(out.stats.reshuffles).toBe(1);
    expect(sorted(census(out))).toEqual(before);
  });

  it('GIVEN a late arrival THEN they are seated at the next round with seven cards', () => {
    const s = deal({ hands: [[], []] });
    const j = engine.join?.(s, { id: 'late', name: 'Late' });
    if (!j?.ok) throw new Error('join refused');
    expect(j.value.state.seats).toHaveLength(2);
    expect(engine.view(j.value.state, 'late').me).toBeNull();
    const next = keepAll(passAll(j.value.state));
    expect(next.seats.map((x) => x.id)).toEqual(['p0', 'p1', 'late']);
    expect(next.seats[2]?.hand).toHaveLength(7);
    expect(engine.join?.(next, { id: 'p0', name: 'again' }).ok).toBe(false);
  });

  it('two players in Collect It All get a Field of five; the CIA edition keeps ten', () => {
    expect(deal({ hands: [[], []], options: { edition: 'collect-it-all' } }).field).toHaveLength(5);
    expect(deal({ hands: [[], [], []], options: { edition: 'collect-it-all' } }).field).toHaveLength(10);
    expect(deal({ hands: [[], []] }).field).toHaveLength(10);
  });
});

describe('mulligan (Collect It All)', () => {
  const twoTech = ['T01', 'T03', 'R01', 'R02', 'R03', 'R04', 'R05'];
  const threeTech = ['T01', 'T03', 'T06', 'R01', 'R02', 'R03', 'R04'];

  it('a hand with two techniques may be thrown back for six new cards', () => {
    const s = deal({ hands: [twoTech, []], options: { edition: 'collect-it-all' } });
    const out = run(s, [['p0', { type: 'mulligan' }]]).state;
    expect(out.seats[0]?.hand).toHaveLength(6);
    expect(out.discard).toEqual(expect.arrayContaining(twoTech));
    expect(codeOf(out, 'p0', { type: 'mulligan' })).toBe('no-mulligan');
  });

  it('a hand with three techniques may not; nor any hand in the CIA edition', () => {
    expect(
      codeOf(deal({ hands: [threeTech, []], options: { edition: 'collect-it-all' } }), 'p0', {
        type: 'mulligan',
      }),
    ).toBe('no-mulligan');
    expect(codeOf(deal({ hands: [twoTech, []] }), 'p0', { type: 'mulligan' })).toBe('no-mulligan');
  });

  it('the mulligan is gone once the player has acted in the round', () => {
    const s = run(deal({ hands: [twoTech, []], options: { edition: 'collect-it-all' } }), [
      ['p0', { type: 'pass' }],
    ]).state;
    expect(codeOf(s, 'p0', { type: 'mulligan' })).toBe('no-mulligan');
  });
});

describe('victory', () => {
  const solveFirst = (s: CdState): CdState =>
    run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'pass' }],
    ]).state;

  it('CIA edition: the game ends at once when a player reaches 10 points', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'] });
    (s.seats[0] as { score: number }).score = 9;
    const out = solveFirst(s);
    expect(engine.outcome(out)?.winners).toEqual(['p0']);
    expect(codeOf(out, 'p1', { type: 'pass' })).toBe('game-over');
  });

  it('Collect It All: the round is played out, then most points win', () => {
    const s = deal({
      hands: [['T01'], ['T06']],
      field: ['C01', 'C10'],
      options: { edition: 'collect-it-all' },
    });
    (s.seats[0] as { score: number }).score = 9;
    (s.seats[1] as { score: number }).score = 9;
    const mid = solveFirst(s);
    expect(engine.outcome(mid)).toBeNull();
    const p1 = run(mid, [
      ['p1', { type: 'select-crisis', crisis: 'C10' }],
      ['p1', { type: 'add-techniques', techniques: ['T06'] }],
      ['p1', { type: 'commit' }],
      ['p0', { type: 'pass' }],
    ]).state;
    // Both have 10 points and one crisis each in this game: a tie shares the win.
    const end = passAll(p1);
    expect(engine.outcome(end)?.winners).toEqual(['p0', 'p1']);
  });

  it('Collect It All tiebreak: equal points go to whoever solved more crises', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'], options: { edition: 'collect-it-all' } });
    Object.assign(s.seats[0] as object, { score: 9 });
    Object.assign(s.seats[1] as object, { score: 10, solved: ['C05', 'C12'] });
    const end = passAll(solveFirst(s));
    // p0: 10 points from 1 crisis; p1: 10 points from 2 crises.
    expect(engine.outcome(end)?.winners).toEqual(['p1']);
  });

  it('GIVEN the round limit THEN the game ends with the leader winning', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'], options: { rounds: 1 } });
    const end = passAll(solveFirst(s));
    expect(engine.outcome(end)?.winners).toEqual(['p0']);
    expect(engine.outcome(end)?.summary).toMatch(/round limit/);
  });
});
