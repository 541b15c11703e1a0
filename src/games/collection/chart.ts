/**
 * The debrief chart: each scenario's crisis level after every turn. Crisis levels are on the
 * public board all game, so the chart shows nothing the end did not.
 */
import { chartColour, lineChart } from '../chart.ts';
import type { Picture } from '../picture.ts';
import { scenarioCard } from './content/index.ts';
import { CRISIS_DEFEAT, type ColState } from './types.ts';

/** Crisis levels over turns, once the game is over (null for a save without the series). */
export function colChart(state: ColState): Picture | null {
  const turns = state.crisisByTurn ?? [];
  if (!state.outcome || turns.length === 0) return null;
  return lineChart({
    kind: 'chart',
    title: `COLLECTION: crisis levels over turns (${state.outcome.victory ? 'victory' : 'defeat'})`,
    step: 'Turn',
    firstStep: turns[0]?.turn ?? 0,
    yMax: CRISIS_DEFEAT,
    yLabel: 'Crisis level',
    series: state.scenarios.map((s, i) => ({
      name: `${s.letter}: ${s.card ? scenarioCard(s.card).title : 'never opened'}`,
      colour: chartColour(i),
      values: turns.map((t) => t.levels[i] ?? null),
    })),
    notes: [
      `Turn 0 is the start; a scenario has no level until it opens. Crisis ${CRISIS_DEFEAT} loses the game.`,
    ],
  });
}
