/** Settling an operation: the second Resolution card (S6) and the choice between two (S8). */
import type { RuleError } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { fitsCrisis, isTechniqueCard, nameOf, OUTCOME_RANK, resolutionOf } from './cards.ts';
import { drawResolutionCard, event, seatName, setStage, settle } from './flow.ts';
import type { Ctx, StageOf } from './refusals.ts';
import { refusal, removeFromHand, SECTION } from './refusals.ts';

/** The better of two Resolution cards (the default and the computer's choice). */
export function better(cards: StoryCards, a: string, b: string): string {
  return OUTCOME_RANK[resolutionOf(cards, b).outcome] > OUTCOME_RANK[resolutionOf(cards, a).outcome] ? b : a;
}

export function boost(
  { cards, s, seat, hand, announce }: Ctx,
  stage: StageOf<'boost'>,
  technique: string,
): RuleError | null {
  const tc = s.table.find((x) => x.card === stage.crisis);
  if (
    !tc ||
    !hand.includes(technique) ||
    !isTechniqueCard(cards, technique) ||
    !fitsCrisis(cards, technique, tc)
  )
    return refusal(
      'no-match',
      `Discarding ${nameOf(cards, technique)}`,
      `${SECTION.operate} (an extra technique that matches the crisis)`,
      'Discard a matching technique from your hand, or keep the card you drew.',
    );
  removeFromHand(hand, technique);
  s.discard.push(technique);
  const card = drawResolutionCard(s);
  // Twelve cards and at most two out at once: the deck always has a card; keep the first if not.
  if (card === undefined) {
    settle(cards, s, seat, stage.crisis, stage.drawn, announce);
    return null;
  }
  const text = resolutionOf(cards, card).text;
  const who = seatName(s, seat);
  event(
    s,
    `🃏 ${who} discards ${nameOf(cards, technique)} and draws a second Resolution card: “${text}”`,
    announce,
    stage.crisis,
  );
  setStage(s, { kind: 'pick', seat, crisis: stage.crisis, drawn: [stage.drawn, card] });
  return null;
}

export function accept({ cards, s, seat, announce }: Ctx, stage: StageOf<'boost'>): RuleError | null {
  settle(cards, s, seat, stage.crisis, stage.drawn, announce);
  return null;
}

export function pick(
  { cards, s, seat, announce }: Ctx,
  stage: StageOf<'pick'>,
  card: string,
): RuleError | null {
  if (!stage.drawn.includes(card))
    return refusal(
      'not-drawn',
      'Choosing that card',
      SECTION.operate,
      'Keep one of the two Resolution cards you drew.',
    );
  s.resolutionDiscard.push(...stage.drawn.filter((c) => c !== card));
  settle(cards, s, seat, stage.crisis, card, announce, true);
  return null;
}
