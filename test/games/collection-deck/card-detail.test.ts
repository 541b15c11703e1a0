/** Every card readable outside the pictures: My view text, alt text, the card reference, storytelling hands. */
import { describe, expect, it } from 'vitest';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import { storytelling } from '../../../src/games/storytelling/index.ts';
import { deal, engine } from './fixtures.ts';

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));

describe('GIVEN a hand in My view', () => {
  it('THEN its text gives each technique’s description, restrictions and traits', () => {
    const s = deal({ hands: [['T04', 'T07', 'T03'], []], field: ['C01'] });
    const p = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    const text = p.description ?? '';
    expect(text).toContain('**Press Monitoring** (OSINT PE 1-7): Press Monitoring for tests.');
    expect(text).toContain('Not affected by Linguists Reassigned');
    expect(text).toContain('Traits: language');
    expect(text).toContain('Only targets crime crises');
    expect(text).toContain('Traits: satellite');
  });

  it('THEN its picture’s alt text gives every card’s deciding facts before any description (it is cut at 1,024)', () => {
    for (const seed of ['alt-1', 'alt-2', 'alt-3', 'alt-4']) {
      const r = collectionDeck.setup({
        players: seats(3),
        seed,
        options: { edition: 'cia', hardcore: false, window: 60, rounds: 30 },
      });
      if (!r.ok) throw new Error(r.error.message);
      for (const seat of ['p0', 'p1', 'p2']) {
        const v = collectionDeck.view(r.value, seat);
        const alt = collectionDeck.picture?.(v, { viewer: seat })?.alt ?? '';
        for (const c of v.me?.hand ?? []) {
          const fact =
            c.kind === 'technique' ? `${c.name} (${c.discipline ?? ''}, ` : `${c.name}: ${c.effect}.`;
          expect(alt, `${seed} ${seat}`).toContain(fact);
          if (c.kind === 'technique') expect(alt).toContain(`range ${c.range?.min}-${c.range?.max}`);
        }
      }
    }
  });
});

describe('GIVEN /collection-deck card on a technique', () => {
  it('THEN it names the traits that decide which counters apply, and those counters', () => {
    const sat = loadCards().techniques.find((t) => t.discipline === 'GEOINT' && t.tags.includes('satellite'));
    const text = collectionDeck.reference?.show(sat?.id ?? '')?.text ?? '';
    expect(text).toMatch(/Traits: [^\n]*satellite/);
    expect(text).toMatch(/Countered by: [^\n]*Cloud Cover/);
    const plain = loadCards().techniques.find((t) => t.tags.length === 0 && t.discipline === 'HUMINT');
    const other = collectionDeck.reference?.show(plain?.id ?? '')?.text ?? '';
    expect(other).toMatch(/Countered by: [^\n]*Misinformed Source/);
    expect(other).not.toContain('Cloud Cover');
  });
});

describe('GIVEN a storytelling hand', () => {
  it('THEN My view shows each technique’s description', () => {
    const r = storytelling.setup({ players: seats(2), seed: 'hands', options: { rounds: 20 } });
    if (!r.ok) throw new Error(r.error.message);
    const v = storytelling.view(r.value, 'p0');
    const text = storytelling.present(v, { viewer: 'p0' }).description ?? '';
    const techniques = loadCards().techniques;
    const inHand = (v.me?.hand ?? []).filter((c) => c.kind === 'technique');
    expect(inHand.length).toBeGreaterThan(0);
    for (const c of inHand) {
      const printed = techniques.find((t) => t.id === c.id)?.description ?? '?';
      expect(text).toContain(printed);
    }
  });
});
