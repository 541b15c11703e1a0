/**
 * What one card play would do to the strategy on the table, without playing it: a shallow
 * what-if copy of the state, so a computer can compare disruptions and responses cheaply.
 */
import type { CardIndex } from './cardset.ts';
import { planPlay } from './plays.ts';
import { required, standingTechniques, turnCrisis } from './strategy.ts';
import type { CdState, FieldCrisis } from './types.ts';

/** The state after `seat` plays `card` on `on`, or null when the play is not legal. */
export function afterPlay(
  cards: CardIndex,
  s: CdState,
  seat: number,
  card: string,
  on: string | undefined,
): CdState | null {
  const plan = planPlay(cards, s, seat, card, on);
  const f = turnCrisis(s);
  if (!plan.ok || !f) return null;
  const p = plan.value;
  let next: FieldCrisis = f;
  let plays = s.turn.plays;
  switch (p.kind) {
    case 'draft-technique':
    case 'replacement':
      next = {
        ...f,
        techniques: [...f.techniques, { card, owner: seat, mods: [], lost: false, justified: false }],
      };
      break;
    case 'crisis-modifier':
      next = { ...f, modifiers: [...f.modifiers, { card, by: seat }] };
      break;
    case 'technique-mod':
      next = {
        ...f,
        techniques: f.techniques.map((x) =>
          x.card === p.target ? { ...x, mods: [...x.mods, { card, by: seat }] } : x,
        ),
      };
      break;
    default:
      plays = [...plays, { card, by: seat, on: p.target }];
  }
  const seats = s.seats.map((x, i) => {
    if (i !== seat) return x;
    const hand = [...x.hand];
    hand.splice(hand.indexOf(card), 1);
    return { ...x, hand };
  });
  return {
    ...s,
    seats,
    field: s.field.map((x) => (x === f ? next : x)),
    turn: { ...s.turn, plays },
  };
}

/** Techniques of the turn's strategy that still count (0 without a strategy). */
export function standing(cards: CardIndex, s: CdState): number {
  const f = turnCrisis(s);
  return f ? standingTechniques(cards, s, f).length : 0;
}

/** How many more techniques the turn's strategy needs to be intact. */
export function shortfall(cards: CardIndex, s: CdState): number {
  const f = turnCrisis(s);
  return f ? Math.max(0, required(cards, f) - standing(cards, s)) : 0;
}
