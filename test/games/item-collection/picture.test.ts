import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { cardLabel } from '../../../src/games/item-collection/cards.ts';
import { itemCollection, type IcgState } from '../../../src/games/item-collection/index.ts';
import { playoutSeats } from '../../../src/games/item-collection/playout.ts';
import type { Picture } from '../../../src/games/picture.ts';
import { icgSample } from '../../../src/games/picture-samples.ts';
import { expectPng, expectWellFormed, svgWords } from '../picture-checks.ts';

const draw = (state: IcgState, viewer: string | null): Picture => {
  const picture = itemCollection.picture?.(itemCollection.view(state, viewer), { viewer });
  if (!picture) throw new Error('no picture');
  return picture;
};

/** Every state of a seeded game between computer seats. */
function states(seed: string): IcgState[] {
  const setup = itemCollection.setup({ players: playoutSeats(seed), options: {}, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  const out = [setup.value];
  let state = setup.value;
  while (!state.outcome && out.length < 2000) {
    const actor = itemCollection.activePlayers(state)[0];
    const action = actor === undefined ? null : itemCollection.computerAction(state, actor);
    const result =
      actor === undefined || action === null
        ? itemCollection.apply(state, SYSTEM_ACTOR, { type: 'endNegotiation' })
        : itemCollection.apply(state, actor, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.value.state;
    out.push(state);
  }
  return out;
}

/** The same table with every hidden card changed: hands, decks and face-down cards. */
function withOtherSecrets(state: IcgState): IcgState {
  return {
    ...state,
    seats: state.seats.map((s) => ({
      ...s,
      hand: [...s.deck, ...s.hand].slice(0, s.hand.length),
      deck: [...s.deck].reverse(),
    })),
    declarations: state.declarations.map((d, i) => ({
      ...d,
      card: d.card === null ? null : (state.seats[i]?.deck[0] ?? (d.card === '2' ? '3' : '2')),
    })),
  };
}

describe('Item Collection table picture', () => {
  const sample = icgSample();

  it('GIVEN a game mid-declaration THEN the table shows every seat with its suit and score, and the turned joker', () => {
    const picture = draw(sample.state, null);
    const words = svgWords(picture.svg);
    for (const seat of sample.state.seats) {
      expect(words).toContain(seat.name);
      expect(picture.alt).toContain(`scored ${seat.scored.length} of 5`);
    }
    for (const suit of ['♠', '♥', '♦', '♣']) expect(words).toContain(suit);
    expect(words).toContain('JOKER');
    expect(words).toContain(sample.state.mode === 'high' ? 'HIGH' : 'LOW');
    const claims = sample.state.declarations.flatMap((d, i) => (d.claim ? [cardLabel(d.claim, i)] : []));
    expect(claims.length).toBe(2);
    for (const claim of claims) expect(words).toContain(`Claims ${claim}`);
    expect(picture.kind).toBe('table');
    expect(picture.alt).toMatch(/^Item Collection Game table, round 4\./);
  });

  it('GIVEN a seated player THEN their picture adds their hand and face-down card, which the public picture lacks', () => {
    const mine = draw(sample.state, sample.viewer);
    const seat = sample.state.seats.findIndex((s) => s.id === sample.viewer);
    const hand = sample.state.seats[seat]?.hand ?? [];
    const faceDown = sample.state.declarations[seat]?.card;
    expect(faceDown).toBeTruthy();
    expect(mine.alt).toContain('Your hand: ');
    for (const rank of hand) expect(mine.alt).toContain(cardLabel(rank, seat));
    expect(mine.alt).toContain(`your face-down card: ${cardLabel(faceDown ?? '2', seat)}`);
    expect(svgWords(mine.svg)).toContain('Your face-down card');
    expect(mine.height).toBeGreaterThan(draw(sample.state, null).height);
    expect(svgWords(draw(sample.state, null).svg)).not.toContain('Your hand');
    // An onlooker without a seat sees the public table.
    expect(draw(sample.state, 'someone-else').svg).toBe(draw(sample.state, null).svg);
  });

  it('GIVEN seeded games played to the end THEN no public picture depends on or names a hidden card', () => {
    for (const seed of ['privacy-1', 'privacy-2', 'privacy-3']) {
      for (const state of states(seed)) {
        const picture = draw(state, null);
        expectWellFormed(picture);
        // Changing every hidden card leaves the public picture byte for byte the same.
        expect(draw(withOtherSecrets(state), null).svg).toBe(picture.svg);
        // A hand or face-down card is named in the alt text only where the public view shows it too.
        const shown = new Set<string>();
        state.seats.forEach((s, i) => {
          for (const rank of s.scored) shown.add(cardLabel(rank, i));
          const claim = state.declarations[i]?.claim;
          if (claim) shown.add(cardLabel(claim, i));
        });
        for (const r of state.history)
          for (const p of r.plays) for (const rank of [p.card, p.claim]) shown.add(cardLabel(rank, p.seat));
        state.seats.forEach((s, i) => {
          const faceDown = state.declarations[i]?.card;
          for (const rank of [...s.hand, ...(faceDown ? [faceDown] : [])]) {
            const label = cardLabel(rank, i);
            if (!shown.has(label)) expect(picture.alt).not.toContain(label);
          }
        });
      }
    }
  });

  it('GIVEN the same view THEN the SVG and the PNG are identical, readable and small', async () => {
    const a = draw(sample.state, sample.viewer);
    const b = draw(structuredClone(sample.state), sample.viewer);
    expect(b.svg).toBe(a.svg);
    expectWellFormed(a);
    await expectPng(a);
    await expectPng(draw(sample.state, null));
  });
});
