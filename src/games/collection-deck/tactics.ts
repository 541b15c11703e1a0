/**
 * Disrupting someone else's strategy and repairing one's own, for the computer players. Every
 * candidate comes from cardPlays (so it is legal) and is weighed with a what-if copy.
 */
import type { CardIndex } from './cardset.ts';
import { realityCheck } from './cardset.ts';
import { afterPlay, shortfall, standing } from './foresight.ts';
import type { Move } from './legal.ts';
import { cardPlays } from './legal.ts';
import { required, turnCrisis } from './strategy.ts';
import type { CdAction, CdState } from './types.ts';
import { WINNING_SCORE } from './types.ts';

type PlayAction = Extract<CdAction, { type: 'play' }>;
const playOf = (m: Move): PlayAction | null => (m.action.type === 'play' ? m.action : null);

/**
 * The first move of the shortest run of plays (up to `depth`) that makes the turn's strategy
 * intact again, or null when none does (then responding would only waste cards).
 */
export function repairMove(cards: CardIndex, s: CdState, seat: number, depth = 2): PlayAction | null {
  if (shortfall(cards, s) === 0) return null;
  const search = (state: CdState, left: number): PlayAction | null => {
    for (const m of cardPlays(cards, state, seat)) {
      const a = playOf(m);
      const next = a && afterPlay(cards, state, seat, a.card, a.on);
      if (!a || !next) continue;
      if (shortfall(cards, next) === 0) return a;
      if (left > 1 && search(next, left - 1)) return a;
    }
    return null;
  };
  for (let d = 1; d <= depth; d++) {
    const found = search(s, d);
    if (found) return found;
  }
  return null;
}

export interface Disruption {
  action: PlayAction;
  /** Techniques of the strategy it knocks out now (a Manager Challenge: none yet). */
  drop: number;
  effect: string;
}

/** Every legal disruption and what it does to the strategy. */
export function disruptions(cards: CardIndex, s: CdState, seat: number): Disruption[] {
  const before = standing(cards, s);
  const out: Disruption[] = [];
  for (const m of cardPlays(cards, s, seat)) {
    const a = playOf(m);
    const next = a && afterPlay(cards, s, seat, a.card, a.on);
    if (!a || !next) continue;
    out.push({
      action: a,
      drop: before - standing(cards, next),
      effect: realityCheck(cards, a.card).effect.type,
    });
  }
  return out;
}

/** Narrow counters (one discipline or trait) are spent before the ones that hit anything. */
function breadth(cards: CardIndex, d: Disruption): number {
  const e = realityCheck(cards, d.action.card).effect;
  if (e.type !== 'counter') return 0;
  return (e.discipline === undefined ? 1 : 0) + (e.tag === undefined ? 1 : 0);
}

/** Of disruptions(), the one that breaks the strategy hardest, keeping flexible cards for later. */
export function bestDisruption(cards: CardIndex, options: readonly Disruption[]): Disruption | null {
  const breaking = options
    .filter((d) => d.drop > 0)
    .sort((a, b) => b.drop - a.drop || breadth(cards, a) - breadth(cards, b));
  return breaking[0] ?? null;
}

export interface Threat {
  points: number;
  /** The strategy would take its player to the winning score. */
  wins: boolean;
  /** Its player would then be level with or ahead of every other seat. */
  leads: boolean;
}

/** What letting the turn's strategy through would give its player. */
export function threatOf(cards: CardIndex, s: CdState): Threat | null {
  const f = turnCrisis(s);
  const them = s.seats[s.turn.seat];
  if (!f || !them) return null;
  const points = required(cards, f);
  const after = them.score + points;
  const others = s.seats.filter((_, i) => i !== s.turn.seat).map((x) => x.score);
  return { points, wins: after >= WINNING_SCORE, leads: after >= Math.max(0, ...others) };
}
