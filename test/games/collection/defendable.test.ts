/**
 * Which completed-scenario defeats the tournament counts against the defence (issue #30): only a
 * completed scenario some seat could still lower within two of its turns.
 */
import { describe, expect, it } from 'vitest';
import { defendable } from '../../../src/games/collection/defendable.ts';
import { needs } from '../../../src/games/collection/rules.ts';
import { COLLECTORS, COLOURS, type ColState } from '../../../src/games/collection/types.ts';
import { QUIET_DECK, table } from './helpers.ts';

/** Three analysts in open Scenario B; Scenario A completed at `crisis`, every coin there at one. */
function coinsAtOne(crisis: number): ColState {
  const s = table(['political', 'military', 'economic'], { deck: QUIET_DECK });
  const [a, b] = s.scenarios;
  if (!a || !b) throw new Error('no scenarios');
  for (const c of COLOURS) a.reports[c] = needs(a)[c];
  a.completed = true;
  a.crisis = crisis;
  for (const k of COLLECTORS) a.spaces[k] = { gems: { political: 1, military: 1, economic: 1 }, coin: 1 };
  b.card = s.scenarioDeck.shift() ?? null;
  b.crisis = 3;
  for (const seat of s.seats) seat.at = { scenario: 'B', collector: 'DO' };
  return s;
}

const letters = (s: ColState): string[] => defendable(s).map((x) => x.letter);

describe('GIVEN completed Scenario A climbing while analysts work Scenario B', () => {
  it('THEN with every coin in A at one and no card to help, nobody can lower it: not defendable', () => {
    expect(letters(coinsAtOne(7))).toEqual([]);
  });

  it('THEN a collector nobody engaged yet (engaging places its coin at three) makes it defendable', () => {
    const s = coinsAtOne(7);
    const a = s.scenarios[0];
    if (!a) throw new Error('no scenario');
    a.spaces.NSA = { gems: { political: 0, military: 0, economic: 0 }, coin: null };
    expect(letters(s)).toEqual(['A']);
  });

  it('THEN a held card that raises a coin of the holder’s colour there makes it defendable', () => {
    const s = coinsAtOne(7);
    const military = s.seats[1];
    if (!military) throw new Error('no seat');
    military.held = ['K21.1']; // Network Access Gained: NSA (political, military) rises three.
    expect(letters(s)).toEqual(['A']);
  });

  it('THEN a held card that lowers the crisis where it is played makes it defendable', () => {
    const s = coinsAtOne(7);
    const economic = s.seats[2];
    if (!economic) throw new Error('no seat');
    economic.held = ['K26.1']; // Back-Channel Talks: the crisis where you stand falls by one.
    expect(letters(s)).toEqual(['A']);
  });

  it('THEN at crisis four, where no report can lower it, it is not counted', () => {
    const s = coinsAtOne(4);
    const a = s.scenarios[0];
    if (!a) throw new Error('no scenario');
    a.spaces.NSA = { gems: { political: 0, military: 0, economic: 0 }, coin: null };
    expect(letters(s)).toEqual([]);
  });
});
