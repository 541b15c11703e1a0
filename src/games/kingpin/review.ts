/**
 * What the computer strategy's move would have changed at once, for the post-game review
 * (issue #18), in Kingpin's terms: why the computer would play it (reasons.ts), then Needs
 * circles filled, Cartel cards Fixed, topography found.
 */
import type { PlayerId } from '../contract.ts';
import { immediateDifference, type Measure } from '../immediate.ts';
import { applyAction } from './apply.ts';
import { discsPlaced } from './board.ts';
import { moveReason } from './reasons.ts';
import type { KpAction, KpState } from './types.ts';

const MEASURES: readonly Measure<KpState>[] = [
  { label: '# Needs circles filled', one: '# Needs circle filled', of: discsPlaced },
  {
    label: '# Cartel cards Fixed',
    one: '# Cartel card Fixed',
    of: (s) => Object.values(s.cards).filter((c) => c.zone === 'fixed').length,
  },
  {
    label: '# topography cards face up',
    one: '# topography card face up',
    of: (s) => s.topo.filter((t) => t.faceUp).length,
  },
];

export const explainAlternative = (
  state: KpState,
  actor: PlayerId,
  alt: KpAction,
  played: KpAction,
): string | null => {
  const why = moveReason(state, alt);
  const then = immediateDifference(applyAction, MEASURES, state, actor, alt, played);
  return why && then ? `${why}; ${then}` : (why ?? then);
};
