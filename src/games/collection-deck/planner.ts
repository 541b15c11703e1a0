/**
 * Finding a collection strategy a hand can complete: which techniques, which helper reality
 * checks (range extensions, added aspects, a Soft/Hard Target on the crisis) and in what
 * order. Pure; the computer players replay the first step of a plan and plan again next move.
 */
import type { RealityCheck, Technique } from './cards/schema.ts';
import type { CardIndex } from './cardset.ts';
import { checksOf, crisis, fits, isRealityCheck, isTechnique, realityCheck, technique } from './cardset.ts';
import { hasTargetCard, modifierHurts, required } from './strategy.ts';
import type { CdAction, CdState, FieldCrisis } from './types.ts';
import { WINNING_SCORE } from './types.ts';

export interface PlanOptions {
  /** May use range extensions, added aspects and Target cards to make techniques fit. */
  helpers: boolean;
}

export interface Plan {
  crisis: string;
  points: number;
  /** The moves, in order, ending with commit. */
  steps: CdAction[];
  /** Reality checks the plan spends (fewer keeps more for defence). */
  helperCards: number;
  /** Committing it would reach the winning score. */
  wins: boolean;
}

const effectOf = (cards: CardIndex, id: string) =>
  isRealityCheck(cards, id) ? realityCheck(cards, id).effect.type : null;

/** Every subset of a (small) pool, smallest first. */
function subsets<T>(pool: readonly T[]): T[][] {
  let out: T[][] = [[]];
  for (const x of pool) out = [...out, ...out.map((xs) => [...xs, x])];
  return out.sort((a, b) => a.length - b.length);
}

interface Slot {
  id: string;
  t: Technique;
  mods: RealityCheck[];
  /** Already on the crisis (a draft or a survivor): it cannot be swapped out. */
  placed: boolean;
}

/** Assigns helper cards to slots so that every slot fits; the fewest cards wins. */
function assignHelpers(
  cards: CardIndex,
  slots: readonly Slot[],
  pool: readonly string[],
  fitsSlot: (slot: Slot, extra: readonly RealityCheck[]) => boolean,
): Map<string, string[]> | null {
  let best: Map<string, string[]> | null = null;
  let bestCost = Infinity;
  const walk = (i: number, left: readonly string[], acc: Map<string, string[]>, cost: number): void => {
    if (cost >= bestCost) return;
    const slot = slots[i];
    if (!slot) {
      best = new Map(acc);
      bestCost = cost;
      return;
    }
    for (const sub of subsets(left)) {
      if (cost + sub.length >= bestCost) break;
      const extra = checksOf(
        cards,
        sub.map((card) => ({ card, by: 0 })),
      );
      if (!fitsSlot(slot, extra)) continue;
      acc.set(slot.id, sub);
      walk(
        i + 1,
        left.filter((c) => !sub.includes(c)),
        acc,
        cost + sub.length,
      );
      acc.delete(slot.id);
    }
  };
  walk(0, pool, new Map(), 0);
  return best;
}

/**
 * Target cards to put on the crisis first (none, one, or in the CIA edition several), each
 * legal in turn: none may knock out a technique already standing (self-defeatist).
 */
function targetChoices(
  cards: CardIndex,
  s: CdState,
  seat: number,
  f: FieldCrisis,
  opts: PlanOptions,
): string[][] {
  if (!opts.helpers) return [[]];
  const inHand = (s.seats[seat]?.hand ?? []).filter((id) => effectOf(cards, id) === 'difficulty');
  const max = s.edition === 'collect-it-all' ? (hasTargetCard(cards, f) ? 0 : 1) : inHand.length;
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const set of subsets(inHand)) {
    if (set.length > max) continue;
    const key = set
      .map((id) => realityCheck(cards, id).name)
      .sort()
      .join('+');
    if (seen.has(key)) continue;
    seen.add(key);
    let modifiers = f.modifiers;
    let legal = true;
    for (const card of set) {
      if (modifierHurts(cards, s, { ...f, modifiers }, card, seat)) legal = false;
      modifiers = [...modifiers, { card, by: seat }];
    }
    if (legal) out.push(set);
  }
  return out;
}

function combinations<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  xs.forEach((x, i) => {
    for (const rest of combinations(xs.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/**
 * The cheapest way for `seat` to complete the strategy on `f` from its hand, as the next
 * moves (the crisis is assumed selected), or null when the hand cannot.
 */
export function planForCrisis(
  cards: CardIndex,
  s: CdState,
  seat: number,
  f: FieldCrisis,
  opts: PlanOptions,
): { steps: CdAction[]; helperCards: number } | null {
  const hand = s.seats[seat]?.hand ?? [];
  const c = crisis(cards, f.card);
  const need = required(cards, f) - f.techniques.length;
  if (need < 0) return null;
  const ownPlaced = f.techniques.some((x) => s.turn.draftCards.includes(x.card));
  if (need === 0 && !ownPlaced) return null;
  const handTechs = [...new Set(hand.filter((id) => isTechnique(cards, id)))];
  if (handTechs.length < need) return null;
  const helperPool = opts.helpers
    ? hand.filter((id) => ['extend-range', 'add-aspect'].includes(effectOf(cards, id) ?? ''))
    : [];
  let best: { steps: CdAction[]; helperCards: number } | null = null;
  for (const targets of targetChoices(cards, s, seat, f, opts)) {
    const modifiers = [...f.modifiers, ...targets.map((card) => ({ card, by: seat }))];
    const crisisMods = checksOf(cards, modifiers);
    const placed: Slot[] = f.techniques.map((x) => ({
      id: x.card,
      t: technique(cards, x.card),
      mods: checksOf(cards, x.mods),
      placed: true,
    }));
    const fitsSlot = (slot: Slot, extra: readonly RealityCheck[]) =>
      fits(slot.t, [...slot.mods, ...extra], c, crisisMods);
    const spent = targets.length;
    for (const chosen of combinations(handTechs, need)) {
      const slots = [
        ...placed,
        ...chosen.map((id): Slot => ({ id, t: technique(cards, id), mods: [], placed: false })),
      ];
      const assigned = assignHelpers(cards, slots, helperPool, fitsSlot);
      if (!assigned) continue;
      const cost = spent + [...assigned.values()].reduce((n, xs) => n + xs.length, 0);
      if (best && cost >= best.helperCards) continue;
      const steps: CdAction[] = [];
      for (const card of targets) steps.push({ type: 'play', card, on: f.card });
      if (chosen.length > 0) steps.push({ type: 'add-techniques', techniques: chosen });
      for (const [on, helpers] of assigned)
        for (const card of helpers) steps.push({ type: 'play', card, on });
      steps.push({ type: 'commit' });
      best = { steps, helperCards: cost };
      if (cost === 0) return best;
    }
  }
  return best;
}

/** Every crisis this seat can complete now, best first: a win, then points, then fewest cards spent. */
export function plansFor(cards: CardIndex, s: CdState, seat: number, opts: PlanOptions): Plan[] {
  const score = s.seats[seat]?.score ?? 0;
  const plans: Plan[] = [];
  for (const f of s.field) {
    const points = required(cards, f);
    if (f.techniques.length >= points) continue;
    const p = planForCrisis(cards, s, seat, f, opts);
    if (!p) continue;
    plans.push({ crisis: f.card, points, ...p, wins: score + points >= WINNING_SCORE });
  }
  return plans.sort(
    (a, b) => Number(b.wins) - Number(a.wins) || b.points - a.points || a.helperCards - b.helperCards,
  );
}
