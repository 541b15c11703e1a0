/**
 * The glossary (issue #18): every tradecraft term the card data uses has an entry, entries are
 * sourced, and docs/glossary.md is generated from them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCards } from '../../src/games/collection-deck/cards/index.ts';
import { DISCIPLINES } from '../../src/games/collection-deck/cards/schema.ts';
import { content as collectionContent } from '../../src/games/collection/content/index.ts';
import { COLLECTORS } from '../../src/games/collection/types.ts';
import { content as kingpinContent } from '../../src/games/kingpin/board.ts';
import { GAMES } from '../../src/games/index.ts';
import {
  gamesUsing,
  GLOSSARY,
  glossaryEntry,
  glossaryLine,
  glossaryMarkdown,
  NOT_TRADECRAFT,
  searchGlossary,
  termsIn,
} from '../../src/games/glossary/index.ts';

const game = (id: string) => GAMES.find((g) => g.id === id) ?? { id };

const asJson = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) => (v instanceof Map ? [...v.values()] : v));

const CARD_DATA = {
  'collection-deck': asJson(loadCards()),
  collection: asJson(collectionContent()),
  kingpin: asJson(kingpinContent()),
};

/** Acronyms in card text (HUMINT, NGA, ICBM); card ids such as T01 or K12 are not words. */
function acronyms(text: string): string[] {
  return [...new Set([...text.matchAll(/\b[A-Z][A-Z]{1,}\b/g)].map((m) => m[0]))];
}

/** Every tradecraft term used in card data: the schema's vocabulary, the card kinds, and each acronym. */
const TERMS_IN_CARD_DATA: readonly string[] = [
  ...DISCIPLINES,
  ...COLLECTORS,
  // Collection Deck's card kinds and the reality checks the rulebooks name.
  'technique',
  'crisis',
  'reality check',
  'Manager Challenge',
  'Think Outside the Box',
  'Hard Target',
  'Very Soft Target',
  'satellite',
  // COLLECTION's board and Kingpin's cards, as the issue lists them.
  'scenario',
  'collector',
  'engagement',
  'response level',
  'crisis level',
  'reports circle',
  'affinity',
  'Nexus',
  'Support',
  'Needs',
  'Defense',
  'Detection',
  'Mobility',
  'Exposure',
  'Lead',
  'Record',
  'Fix',
  'Finish',
  'Find',
  'topography',
  'collection strategy',
  ...Object.values(CARD_DATA).flatMap(acronyms),
].filter((t) => !NOT_TRADECRAFT.includes(t));

describe('the glossary', () => {
  it('has an entry for every tradecraft term used in card data', () => {
    expect(TERMS_IN_CARD_DATA.filter((t) => !glossaryEntry(t))).toEqual([]);
    // The scan really reads the cards: the disciplines and agencies are among its acronyms.
    expect(acronyms(CARD_DATA['collection-deck'])).toEqual(expect.arrayContaining(['HUMINT', 'SIGINT']));
    expect(acronyms(CARD_DATA.collection)).toEqual(expect.arrayContaining(['NSA', 'NGA']));
  });

  it('every term the card data uses is found in that game’s card text', () => {
    for (const d of DISCIPLINES) expect(CARD_DATA['collection-deck']).toContain(d);
  });

  it('every entry has a definition, a source and real games, and ids and words are unique', () => {
    for (const e of GLOSSARY) {
      expect(e.definition.length, e.id).toBeGreaterThan(30);
      expect(e.source, e.id).toMatch(/\w{4}/);
      expect(gamesUsing(e, GAMES), `${e.id} is used by some game`).not.toEqual([]);
    }
    for (const g of GAMES)
      for (const id of g.glossary ?? [])
        expect(
          GLOSSARY.some((e) => e.id === id),
          `${g.id}: ${id}`,
        ).toBe(true);
    expect(new Set(GLOSSARY.map((e) => e.id)).size).toBe(GLOSSARY.length);
    const words = GLOSSARY.flatMap((e) => [e.term, ...(e.aliases ?? [])].map((w) => w.toLowerCase()));
    expect(words.filter((w, i) => words.indexOf(w) !== i)).toEqual([]);
  });

  it('docs/glossary.md is the generated text (run npx tsx scripts/glossary.ts)', () => {
    expect(readFileSync('docs/glossary.md', 'utf8')).toBe(glossaryMarkdown(GAMES));
  });

  it('finds terms as words: acronyms in capitals only, never inside another word', () => {
    expect(termsIn('Foreign Media Transcription (OSINT), a reality check').map((e) => e.id)).toEqual([
      'osint',
      'reality-check',
    ]);
    expect(termsIn('DOG dosage osint')).toEqual([]);
    expect(glossaryLine('Engage NSA here', game('collection'))).toBe(
      '📚 Glossary: Engagement, NSA — `/game glossary term:`',
    );
    expect(glossaryLine('Engage NSA here', game('kingpin'))).toBeNull();
  });

  it('GIVEN a Kingpin found person with Links THEN the glossary line explains Link', () => {
    expect(glossaryLine('↳ Links: Support protection, transport', game('kingpin'))).toBe(
      '📚 Glossary: Support, Link — `/game glossary term:`',
    );
    expect(glossaryEntry('link')?.definition).toMatch(/Hunters follow Links/);
  });

  it('autocomplete offers matching terms, at most 25', () => {
    expect(searchGlossary('int').map((c) => c.value)).toEqual(
      expect.arrayContaining(['humint', 'sigint', 'geoint', 'masint', 'osint']),
    );
    expect(searchGlossary('').length).toBeLessThanOrEqual(25);
  });
});
