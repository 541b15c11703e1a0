/**
 * The debrief chart: crises defused and failed so far, round by round. Each was announced at the
 * table as it happened, so the chart shows nothing the end did not.
 */
import { chartColour, lineChart } from '../chart.ts';
import type { Picture } from '../picture.ts';
import type { StState } from './types.ts';

/** Crises defused and failed over rounds, once the game is over (null for a save without the series). */
export function storyChart(s: StState): Picture | null {
  if (!s.result || !s.closings) return null;
  const closings = s.closings;
  const rounds = Array.from({ length: s.round }, (_, i) => i + 1);
  const upTo = (round: number, defused: boolean): number =>
    closings.filter((c) => c.round <= round && c.defused === defused).length;
  return lineChart({
    kind: 'chart',
    title: `Storytelling: crises defused and failed (${s.result.victory ? 'victory' : 'defeat'})`,
    step: 'Round',
    yMax: 2,
    yLabel: 'Crises so far',
    series: [
      { name: 'Defused', colour: chartColour(2), values: rounds.map((r) => upTo(r, true)) },
      { name: 'Failed', colour: chartColour(1), values: rounds.map((r) => upTo(r, false)) },
    ],
    notes: [`Totals at the end of each round: ${s.defused.length} defused, ${s.failed.length} failed.`],
  });
}
