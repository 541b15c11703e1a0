/**
 * Computer storytellers: they keep the crises closest to failing fed with intelligence, move
 * against a crisis once its techniques are in place, and narrate with the bot's lines.
 */
import { crisis } from '../collection-deck/cardset.ts';
import type { CrisisKind } from '../collection-deck/cards/schema.ts';
import { better } from './operation.ts';
import type { StoryCards } from './cards.ts';
import { canCollect, canOperate, isCheckCard, isSuccess, isTarget, required, resolutionOf } from './cards.ts';
import { boostTechniques } from './flow.ts';
import type { Approach, StAction, StState, TableCrisis } from './types.ts';

export const COMPUTER_STRATEGIES = [
  {
    id: 'case-officer',
    name: 'Case officer',
    description:
      'Feeds the crises closest to failing, moves as soon as a crisis is ready, narrates from the cards.',
  },
] as const;

/** The approach a case officer reaches for, by kind of crisis. */
const APPROACH_BY_KIND: Record<CrisisKind, Approach> = {
  terrorism: 'special-forces',
  proliferation: 'sanctions',
  military: 'ally',
  cyber: 'backchannels',
  political: 'backchannels',
  economic: 'sanctions',
  crime: 'ally',
};

interface Collect {
  technique: string;
  tc: TableCrisis;
  score: number;
}

function collects(cards: StoryCards, s: StState, hand: readonly string[]): Collect[] {
  const out: Collect[] = [];
  for (const tc of s.table)
    for (const t of new Set(hand))
      if (canCollect(cards, t, tc)) {
        const untouched = !s.touched.includes(tc.card);
        const missing = required(cards, tc) - tc.techniques.length;
        const score = (untouched ? 100 : 0) + tc.escalations * 20 + (missing > 0 ? 10 - missing : 0);
        out.push({ technique: t, tc, score });
      }
  return out.sort((a, b) => b.score - a.score);
}

/** A helpful reality check in hand that would let some technique in hand fit some crisis. */
function enablingHelp(cards: StoryCards, s: StState, hand: readonly string[]): StAction | null {
  for (const check of hand.filter((c) => isCheckCard(cards, c)))
    for (const tc of s.table) {
      if (isTarget(cards, check) && tc.checks.some((c) => isTarget(cards, c.card))) continue;
      const helped = { ...tc, checks: [...tc.checks, { card: check, by: -1 }] };
      if (hand.some((t) => canCollect(cards, t, helped) && !canCollect(cards, t, tc)))
        return { type: 'help', card: check, crisis: tc.card };
    }
  return null;
}

function turn(cards: StoryCards, s: StState, hand: readonly string[]): StAction {
  const options = collects(cards, s, hand);
  const urgent = options.find((o) => !s.touched.includes(o.tc.card) && o.tc.escalations > 0);
  if (urgent) return { type: 'collect', technique: urgent.technique, crisis: urgent.tc.card };
  const ready = s.table
    .filter((tc) => canOperate(cards, tc))
    .sort((a, b) => b.escalations - a.escalations)[0];
  if (ready) {
    const approach = APPROACH_BY_KIND[crisis(cards.index, ready.card).crisisKind];
    return { type: 'operate', crisis: ready.card, approach };
  }
  const best = options[0];
  if (best) return { type: 'collect', technique: best.technique, crisis: best.tc.card };
  const help = enablingHelp(cards, s, hand);
  if (help) return help;
  // Nothing fits: throw back the techniques that match no crisis on the table.
  const useless = hand.filter(
    (c) => !isCheckCard(cards, c) && !s.table.some((tc) => canCollect(cards, c, tc)),
  );
  return { type: 'redraw', cards: useless };
}

export function computerMove(cards: StoryCards, s: StState, player: string): StAction | null {
  const stage = s.stage;
  const seat = s.seats.findIndex((x) => x.id === player);
  if (!stage || s.result || stage.seat !== seat) return null;
  const hand = s.seats[seat]?.hand ?? [];
  switch (stage.kind) {
    case 'choose-crisis': {
      const easiest = [...stage.options].sort((a, b) => {
        const x = crisis(cards.index, a);
        const y = crisis(cards.index, b);
        return x.techniquesRequired - y.techniquesRequired || x.difficulty - y.difficulty;
      })[0];
      return easiest ? { type: 'keep-crisis', crisis: easiest } : null;
    }
    case 'tell':
      return { type: 'tell' };
    case 'turn':
      return turn(cards, s, hand);
    case 'boost': {
      const extra = boostTechniques(cards, s, seat, stage.crisis)[0];
      return extra && !isSuccess(resolutionOf(cards, stage.drawn))
        ? { type: 'boost', technique: extra }
        : { type: 'accept' };
    }
    case 'pick':
      return { type: 'pick', card: better(cards, stage.drawn[0], stage.drawn[1]) };
  }
}
