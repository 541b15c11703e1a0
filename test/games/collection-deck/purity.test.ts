/**
 * The engine is pure: apply (and join) copy only what an action changes (working.ts), and must
 * never change the state passed in. Every position below is deep-frozen, so any write to it
 * throws, and every legal move of every seat (plus refused moves, timers, the facilitator and a
 * late arrival) is applied to it.
 */
import { describe, expect, it } from 'vitest';
import { FACILITATOR_ACTOR, SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { playout } from '../../../src/games/collection-deck/playout.ts';
import type { CdAction, CdOptions, CdState, Edition } from '../../../src/games/collection-deck/types.ts';

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Every few steps of seeded games, a position to try everything on. */
function positions(seed: string, edition: Edition, options: Partial<CdOptions>, every: number): CdState[] {
  const out: CdState[] = [];
  let step = 0;
  playout(collectionDeck, {
    seed,
    edition,
    seats: 2 + (seed.length % 3),
    options,
    onStep: (s) => {
      if (step++ % every === 0) out.push(structuredClone(s));
    },
  });
  return out;
}

describe('apply never changes the state it is given', () => {
  const configs: [string, Edition, Partial<CdOptions>][] = [
    ['purity-a', 'cia', { challenge: true }],
    ['purity-bb', 'collect-it-all', {}],
    ['purity-ccc', 'collect-it-all', { challenge: true }],
    ['purity-d', 'cia', { hardcore: true }],
    ['purity-ee', 'collect-it-all', { hardcore: true }],
    ['purity-fff', 'cia', {}],
  ];

  it('every legal action type, from many seeded positions, leaves a deep-frozen state as it was', () => {
    const applied = new Set<string>();
    let tried = 0;
    for (const [seed, edition, options] of configs) {
      for (const state of positions(seed, edition, options, 3)) {
        const before = JSON.stringify(deepFreeze(state));
        const attempts: [string, CdAction][] = [
          [SYSTEM_ACTOR, { type: 'close-window' }],
          [FACILITATOR_ACTOR, { type: 'vote', feasible: false }],
        ];
        for (const seat of state.seats) {
          const moves = collectionDeck.view(state, seat.id).me?.moves ?? [];
          for (const m of moves) {
            const action: CdAction =
              m.action.type === 'justify'
                ? { type: 'justify', text: 'Tasked on the people involved.' }
                : m.action;
            attempts.push([seat.id, action]);
          }
          // The build menu's multi-select: every technique the seat may put down now, at once.
          const techniques = moves.flatMap((m) =>
            m.action.type === 'play' && m.action.on === undefined ? [m.action.card] : [],
          );
          if (techniques.length > 0) attempts.push([seat.id, { type: 'add-techniques', techniques }]);
          // Refused moves must leave it alone too.
          attempts.push([seat.id, { type: 'commit' }], [seat.id, { type: 'mulligan' }]);
        }
        for (const [actor, action] of attempts) {
          const r = collectionDeck.apply(state, actor, action);
          tried++;
          if (r.ok) applied.add(action.type);
        }
        const joined = collectionDeck.join?.(state, { id: 'late', name: 'Late' });
        if (joined?.ok) applied.add('join');
        expect(JSON.stringify(state)).toBe(before);
      }
    }
    expect(tried).toBeGreaterThan(1000);
    expect([...applied].sort()).toEqual(
      [
        'abstain',
        'add-techniques',
        'cancel',
        'close-window',
        'commit',
        'discard',
        'join',
        'justify',
        'mulligan',
        'pass',
        'play',
        'select-crisis',
        'vote',
      ].sort(),
    );
  });
});
