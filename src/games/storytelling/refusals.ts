/**
 * Refusals of the storytelling variant: each says what was tried, which rule refused it (a
 * section of the rulebook's STORYTELLING RULES or a ruling S<n> in docs/rules/collection-deck.md)
 * and what the player can do instead. Also the context the action handlers share.
 */
import type { RuleError } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { seatName } from './flow.ts';
import type { Stage, StState } from './types.ts';

export const SECTION = {
  setup: 'Storytelling: Draw Initial Crises',
  turns: 'Storytelling: Player Turns',
  collect: 'Storytelling: Collect Intelligence',
  operate: 'Storytelling: Conduct an Operation',
  redraw: 'Storytelling: Draw a New Hand',
};

export const refusal = (code: string, tried: string, rule: string, instead: string): RuleError => ({
  code,
  message: `${tried} — refused by ${rule}. ${instead}`,
});

/** What the handlers of one action work on: the working copy of the state and who acts. */
export interface Ctx {
  cards: StoryCards;
  s: StState;
  seat: number;
  hand: string[];
  announce: string[];
}

export type StageOf<K extends Stage['kind']> = Extract<Stage, { kind: K }>;

export function removeFromHand(hand: string[], card: string): boolean {
  const i = hand.indexOf(card);
  if (i < 0) return false;
  hand.splice(i, 1);
  return true;
}

/** What the table is waiting for, for "right now …" refusals. */
export function owed(s: StState, stage: Stage | null): string {
  if (!stage) return 'nobody is asked anything';
  const who = seatName(s, stage.seat);
  switch (stage.kind) {
    case 'choose-crisis':
      return `${who} is choosing a crisis`;
    case 'tell':
      return `${who} is telling the story`;
    case 'turn':
      return `it is ${who}'s turn`;
    case 'boost':
    case 'pick':
      return `${who} is settling an operation`;
  }
}
