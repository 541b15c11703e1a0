/**
 * The Senior Analyst defends a completed scenario in a position from a real defeat (issue #30):
 * tournament game col-tournament-3-201, which three Senior Analysts lost at crisis 10 in completed
 * Scenario A. At turn 23 every analyst stood in A (B and C still closed) and the Military Analyst,
 * on DH whose coin sits at one since completion, engaged there: a gem that could never report.
 */
import { describe, expect, it } from 'vitest';
import { computerDecision } from '../../../src/games/collection/computer.ts';
import { explainAlternative } from '../../../src/games/collection/review.ts';
import type { ColState } from '../../../src/games/collection/types.ts';
import { playedOn, replayed } from './helpers.ts';

/** The position at turn 23, replayed from the seed and the recorded moves. */
const turn23 = (): ColState => replayed('col-tournament-3-201.json');

describe('GIVEN col-tournament-3-201 at turn 23: completed Scenario A at crisis 5, the Military Analyst on DH whose coin sits at one', () => {
  it('THEN the position is the one the Senior Analysts lost from', () => {
    const s = turn23();
    const [a] = s.scenarios;
    expect(a?.completed).toBe(true);
    expect(a?.crisis).toBe(5);
    expect(a?.spaces.DH.coin).toBe(1);
    expect(a?.spaces.NGA.coin).toBeNull();
    expect(s.stage.kind === 'act' && s.stage.seat).toBe(1);
    expect(s.seats[1]?.at).toEqual({ scenario: 'A', collector: 'DH' });
  });

  it('THEN the Senior Analyst walks to NGA instead of engaging on DH, and says why', () => {
    const s = turn23();
    const d = computerDecision(s, 'cpu:1');
    expect(d?.action).toEqual({ type: 'move', scenario: 'A', collector: 'NGA' });
    expect(d?.why).toBe(
      "DH's coin in completed Scenario A sits at one and can never report: from NGA a gem and a roll lower crisis 5 50% of the time",
    );
    // The review gives the same reason for the move the player could have made.
    expect(
      explainAlternative(s, 'cpu:1', { type: 'move', scenario: 'A', collector: 'NGA' }, { type: 'engage' }),
    ).toMatch(/^DH's coin in completed Scenario A sits at one and can never report/);
  });

  it('THEN played on by Senior Analysts, reports bring Scenario A back down to four within the round that follows', () => {
    const start = turn23();
    const lowered = start.stats.lowered;
    const s = playedOn(start, 27);
    expect(s.outcome).toBeNull();
    expect(s.scenarios[0]?.crisis).toBe(4);
    expect(s.stats.lowered).toBeGreaterThan(lowered);
  });
});
