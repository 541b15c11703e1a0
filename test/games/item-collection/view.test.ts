import { describe, expect, it } from 'vitest';
import type { Rank } from '../../../src/games/item-collection/cards.ts';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { ANN, BOB, ORDERED, act, engine, negotiate, start } from './helpers.ts';

/** Two tables that differ only in hidden cards: Ann's hand and the card she places. */
function twins(): [IcgState, IcgState] {
  const annDeck: Rank[] = ['3', '4', '5', '6', '7', '8', '9', '2', '10', 'J', 'Q', 'K', 'A'];
  const a = negotiate(start({ decks: ORDERED, startingSeat: 0 }));
  const b = negotiate(start({ decks: [annDeck, ...ORDERED.slice(1)], startingSeat: 0 }));
  return [
    act(a, ANN, { type: 'declare', claim: 'A', card: '5' }).state,
    act(b, ANN, { type: 'declare', claim: 'A', card: '9' }).state,
  ];
}

describe('what each viewer sees', () => {
  it('GIVEN two tables that differ only in hidden cards THEN their public views and boards are identical', () => {
    const [a, b] = twins();
    expect(a.declarations[0]?.card).not.toBe(b.declarations[0]?.card);
    expect(JSON.stringify(engine.view(a, null))).toBe(JSON.stringify(engine.view(b, null)));
    const board = (s: IcgState) => JSON.stringify(engine.present(engine.view(s, null), { viewer: null }));
    expect(board(a)).toBe(board(b));
    // Another player's private view does not reveal Ann's cards either.
    expect(JSON.stringify(engine.view(a, BOB))).toBe(JSON.stringify(engine.view(b, BOB)));
  });

  it('GIVEN the public view serialised THEN it holds no hand and no face-down card', () => {
    const [a] = twins();
    const json = JSON.stringify(engine.view(a, null));
    expect(json).not.toMatch(/"hand"|"deck"|"faceDown"|"card"/);
    expect(engine.view(a, null).me).toBeNull();
    expect(engine.view(a, null).seats[0]).toMatchObject({ claim: 'A', placed: true, handCount: 6 });
  });

  it('GIVEN my own view THEN I see my hand and my face-down card', () => {
    const [a, b] = twins();
    expect(engine.view(a, ANN).me).toEqual({ seat: 0, hand: ['2', '3', '4', '6', '7', '8'], faceDown: '5' });
    expect(engine.view(b, ANN).me?.faceDown).toBe('9');
  });

  it('GIVEN the reveal THEN the public history shows each claim beside the card played', () => {
    let s = twins()[0];
    for (const id of ['u-bob', 'u-cat', 'u-dan'])
      s = act(s, id, { type: 'declare', claim: '3', card: '3' }).state;
    s = act(s, ANN, { type: 'keep' }).state;
    const history = engine.view(s, null).history[0];
    expect(history?.plays[0]).toEqual({ seat: 0, claim: 'A', card: '5', scored: false });
    expect(history?.combo).toBe('three-of-a-kind');
  });
});
