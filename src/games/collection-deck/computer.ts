/**
 * Computer players. Both choose only among legalMoves(), are pure, and draw any randomness
 * from a generator seeded by a hash of the state, so the same state gives the same move.
 */
import { nextInt, seedRng } from '../rng.ts';
import type { CardIndex } from './cardset.ts';
import { crisis, realityCheck, technique } from './cardset.ts';
import { currentChallenge } from './challenge.ts';
import type { Move } from './legal.ts';
import { legalMoves } from './legal.ts';
import { fittingFromHand, isIntact, required, turnCrisis } from './strategy.ts';
import { seatIndexOf } from './table.ts';
import { activeUsers } from './timing.ts';
import type { CdAction, CdState } from './types.ts';

export const COMPUTER_STRATEGIES = [
  {
    id: 'analyst',
    name: 'Analyst',
    description:
      'Goes for the most valuable crisis it can solve; counters the leader when it can; never breaks a rule.',
  },
  { id: 'random', name: 'Trainee', description: 'Plays a legal move at random.' },
] as const;

const stateRng = (s: CdState, seat: number) => seedRng(`${s.seq}:${seat}:${s.rng.join(',')}`);

/** A justification built from the card text, so a computer seat can answer a challenge. */
export function computerJustification(cards: CardIndex, s: CdState): string {
  const c = currentChallenge(s);
  const f = turnCrisis(s);
  if (!c || !f) return 'Collection would follow the standard tasking process.';
  const t = technique(cards, c.technique);
  return `${t.name} (${t.discipline}): ${t.description} Against ${crisis(cards, f.card).name} it would be tasked on the people, places and signals involved.`;
}

const isType = <T extends CdAction['type']>(
  m: Move,
  type: T,
): m is Move & { action: Extract<CdAction, { type: T }> } => m.action.type === type;

function finalise(cards: CardIndex, s: CdState, action: CdAction): CdAction {
  if (action.type === 'justify') return { type: 'justify', text: computerJustification(cards, s) };
  return action;
}

function randomMove(cards: CardIndex, s: CdState, seat: number, moves: Move[]): CdAction | null {
  // Taking a strategy back is legal but would let a random player dither forever.
  const pool = moves.filter((m) => m.action.type !== 'cancel');
  const pick = pool[nextInt(stateRng(s, seat), pool.length)];
  return pick ? finalise(cards, s, pick.action) : null;
}

/** The best crisis to attack: most points first, then the one needing fewest cards from hand. */
function bestTarget(cards: CardIndex, s: CdState, hand: readonly string[]): string | null {
  let best: { id: string; points: number; need: number } | null = null;
  for (const f of s.field) {
    const need = required(cards, f) - f.techniques.length;
    if (need <= 0 || fittingFromHand(cards, f, hand).length < need) continue;
    const points = required(cards, f);
    if (!best || points > best.points || (points === best.points && need < best.need))
      best = { id: f.card, points, need };
  }
  return best?.id ?? null;
}

function analystMove(cards: CardIndex, s: CdState, seat: number, moves: Move[]): CdAction | null {
  const me = s.seats[seat];
  if (!me) return null;
  const find = (pred: (m: Move) => boolean): CdAction | undefined => moves.find(pred)?.action;
  const pass = find((m) => m.action.type === 'pass');
  if (s.phase === 'discard') {
    // Throw away techniques that fit nothing on the Field, and reality checks beyond two
    // (counters first), so the hand does not silt up with cards it cannot use.
    const useless = me.hand.filter(
      (id) =>
        cards.byId.get(id)?.kind === 'technique' &&
        s.field.every((f) => !fittingFromHand(cards, f, [id]).length),
    );
    const checks = me.hand.filter((id) => cards.byId.get(id)?.kind === 'reality');
    const rank = (id: string) =>
      ['counter', 'think-outside-the-box'].includes(realityCheck(cards, id).effect.type) ? 0 : 1;
    const spare = [...checks].sort((a, b) => rank(a) - rank(b)).slice(2);
    return { type: 'discard', cards: [...useless, ...spare] };
  }
  const mull = find((m) => m.action.type === 'mulligan');
  if (mull) return mull;
  const t = s.turn;
  const f = turnCrisis(s);
  if (t.stage === 'challenge') {
    const c = currentChallenge(s);
    if (c?.step === 'justify') return finalise(cards, s, { type: 'justify', text: '' });
    const words = (c?.justification ?? '').split(/\s+/).filter(Boolean).length;
    return find((m) => isType(m, 'vote') && m.action.feasible === words >= 4) ?? null;
  }
  if (t.stage === 'build' && seat === t.seat) {
    if (t.crisis === null) {
      const target = bestTarget(cards, s, me.hand);
      return target ? { type: 'select-crisis', crisis: target } : (pass ?? null);
    }
    const commit = find((m) => m.action.type === 'commit');
    if (commit) return commit;
    if (!f) return pass ?? null;
    const need = required(cards, f) - f.techniques.length;
    const fitting = fittingFromHand(cards, f, me.hand).slice(0, need);
    return fitting.length === need && need > 0
      ? { type: 'add-techniques', techniques: fitting }
      : (pass ?? null);
  }
  const plays = moves.filter((m): m is Move & { action: Extract<CdAction, { type: 'play' }> } =>
    isType(m, 'play'),
  );
  const effect = (m: { action: { card: string } }) => realityCheck(cards, m.action.card).effect.type;
  if (t.stage === 'respond') {
    const totb = plays.find(
      (m) => cards.byId.get(m.action.card)?.kind === 'reality' && effect(m) === 'think-outside-the-box',
    );
    if (totb && !isIntact(cards, s)) return totb.action;
    const replacement = plays.find((m) => cards.byId.get(m.action.card)?.kind === 'technique');
    if (replacement && !isIntact(cards, s)) return replacement.action;
    return pass ?? null;
  }
  if (t.stage === 'disrupt' && f) {
    const scores = s.seats.map((x) => x.score);
    const them = s.seats[t.seat];
    const leads = them !== undefined && them.score >= Math.max(...scores.filter((_, i) => i !== t.seat));
    const wouldWin = them !== undefined && them.score + required(cards, f) >= 10;
    if (leads || wouldWin) {
      const counter = plays.find((m) => effect(m) === 'counter' || effect(m) === 'think-outside-the-box');
      if (counter) return counter.action;
    }
    return pass ?? null;
  }
  return pass ?? null;
}

export function computerMove(
  cards: CardIndex,
  s: CdState,
  player: string,
  strategy: string | undefined,
): CdAction | null {
  const seat = seatIndexOf(s, player);
  if (seat === null || !activeUsers(s).includes(seat)) return null;
  const moves = legalMoves(cards, s, seat);
  if (moves.length === 0) return null;
  return strategy === 'random' ? randomMove(cards, s, seat, moves) : analystMove(cards, s, seat, moves);
}
