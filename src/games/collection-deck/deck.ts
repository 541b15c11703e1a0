/**
 * Drawing from the Collection Deck, with the reshuffle of the discard pile when it runs out,
 * and the card census used to check that no card is ever lost or duplicated.
 * Functions here work on the engine's working copy of the state (working.ts).
 */
import { shuffle } from '../rng.ts';
import type { CdState } from './types.ts';
import { ownField, ownSeat } from './working.ts';
import { plural } from '../text.ts';

/** Draws up to `n` cards; when the deck is empty the discard pile is shuffled into a new deck. */
export function draw(s: CdState, n: number, announce: string[]): string[] {
  const drawn: string[] = [];
  while (drawn.length < n) {
    if (s.deck.length === 0) {
      if (s.discard.length === 0) break;
      s.deck = shuffle(s.rng, s.discard);
      s.discard = [];
      s.stats.reshuffles++;
      announce.push(
        `The deck ran out: the discard pile (${plural(s.deck.length, 'card')}) is shuffled into a new deck.`,
      );
    }
    // Taken from the top as a new array: the deck of the state passed in is left as it was.
    const take = Math.min(n - drawn.length, s.deck.length);
    drawn.push(...s.deck.slice(0, take));
    s.deck = s.deck.slice(take);
  }
  return drawn;
}

/** Refills a hand to `size` (fewer if the deck and the discard pile are both exhausted). */
export function refillHand(s: CdState, seat: number, size: number, announce: string[]): void {
  const short = size - (s.seats[seat]?.hand.length ?? size);
  if (short <= 0) return;
  ownSeat(s, seat)?.hand.push(...draw(s, short, announce));
}

/** Field size: ten crises, five in a two-player game of Collect It All. */
export const fieldSize = (s: CdState): number =>
  s.edition === 'collect-it-all' && s.seats.length === 2 ? 5 : 10;

export function refillField(s: CdState): number {
  const added = Math.min(Math.max(0, fieldSize(s) - s.field.length), s.crisisDeck.length);
  if (added === 0) return 0;
  const drawn = s.crisisDeck.slice(0, added);
  s.crisisDeck = s.crisisDeck.slice(added);
  ownField(s).push(...drawn.map((card) => ({ card, modifiers: [], techniques: [] })));
  return added;
}

/** Every card id wherever it lies, once per copy: used by tests to prove conservation. */
export function census(s: CdState): string[] {
  const all: string[] = [...s.deck, ...s.discard, ...s.crisisDeck, ...s.removed];
  for (const seat of s.seats) all.push(...seat.hand, ...seat.solved);
  for (const f of s.field) {
    all.push(f.card, ...f.modifiers.map((m) => m.card));
    for (const t of f.techniques) all.push(t.card, ...t.mods.map((m) => m.card));
  }
  // A Manager Challenge card lies in turn.plays; its Challenge only refers to it.
  all.push(...s.turn.plays.map((p) => p.card));
  return all;
}
