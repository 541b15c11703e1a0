/**
 * What a helpful reality check would do on a crisis, for the *Help* menu (S2, S3): a newcomer
 * offered "Really Hard Target → Mass Protests" needs to see that a Target moves the difficulty a
 * technique's range must cover, and what that means for the techniques in their own hand (the
 * only hand they may see). Pure: the crisis as it would be with the check on it, matched again.
 */
import { realityCheck } from '../collection-deck/cardset.ts';
import { crisisDifficulty, fitsCrisis, isTechniqueCard, nameOf, type StoryCards } from './cards.ts';
import type { TableCrisis } from './types.ts';

export function helpWhy(cards: StoryCards, check: string, tc: TableCrisis, hand: readonly string[]): string {
  const after: TableCrisis = { ...tc, checks: [...tc.checks, { card: check, by: -1 }] };
  const techniques = [...new Set(hand)].filter((c) => isTechniqueCard(cards, c));
  const names = (ids: string[]) => ids.map((id) => nameOf(cards, id)).join(', ');
  const gained = techniques.filter((t) => !fitsCrisis(cards, t, tc) && fitsCrisis(cards, t, after));
  const lost = techniques.filter((t) => fitsCrisis(cards, t, tc) && !fitsCrisis(cards, t, after));
  const effect = realityCheck(cards.index, check).effect;
  const what =
    effect.type === 'difficulty'
      ? `Difficulty ${crisisDifficulty(cards, tc)} → ${crisisDifficulty(cards, after)}: a technique's range must cover it`
      : effect.type === 'extend-range'
        ? `Ranges ±${effect.by} for techniques collected on it`
        : effect.type === 'add-aspect'
          ? `Techniques collected on it also count as ${effect.aspect}`
          : 'Changes how techniques match it';
  const mine = [
    ...(gained.length ? [`lets your ${names(gained)} fit`] : []),
    ...(lost.length ? [`your ${names(lost)} would no longer fit`] : []),
  ];
  return mine.length ? `${what}; ${mine.join('; ')}` : `${what}; no technique in your hand fits differently`;
}
