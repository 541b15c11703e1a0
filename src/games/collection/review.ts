/**
 * What the computer strategy's move would have changed at once, for the post-game review
 * (issue #18), in COLLECTION's terms: the computer's own reason (issue #30), then the reports
 * filed, scenarios completed and crisis tracks it changes at once.
 */
import type { PlayerId } from '../contract.ts';
import { immediateDifference, type Measure } from '../immediate.ts';
import { applyAction } from './apply.ts';
import { computerDecision } from './computer.ts';
import type { ColAction, ColState } from './types.ts';

const sum = (xs: readonly number[]): number => xs.reduce((n, x) => n + x, 0);

const MEASURES: readonly Measure<ColState>[] = [
  {
    label: '# reports filed',
    one: '# report filed',
    of: (s) => sum(s.scenarios.map((x) => sum(Object.values(x.reports)))),
  },
  {
    label: '# scenarios completed',
    one: '# scenario completed',
    of: (s) => s.scenarios.filter((x) => x.completed).length,
  },
  { label: 'crisis levels totalling #', of: (s) => sum(s.scenarios.map((x) => x.crisis)) },
];

/** The computer's own reason for its move, then what it changes on the board at once. */
export function explainAlternative(
  state: ColState,
  actor: PlayerId,
  alt: ColAction,
  played: ColAction,
): string | null {
  const decision = computerDecision(state, actor);
  const why = decision && JSON.stringify(decision.action) === JSON.stringify(alt) ? decision.why : null;
  const diff = immediateDifference(applyAction, MEASURES, state, actor, alt, played);
  return [why, diff].filter((x): x is string => !!x).join('; ') || null;
}
