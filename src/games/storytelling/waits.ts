/**
 * What the table waits for and what happens if nobody answers (rulings S4, S8 and S12 in
 * docs/rules/collection-deck.md): one decision at a time, each with a default that keeps the
 * story moving. The key carries the stage's id, which is never reused.
 */
import type { Wait } from '../contract.ts';
import { better } from './operation.ts';
import type { StoryCards } from './cards.ts';
import { PROMPTS } from './present.ts';
import type { StAction, StState } from './types.ts';

const rule = (n: number): string => `storytelling S${n}`;

export function waits(cards: StoryCards, s: StState): Wait<StAction>[] {
  const stage = s.stage;
  if (s.result || !stage) return [];
  const player = s.seats[stage.seat]?.id;
  if (player === undefined) return [];
  const key = `${stage.kind}:${stage.id}`;
  switch (stage.kind) {
    case 'choose-crisis':
      return [
        {
          player,
          key,
          for: 'choose a crisis to put on the table',
          rule: rule(4),
          default: { type: 'keep-crisis', crisis: stage.options[0] ?? '' },
        },
      ];
    case 'tell':
      return [
        {
          player,
          key,
          for: PROMPTS[stage.tell].ask,
          rule: rule(12),
          default: { type: 'tell' },
        },
      ];
    case 'turn':
      return [{ player, key, for: 'take a turn', rule: rule(12), default: { type: 'redraw', cards: [] } }];
    case 'boost':
      return [
        {
          player,
          key,
          for: 'keep the Resolution card or draw a second',
          rule: rule(8),
          default: { type: 'accept' },
        },
      ];
    case 'pick':
      return [
        {
          player,
          key,
          for: 'keep one of the two Resolution cards',
          rule: rule(8),
          default: { type: 'pick', card: better(cards, stage.drawn[0], stage.drawn[1]) },
        },
      ];
  }
}
