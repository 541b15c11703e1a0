/**
 * For the post-game review (issue #18): what one move changes at once, measured on the board
 * both ways. A game lists a few public measures (circles filled, reports, a crisis track); the
 * measures that differ between the computer's move and the move made become a sentence.
 */
import type { PlayerId, Result, Applied } from './contract.ts';

export interface Measure<S> {
  /** The phrase with `#` where the number goes: "# Needs circles filled". */
  label: string;
  /** The phrase for exactly one, where it differs: "# Needs circle filled". */
  one?: string;
  of(state: S): number;
}

export function immediateDifference<S, A>(
  apply: (state: S, actor: PlayerId, action: A) => Result<Applied<S>>,
  measures: readonly Measure<S>[],
  state: S,
  actor: PlayerId,
  alternative: A,
  played: A,
): string | null {
  const withAlt = apply(state, actor, alternative);
  const withOwn = apply(state, actor, played);
  if (!withAlt.ok || !withOwn.ok) return null;
  const changed = measures.flatMap((m) => {
    const a = m.of(withAlt.value.state);
    const o = m.of(withOwn.value.state);
    const label = a === 1 && m.one ? m.one : m.label;
    return a === o ? [] : [`${label.replace('#', String(a))} (${o} after the move made)`];
  });
  return changed.length ? `at once, that move leaves ${changed.join(', ')}` : null;
}
