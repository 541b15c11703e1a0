import { describe, expect, it } from 'vitest';
import { collectionDeck, type CdState } from '../../../src/games/collection-deck/index.ts';
import { playout } from '../../../src/games/collection-deck/playout.ts';
import type { Picture } from '../../../src/games/picture.ts';
import { cdSample } from '../../../src/games/picture-samples.ts';
import { expectPng, expectWellFormed, svgWords } from '../picture-checks.ts';

const draw = (state: CdState, viewer: string | null): Picture => {
  const picture = collectionDeck.picture?.(collectionDeck.view(state, viewer), { viewer });
  if (!picture) throw new Error('no picture');
  return picture;
};

/** Every string the public view holds (names on the Field, in plays, in the status). */
function publicStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) publicStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) publicStrings(v, out);
  return out;
}

/** The same table with the hidden cards changed: every hand swapped with cards from the deck. */
function withOtherSecrets(state: CdState): CdState {
  const pool = [...state.deck];
  return {
    ...state,
    seats: state.seats.map((s) => ({ ...s, hand: s.hand.map((id) => pool.shift() ?? id) })),
    deck: [...state.deck].reverse(),
  };
}

describe('Collection Deck pictures', () => {
  const sample = cdSample();
  const publicView = collectionDeck.view(sample.state, null);

  it('GIVEN a game in progress THEN the Field picture shows every crisis with its points, aspects, difficulty and techniques', () => {
    const picture = draw(sample.state, null);
    const words = svgWords(picture.svg);
    expect(picture.kind).toBe('field');
    expect(publicView.field.length).toBeGreaterThan(5);
    for (const c of publicView.field) {
      expect(words).toContain(c.name);
      expect(words).toContain(`${c.points} point`);
      const difficulty =
        c.currentDifficulty === c.difficulty ? `${c.difficulty}` : `${c.difficulty} → ${c.currentDifficulty}`;
      expect(words).toContain(`Difficulty ${difficulty}`);
      expect(words).toContain(`Techniques ${c.techniques.length} of ${c.points}`);
      for (const t of c.techniques) expect(words).toContain(`${t.owner} · ${t.status}`);
      expect(picture.alt).toContain(c.name);
    }
    expect(words).toMatch(/Political|Military|Economic|Weapons/);
    expect(words).toContain('Modifiers: ');
    for (const s of publicView.seats) expect(words).toContain(`${s.name}: ${s.score} pt`);
    expect(words).toContain(`Field, round ${publicView.round}`);
  });

  it('GIVEN a seated player THEN their picture shows every card in their hand with its full text', () => {
    const picture = draw(sample.state, sample.viewer);
    const me = collectionDeck.view(sample.state, sample.viewer).me;
    expect(picture.kind).toBe('hand');
    expect(me?.hand.length).toBeGreaterThan(0);
    const words = svgWords(picture.svg);
    for (const card of me?.hand ?? []) {
      expect(words).toContain(card.name);
      expect(picture.alt).toContain(card.name);
      if (card.range) expect(words).toContain(`Difficulty range ${card.range.min}–${card.range.max}`);
      if (card.discipline) expect(words).toContain(`${card.discipline} technique`);
      // The description is wrapped over lines, so compare its first words.
      expect(words).toContain(card.description.split(' ').slice(0, 3).join(' '));
    }
  });

  it('GIVEN a viewer without a seat THEN they get the Field picture', () => {
    expect(draw(sample.state, 'onlooker').svg).toBe(draw(sample.state, null).svg);
  });

  it('GIVEN seeded playouts THEN no public picture depends on or names a card in any hand', () => {
    for (const [seed, edition] of [
      ['privacy-1', 'cia'],
      ['privacy-2', 'collect-it-all'],
    ] as const) {
      let step = 0;
      playout(collectionDeck, {
        seed,
        edition,
        seats: 4,
        onStep: (state) => {
          if (step++ % 3 !== 0) return;
          const picture = draw(state, null);
          expectWellFormed(picture);
          expect(draw(withOtherSecrets(state), null).svg).toBe(picture.svg);
          const shown = publicStrings(collectionDeck.view(state, null));
          const words = `${svgWords(picture.svg)} ${picture.alt}`;
          for (const seat of state.seats)
            for (const card of collectionDeck.view(state, seat.id).me?.hand ?? []) {
              expect(words).not.toMatch(new RegExp(`\\b${card.id}\\b`));
              if (shown.has(card.name)) continue;
              // "Hard Target" may be in hand while "Very Hard Target" is on the Field.
              const rest = [...shown]
                .filter((x) => x.includes(card.name))
                .reduce((w, x) => w.replaceAll(x, ''), words);
              expect(rest).not.toContain(card.name);
            }
        },
      });
    }
  });

  it('GIVEN the same view THEN the SVG and the PNG are identical, readable and small', async () => {
    for (const viewer of [null, sample.viewer]) {
      const a = draw(sample.state, viewer);
      expect(draw(structuredClone(sample.state), viewer).svg).toBe(a.svg);
      expectWellFormed(a);
      await expectPng(a);
    }
  });
});
