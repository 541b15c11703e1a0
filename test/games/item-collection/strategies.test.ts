import { describe, expect, it } from 'vitest';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { playGame } from '../../../src/games/item-collection/playout.ts';
import { ANN, BOB, DAN, act, declareAll, engine, negotiate, start } from './helpers.ts';

const withComputers = (state: IcgState, strategy: string): IcgState => ({
  ...state,
  seats: state.seats.map((s) => ({ ...s, computer: strategy })),
});

describe('computer players', () => {
  it('GIVEN the negotiation THEN a computer turns the joker if it starts, makes its promise, and presses Ready', () => {
    const s = withComputers(start(), 'honest');
    expect(engine.computerAction(s, BOB)).toEqual({ type: 'promise', what: 'honest' });
    expect(engine.computerAction(act(s, BOB, { type: 'promise', text: 'x' }).state, BOB)).toEqual({
      type: 'ready',
    });
    expect(engine.computerAction(s, ANN)?.type).toBe('mode');
  });

  it('GIVEN an earlier claim THEN the honest player pairs with it and claims what it plays', () => {
    let s = withComputers(negotiate(start()), 'honest');
    s = act(s, ANN, { type: 'declare', claim: '5', card: '2' }).state;
    expect(engine.computerAction(s, BOB)).toEqual({ type: 'declare', claim: '5', card: '5' });
  });

  it('GIVEN it declares last THEN the honest player picks the card that lets most of the table score', () => {
    // Claims 2, 3, 9 before Dan: 4 makes 2-3-4 (three score), 2 or 3 only a pair.
    let t = withComputers(negotiate(start()), 'honest');
    for (const [id, c] of [
      ['u-ann', '2'],
      ['u-bob', '3'],
      ['u-cat', '9'],
    ] as const)
      t = act(t, id, { type: 'declare', claim: c, card: c === '9' ? '8' : c }).state;
    expect(engine.computerAction(t, DAN)).toEqual({ type: 'declare', claim: '4', card: '4' });
  });

  it('GIVEN no combination in reach THEN the opportunist hides its high card behind a middling claim', () => {
    const s = withComputers(negotiate(start()), 'opportunist');
    const action = engine.computerAction(s, ANN);
    expect(action).toEqual({ type: 'declare', claim: '7', card: '8' });
  });

  it('GIVEN a player lied last round THEN the reciprocator ignores their claim and bluffs; an honest player would pair', () => {
    let s = negotiate(
      start({
        decks: start().seats.map(() => ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']),
        startingSeat: 3,
      }),
    );
    // Round 1, Dan starts: Ann claims A but plays 2; the rest are honest.
    s = declareAll(s, { 3: ['8', '8'], 0: ['A', '2'], 1: ['6', '6'], 2: ['7', '7'] });
    s = act(s, DAN, { type: 'keep' }).state;
    s = negotiate(s);
    const bobHand = s.seats[1]?.hand ?? [];
    const bait = bobHand.find((r) => r !== '8') ?? '3';
    s = act(s, ANN, { type: 'declare', claim: bait, card: s.seats[0]?.hand[0] ?? '3' }).state;
    const asSeat = (strategy: string) => ({
      ...s,
      seats: s.seats.map((x, i) => (i === 1 ? { ...x, computer: strategy } : x)),
    });
    expect(engine.computerAction(asSeat('honest'), BOB)).toEqual({
      type: 'declare',
      claim: bait,
      card: bait,
    });
    const recip = engine.computerAction(asSeat('reciprocator'), BOB);
    expect(recip?.type).toBe('declare');
    if (recip?.type === 'declare') {
      expect(recip.card).not.toBe(bait);
      expect(recip.claim).not.toBe(recip.card);
    }
  });

  it('GIVEN any state THEN computerAction is deterministic and leaves the state untouched', () => {
    const s = withComputers(negotiate(start()), 'wildcard');
    const before = JSON.stringify(s);
    const a = engine.computerAction(s, ANN);
    expect(engine.computerAction(s, ANN)).toEqual(a);
    expect(JSON.stringify(s)).toBe(before);
    expect(engine.computerAction(s, BOB)).toBeNull(); // not Bob's turn
  });

  it('GIVEN whole games THEN honest computers never bluff and opportunists sometimes do', () => {
    const honestyOf = (strategy: string) => {
      let honest = 0;
      let total = 0;
      for (let g = 0; g < 20; g++) {
        const setup = engine.setup({
          players: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id, computer: strategy })),
          options: {},
          seed: `${strategy}-${g}`,
        });
        if (!setup.ok) throw new Error('setup');
        let s = setup.value;
        while (!engine.outcome(s)) {
          const actor = engine.activePlayers(s)[0] ?? '';
          const r = engine.apply(s, actor, engine.computerAction(s, actor) ?? { type: 'keep' });
          if (!r.ok) throw new Error(r.error.code);
          s = r.value.state;
        }
        for (const p of s.history.flatMap((r) => r.plays)) {
          total++;
          if (p.claim === p.card) honest++;
        }
      }
      return honest / total;
    };
    expect(honestyOf('honest')).toBe(1);
    expect(honestyOf('opportunist')).toBeLessThan(1);
    expect(playGame('mixed').outcome).not.toBeNull();
  });
});
