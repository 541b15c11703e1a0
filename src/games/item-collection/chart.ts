/**
 * The debrief chart: cooperation and trust per round. Every round's claims and cards were
 * revealed at the table, so the chart shows nothing the reveal did not.
 */
import { chartColour, lineChart } from '../chart.ts';
import type { Picture } from '../picture.ts';
import { wouldScoreIfClaimsTrue } from './debrief.ts';
import type { IcgState } from './state.ts';

export interface IcgRoundFigures {
  round: number;
  /** Claims that matched the card played (0-4). */
  trueClaims: number;
  /** Plays that would have scored had every other claim been true. */
  trusting: number;
  /** Of those, plays that did score. */
  repaid: number;
}

export function roundFigures(state: Pick<IcgState, 'history'>): IcgRoundFigures[] {
  return state.history.map((r) => {
    const trusting = r.plays.filter((p) => wouldScoreIfClaimsTrue(r, p.seat));
    return {
      round: r.round,
      trueClaims: r.plays.filter((p) => p.claim === p.card).length,
      trusting: trusting.length,
      repaid: trusting.filter((p) => p.scored).length,
    };
  });
}

/** Cooperation and trust per round, once the game is over. */
export function icgChart(state: IcgState): Picture | null {
  if (!state.outcome) return null;
  const rounds = roundFigures(state);
  return lineChart({
    kind: 'chart',
    title: 'Item Collection: cooperation and trust per round',
    step: 'Round',
    firstStep: rounds[0]?.round ?? 1,
    yMax: 4,
    yLabel: 'Plays (of 4)',
    series: [
      { name: 'True claims', colour: chartColour(0), values: rounds.map((r) => r.trueClaims) },
      { name: 'Plays relying on trust', colour: chartColour(4), values: rounds.map((r) => r.trusting) },
      { name: 'Trust repaid (scored)', colour: chartColour(2), values: rounds.map((r) => r.repaid) },
    ],
    notes: [
      'A play relies on trust when it would have scored had every other claim been true; it is repaid when it scored.',
    ],
  });
}
