/**
 * The debrief chart: each player's points at the end of every round. Points are public on the
 * board all game, so the chart shows nothing the end did not.
 */
import { chartColour, lineChart } from '../chart.ts';
import type { Picture } from '../picture.ts';
import type { CdState } from './types.ts';

/** Score progression, once the game is over (null for a save from before the series was kept). */
export function cdChart(s: CdState): Picture | null {
  const rounds = s.scoresByRound ?? [];
  if (!s.result || rounds.length === 0) return null;
  const winners = new Set(s.result.winners);
  return lineChart({
    kind: 'chart',
    title: `${s.edition === 'cia' ? 'Collection Deck' : 'CIA: Collect It All'}: score progression`,
    step: 'Round',
    firstStep: rounds[0]?.round ?? 1,
    yMax: 5,
    yLabel: 'Points',
    series: s.seats.map((seat, i) => ({
      name: `${seat.name}${winners.has(seat.id) ? ' (won)' : ''}`,
      colour: chartColour(i),
      values: rounds.map((r) => r.points[seat.id] ?? null),
    })),
    notes: [`Points at the end of each round; the last point is the game's end.`],
  });
}
