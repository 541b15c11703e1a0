/**
 * Where pawns may stand (rulebook 3.0): the quick check the engine uses when a pawn is planned
 * agrees with the full list the controls and computers are offered, over seeded games.
 */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';
import { spotAllowed, spotsFor } from '../../../src/games/kingpin/spots.ts';
import { PAWNS } from '../../../src/games/kingpin/types.ts';

describe('Kingpin pawn spots', () => {
  it('GIVEN states from seeded games THEN a spot is accepted exactly when the offered list holds it', () => {
    let checked = 0;
    let allowed = 0;
    for (let i = 0; i < 8; i++)
      playout(kingpin, {
        seed: `spots-${i}`,
        hunters: i % 2 ? 'reckless' : 'methodical',
        onStep: (s) => {
          const every = new Set(PAWNS.flatMap((p) => spotsFor(s, p)));
          const candidates = [
            ...every,
            'loc:nowhere',
            'card:',
            'card:n1:extra',
            'lead:n1',
            'fixed:need-beach',
            'fixed:chapo',
            'bogus',
            ...s.topo.map((t) => `lead:${t.slot}:culiacan`),
          ];
          for (const pawn of PAWNS) {
            const list = new Set(spotsFor(s, pawn));
            for (const spot of candidates) {
              expect(spotAllowed(s, pawn, spot), `${pawn} on ${spot}`).toBe(list.has(spot));
              checked++;
              if (list.has(spot)) allowed++;
            }
          }
        },
      });
    expect(allowed).toBeGreaterThan(400);
    expect(checked - allowed).toBeGreaterThan(400);
  });
});
