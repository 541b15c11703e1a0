/**
 * The engine is pure (docs/architecture.md): apply returns a new state and never changes the one
 * it was given, even though it shares unchanged lists with it for speed (src/games/kingpin/clone.ts).
 * Every state here is deep-frozen before it is used, so any write into it throws.
 */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import { PLAYOUT_SEATS } from '../../../src/games/kingpin/playout.ts';
import { fresh } from './helpers.ts';

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Plays a game to its end from `start`, every state frozen; checks each input is unchanged. */
function playFrozen(start: KpState): { steps: number; refusals: number; end: KpState } {
  let s = deepFreeze(start);
  let steps = 0;
  let refusals = 0;
  while (!kingpin.outcome(s)) {
    if (++steps > 5_000) throw new Error('game did not end');
    const before = JSON.stringify(s);
    const actor = kingpin.activePlayers(s)[0];
    if (actor === undefined) throw new Error('nobody to act');
    // A refusal must leave the state untouched too (the other side tries to move).
    const other = s.seats.find((x) => !x.members.includes(actor))?.members[0];
    if (other !== undefined && !kingpin.apply(s, other, { type: 'end-turn' }).ok) refusals++;
    const action = kingpin.computerAction(s, actor);
    if (!action) throw new Error('no computer move');
    const r = kingpin.apply(s, actor, action);
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.stringify(s)).toBe(before);
    // Applying the same action to the same state again gives the same result (no hidden carry-over).
    const again = kingpin.apply(s, actor, action);
    expect(again.ok && JSON.stringify(again.value.state)).toBe(JSON.stringify(r.value.state));
    s = deepFreeze(r.value.state);
  }
  return { steps, refusals, end: s };
}

describe('Kingpin purity: apply never changes its input', () => {
  it.each([
    ['methodical', 'methodical'],
    ['methodical', 'reckless'],
    ['reckless', 'methodical'],
    ['reckless', 'reckless'],
  ])(
    'GIVEN deep-frozen states over seeded games (%s Cartel, %s Hunters) THEN every game plays to its end',
    (cartel, hunters) => {
      for (let i = 0; i < 12; i++) {
        const setup = kingpin.setup({
          players: PLAYOUT_SEATS(cartel, hunters),
          seed: `frozen-${cartel}-${hunters}-${i}`,
          options: { host: 'cartel' },
        });
        if (!setup.ok) throw new Error(setup.error.message);
        const { steps, refusals, end } = playFrozen(setup.value);
        expect(steps).toBeGreaterThan(10);
        expect(refusals).toBeGreaterThan(0);
        expect(end.result).not.toBeNull();
      }
    },
  );

  it('GIVEN scripted dice (an arrangement) and frozen states THEN the script is consumed on the new states only', () => {
    const start = fresh({
      needs: ['need-wife-twins', 'need-beach', 'need-launder'],
      dice: [6, 6, 1, 5, 2, 6, 4],
    });
    const script = [...start.script];
    const { end } = playFrozen(start);
    expect(start.script).toEqual(script);
    expect(end.script.length).toBeLessThan(script.length);
  });
});
