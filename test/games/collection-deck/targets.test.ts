/** Ruling R13a: Really Hard Target is one of the Target cards, so Collect It All allows it alone on a crisis. */
import { describe, expect, it } from 'vitest';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { deckFor } from '../../../src/games/collection-deck/setup.ts';
import type { CdState, Edition } from '../../../src/games/collection-deck/types.ts';

const cards = indexCards(loadCards());
const named = (name: string) => cards.set.realityChecks.find((r) => r.name === name)?.id ?? '';
const REALLY_HARD = named('Really Hard Target');
const SOFT = named('Soft Target');

/** p0 holds Really Hard Target and Soft Target and has chosen the first crisis of the Field. */
function building(edition: Edition): CdState {
  const { deck } = deckFor(cards, { challenge: false });
  const order = [REALLY_HARD, SOFT, ...deck.filter((c) => c !== REALLY_HARD && c !== SOFT)];
  const r = collectionDeck.setup({
    players: [
      { id: 'p0', name: 'P0' },
      { id: 'p1', name: 'P1' },
    ],
    seed: 'targets',
    options: { edition, window: 60, hardcore: false, rounds: 30, challenge: false },
    arrangement: { deck: order },
  });
  if (!r.ok) throw new Error(r.error.message);
  const crisis = r.value.field[0]?.card ?? '';
  const chosen = collectionDeck.apply(r.value, 'p0', { type: 'select-crisis', crisis });
  if (!chosen.ok) throw new Error(chosen.error.message);
  return chosen.value.state;
}

describe('GIVEN Really Hard Target on a crisis (ruling R13)', () => {
  it('THEN Collect It All refuses a second Target card there, naming the one already on it', () => {
    const s = building('collect-it-all');
    const crisis = s.turn.crisis ?? '';
    const first = collectionDeck.apply(s, 'p0', { type: 'play', card: REALLY_HARD, on: crisis });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const second = collectionDeck.apply(first.value.state, 'p0', { type: 'play', card: SOFT, on: crisis });
    expect(second.ok).toBe(false);
    if (!second.ok) {
      expect(second.error.code).toBe('one-target-card');
      expect(second.error.message).toContain('Really Hard Target');
    }
  });

  it('THEN the CIA edition lets them stack', () => {
    const s = building('cia');
    const crisis = s.turn.crisis ?? '';
    const first = collectionDeck.apply(s, 'p0', { type: 'play', card: REALLY_HARD, on: crisis });
    if (!first.ok) throw new Error(first.error.message);
    expect(collectionDeck.apply(first.value.state, 'p0', { type: 'play', card: SOFT, on: crisis }).ok).toBe(
      true,
    );
  });
});
