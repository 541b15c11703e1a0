import { describe, expect, it } from 'vitest';
import type { IcgDebriefData } from '../../../src/games/item-collection/debrief.ts';
import { ANN, BOB, act, declareAll, engine, negotiate, start } from './helpers.ts';

/**
 * Round 1 (High, Ann starts): Ann 5/5, Bob 5/5, Cat claims 5 plays 2, Dan 8/8 → pair of 5s.
 * Round 2 (Low, Bob starts): Bob 3/3, Cat 3/3, Dan claims 4 plays 7, Ann claims 9 plays 2
 * → pair of 3s; Ann would have made 2-3-4 had Dan played his claim.
 */
function scriptedGame() {
  let s = negotiate(start());
  s = declareAll(s, { 0: ['5', '5'], 1: ['5', '5'], 2: ['5', '2'], 3: ['8', '8'] });
  s = act(s, ANN, { type: 'keep' }).state;
  s = act(s, BOB, { type: 'mode', mode: 'low' }).state;
  for (const id of ['u-ann', 'u-bob', 'u-cat', 'u-dan']) s = act(s, id, { type: 'ready' }).state;
  s = declareAll(s, { 1: ['3', '3'], 2: ['3', '3'], 3: ['4', '7'], 0: ['9', '2'] });
  return act(s, BOB, { type: 'keep' }).state;
}

describe('the debrief', () => {
  it('GIVEN no reveal yet THEN there is no debrief', () => {
    expect(engine.debrief(start())).toBeNull();
  });

  it('GIVEN a scripted two-round game THEN the figures match a count by hand', () => {
    const s = scriptedGame();
    expect(s.history.map((r) => r.combo)).toEqual(['pair', 'pair']);
    const debrief = engine.debrief(s);
    const data = debrief?.data as IcgDebriefData;
    const pick = (i: number) => {
      const p = data.players[i];
      return p && [p.honestClaims, p.claims, p.trustingPlays, p.repaid, p.scored, p.pointsByRound];
    };
    expect(pick(0)).toEqual([1, 2, 2, 1, 1, [1, 0]]); // Ann: lied in round 2, trusted twice, repaid once
    expect(pick(1)).toEqual([2, 2, 2, 2, 2, [1, 1]]); // Bob: honest, trusted and repaid both times
    expect(pick(2)).toEqual([1, 2, 1, 1, 1, [0, 1]]); // Cat: lied in round 1, trusted in round 2
    expect(pick(3)).toEqual([1, 2, 0, 0, 0, [0, 0]]); // Dan: never relied on the claims
    expect(data.players[3]?.repaidShare).toBeNull();
    expect(data.players[0]?.honestShare).toBe(0.5);
    expect(data.table).toMatchObject({
      rounds: 2,
      cooperationRate: 5 / 8,
      roundsWithTrust: 2,
      roundsTrustKept: 1,
      trustKeptRate: 0.5,
    });
    expect(debrief?.markdown).toContain(
      '- **Ann** ♠: honest claims 1/2 (50%) · trust repaid 1/2 (50%) · scored 1 · 0.50 points/round',
    );
    expect(debrief?.markdown).not.toMatch(/\|\s*---/);
    expect(debrief?.markdown).toContain('63%');
    expect(debrief?.markdown.length).toBeLessThanOrEqual(4000);
  });
});
