/**
 * The Senior Analyst keeps a door into a threatened completed scenario (issue #30), in a position
 * from a real defeat: tournament game col-tournament-7-292, which seven Senior Analysts lost at
 * crisis 10 in completed Scenario A, defending it with rolls that failed. At turn 44 A stood at
 * crisis 6, the worst on the table; the Military Analyst in Scenario C had nothing to do on DH and
 * ended its turn there, though A's DH coin sits at one (no defender can roll from it).
 */
import { describe, expect, it } from 'vitest';
import { computerDecision } from '../../../src/games/collection/computer.ts';
import { chanceAt } from '../../../src/games/collection/defence.ts';
import type { ColState } from '../../../src/games/collection/types.ts';
import { playedOn, replayed } from './helpers.ts';

const turn44 = (): ColState => replayed('col-tournament-7-292.json');

describe('GIVEN col-tournament-7-292 at turn 44: completed Scenario A at crisis 6, the Military Analyst on DH in Scenario C', () => {
  it('THEN the position is the one the Senior Analysts lost from', () => {
    const s = turn44();
    const [a, b, c] = s.scenarios;
    expect([a?.completed, a?.crisis, b?.crisis, c?.crisis]).toEqual([true, 6, 4, 1]);
    expect(s.stage).toMatchObject({ kind: 'act', seat: 1, actionsLeft: 2 });
    expect(s.seats[1]?.at).toEqual({ scenario: 'C', collector: 'DH' });
    // From A's DH (its coin at one) a walk-in could never roll; from A's NGA it rolls at once.
    expect(chanceAt(s, 1, { scenario: 'A', collector: 'DH' })).toBe(0);
    expect(chanceAt(s, 1, { scenario: 'A', collector: 'NGA' })).toBeCloseTo(0.3);
  });

  it('THEN the Military Analyst crosses to NGA, a door into A, and says so', () => {
    const d = computerDecision(turn44(), 'cpu:1');
    expect(d?.action).toEqual({ type: 'move', scenario: 'C', collector: 'NGA' });
    expect(d?.why).toBe(
      'NGA in Scenario C is where its reports are likeliest now, and from there it can walk into completed Scenario A (crisis 6) and roll at once: 30% to lower it',
    );
  });

  it('THEN played on by Senior Analysts, A never climbs above six again and the table wins', () => {
    let highest = 0;
    const s = playedOn(turn44(), Infinity, (x) => {
      highest = Math.max(highest, x.scenarios[0]?.crisis ?? 0);
    });
    expect(highest).toBe(6);
    expect(s.outcome?.victory).toBe(true);
  });
});
