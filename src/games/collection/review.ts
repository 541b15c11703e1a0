/**
 * What the computer strategy's move would have changed at once, for the post-game review
 * (issue #18), in COLLECTION's terms: reports filed, scenarios completed, the crisis tracks.
 */
import type { PlayerId } from '../contract.ts';
import { immediateDifference, type Measure } from '../immediate.ts';
import { applyAction } from './apply.ts';
import type { ColAction, ColState } from './types.ts';

const sum = (xs: readonly number[]): number => xs.reduce((n, x) => n + x, 0);

const MEASURES: readonly Measure<ColState>[] = [
  { label: '# reports filed', of: (s) => sum(s.scenarios.map((x) => sum(Object.values(x.reports)))) },
  { label: '# scenarios completed', of: (s) => s.scenarios.filter((x) => x.completed).length },
  { label: 'crisis levels totalling #', of: (s) => sum(s.scenarios.map((x) => x.crisis)) },
];

export const explainAlternative = (
  state: ColState,
  actor: PlayerId,
  alt: ColAction,
  played: ColAction,
): string | null => immediateDifference(applyAction, MEASURES, state, actor, alt, played);
