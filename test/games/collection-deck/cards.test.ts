import { describe, expect, it } from 'vitest';
import { buildCardsMarkdown } from '../../../src/games/collection-deck/cards/distribution.ts';
import {
  CRISES,
  REALITY_CHECKS,
  REDACTED,
  RESOLUTIONS,
  RESOLUTION_OUTCOMES,
  TECHNIQUES,
  cardById,
  counterHits,
  loadCards,
  resolutionFor,
  techniqueFits,
  techniqueMisfits,
  validateCards,
} from '../../../src/games/collection-deck/cards/index.ts';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { deckFor } from '../../../src/games/collection-deck/setup.ts';
import { DISCIPLINES, cardSchema } from '../../../src/games/collection-deck/cards/schema.ts';
import type { Crisis, RealityCheck, Technique } from '../../../src/games/collection-deck/cards/schema.ts';

const ALL_CARDS = [...TECHNIQUES, ...CRISES, ...REALITY_CHECKS];

function technique(name: string): Technique {
  const found = TECHNIQUES.find((t) => t.name === name);
  if (!found) throw new Error(`no technique named ${name}`);
  return found;
}
function crisis(name: string): Crisis {
  const found = CRISES.find((c) => c.name === name);
  if (!found) throw new Error(`no crisis named ${name}`);
  return found;
}
function realityCheck(name: string): RealityCheck {
  const found = REALITY_CHECKS.find((r) => r.name === name);
  if (!found) throw new Error(`no reality check named ${name}`);
  return found;
}
const effectsOf = (type: RealityCheck['effect']['type']) =>
  REALITY_CHECKS.filter((r) => r.effect.type === type);
const width = (t: Technique) => t.range.max - t.range.min + 1;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the deck has the counts of CIA Collection Deck v4.3', () => {
  it('66 techniques, 46 crises and 55 reality checks, numbered T01.., C01.., R01.. without gaps', () => {
    const ids = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
    expect(TECHNIQUES.map((t) => t.id)).toEqual(ids('T', 66));
    expect(CRISES.map((c) => c.id)).toEqual(ids('C', 46));
    expect(REALITY_CHECKS.map((r) => r.id)).toEqual(ids('R', 55));
  });

  it('plus the three blank "redacted" cards of Collect It All, one of each kind, in no deck', () => {
    expect(REDACTED.map((r) => r.blankFor)).toEqual(['technique', 'crisis', 'reality']);
    const index = indexCards(loadCards());
    const ids = new Set(REDACTED.map((r) => r.id));
    for (const challenge of [true, false])
      expect(deckFor(index, { challenge }).deck.some((id) => ids.has(id))).toBe(false);
    expect([...index.byId.keys()].some((id) => ids.has(id))).toBe(false);
    expect(loadCards().crises.some((c) => ids.has(c.id))).toBe(false);
    // The card reference finds them and says they are never dealt.
    const found = collectionDeck.reference?.search('redacted') ?? [];
    expect(found.map((f) => f.value)).toEqual(['X01', 'X02', 'X03']);
    expect(collectionDeck.reference?.show('X02')?.text).toMatch(/Blank crisis.*never dealt/);
  });

  it('no two cards share an id', () => {
    expect(new Set(ALL_CARDS.map((c) => c.id)).size).toBe(ALL_CARDS.length);
  });

  it('12 of the reality checks are Collection Manager Challenges, the number the hardcore variant removes', () => {
    const challenges = effectsOf('manager-challenge');
    expect(challenges).toHaveLength(12);
    expect(new Set(challenges.map((c) => c.name))).toEqual(new Set(['Collection Manager Challenge']));
  });

  it('there are at least four Think Outside the Box cards', () => {
    expect(effectsOf('think-outside-the-box').length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['Very Soft Target', -2],
    ['Soft Target', -1],
    ['Hard Target', 1],
    ['Very Hard Target', 2],
    ['Really Hard Target', 2],
  ])('%s changes a crisis difficulty by %i', (name, delta) => {
    const cards = REALITY_CHECKS.filter((r) => r.name === name);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.effect).toEqual({ type: 'difficulty', delta });
  });
});

describe('every card is well formed', () => {
  it.each(ALL_CARDS.map((c) => [c.id, c] as const))('%s passes the card schema', (_id, card) => {
    expect(cardSchema.safeParse(card).success).toBe(true);
  });

  it('card text is plain printable ASCII and descriptions fit on one line (200 characters)', () => {
    for (const card of ALL_CARDS) {
      expect(card.name, card.id).toMatch(/^[\x20-\x7e]+$/);
      expect(card.description, card.id).toMatch(/^[\x20-\x7e]+$/);
      expect(card.description.length, card.id).toBeLessThanOrEqual(200);
    }
  });

  it('loadCards validates the set once and cardById finds any card by id', () => {
    expect(loadCards()).toBe(loadCards());
    expect(cardById('T39')?.name).toBe('Foreign Media Transcription');
    expect(cardById('C01')?.name).toBe('Pakistan Nuclear Security');
    expect(cardById('R55')?.kind).toBe('reality');
    expect(cardById('T67')).toBeUndefined();
  });
});

describe('techniques', () => {
  it('all five disciplines are present in sensible proportions (8 to 18 each)', () => {
    for (const discipline of DISCIPLINES) {
      const n = TECHNIQUES.filter((t) => t.discipline === discipline).length;
      expect(n, discipline).toBeGreaterThanOrEqual(8);
      expect(n, discipline).toBeLessThanOrEqual(18);
    }
  });

  it('satellite-based techniques exist in GEOINT, SIGINT and MASINT and nowhere else', () => {
    const disciplines = new Set(
      TECHNIQUES.filter((t) => t.tags.includes('satellite')).map((t) => t.discipline),
    );
    expect(disciplines).toEqual(new Set(['GEOINT', 'SIGINT', 'MASINT']));
  });

  it('ranges spread from narrow to wide, and the wide ones cover fewer aspects', () => {
    const widths = TECHNIQUES.map(width);
    expect(Math.min(...widths)).toBeLessThanOrEqual(3);
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(7);
    const aspectsOf = (keep: (t: Technique) => boolean) =>
      mean(TECHNIQUES.filter(keep).map((t) => t.aspects.length));
    expect(aspectsOf((t) => width(t) >= 7)).toBeLessThan(aspectsOf((t) => width(t) <= 3));
  });

  it('every "not affected by" line names a reality check in the deck', () => {
    const names = new Set(REALITY_CHECKS.map((r) => r.name));
    const lines = TECHNIQUES.flatMap((t) => t.notAffectedBy.map((name) => [t.id, name]));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const [id, name] of lines) expect(names.has(name ?? ''), `${id}: ${name}`).toBe(true);
  });

  it('some techniques can only target certain kinds of crisis', () => {
    expect(TECHNIQUES.filter((t) => t.onlyTargets).length).toBeGreaterThanOrEqual(4);
  });

  // Rows from /work/shared/CARD-FACTS.md, "Known cards".
  it.each([
    ['Foreign Media Transcription', 'OSINT', ['P', 'M', 'E', 'W'], 1, 7, ['Linguists Reassigned']],
    ['Computer Network Exploitation', 'SIGINT', ['P', 'M', 'E', 'W'], 5, 9, []],
    ['Foreign Material Exploitation', 'HUMINT', ['M', 'W'], 3, 7, ['Persona Non Grata']],
  ])('the known card %s keeps its real values', (name, discipline, aspects, min, max, notAffectedBy) => {
    const card = technique(name);
    expect(card).toMatchObject({ discipline, aspects, range: { min, max }, notAffectedBy });
  });
});

describe('crises', () => {
  // The rule from the brief, computed here independently of fit.ts.
  const usableAgainst = (t: Technique, c: Crisis) =>
    t.aspects.some((a) => c.aspects.includes(a)) &&
    t.range.min <= c.difficulty &&
    c.difficulty <= t.range.max &&
    (t.onlyTargets === undefined || t.onlyTargets.includes(c.crisisKind));

  it.each(CRISES.map((c) => [c.id, c.name, c] as const))(
    '%s %s can be solved by enough distinct techniques from the deck',
    (_id, _name, c) => {
      const usable = TECHNIQUES.filter((t) => usableAgainst(t, c));
      expect(usable.length).toBeGreaterThanOrEqual(c.techniquesRequired);
      // "Solvable many ways": at least three times the techniques it needs.
      expect(usable.length).toBeGreaterThanOrEqual(3 * c.techniquesRequired);
      expect(TECHNIQUES.filter((t) => techniqueFits(t, c))).toEqual(usable);
    },
  );

  it('a crisis is worth as many points as it needs techniques, and all three values occur', () => {
    const required = new Set(CRISES.map((c) => c.techniquesRequired));
    expect(required).toEqual(new Set([1, 2, 3]));
    const markdown = buildCardsMarkdown(loadCards());
    const points = CRISES.reduce((sum, c) => sum + c.techniquesRequired, 0);
    expect(markdown).toContain(`## Crises (46, ${points} points in all)`);
  });

  it('difficulties are a realistic mix: every level 1-9 occurs, most in the middle', () => {
    const levels = CRISES.map((c) => c.difficulty);
    expect(new Set(levels).size).toBe(9);
    expect(levels.filter((d) => d >= 4 && d <= 7).length).toBeGreaterThan(CRISES.length / 2);
  });

  it.each([
    ['Pakistan Nuclear Security', 3, ['P', 'M', 'W'], 9],
    ['Iran Missile Testing', 3, ['M', 'W'], 8],
  ])('the known crisis %s keeps its real values', (name, techniquesRequired, aspects, difficulty) => {
    expect(crisis(name)).toMatchObject({ techniquesRequired, aspects, difficulty });
  });

  it.each([
    /Al-Shabaab.*Kenya/,
    /Russian Cryptocurrency/,
    /European Crime and Corruption/,
    /Missile Testing/,
    /Election Interference/,
  ])('the crisis reviews of the remake mention is in the deck: %s', (pattern) => {
    expect(CRISES.some((c) => pattern.test(c.name))).toBe(true);
  });

  it('"Trophies" is a one-technique crisis', () => {
    expect(crisis('Trophies').techniquesRequired).toBe(1);
  });
});

describe('reality checks', () => {
  it.each([
    ['Misinformed Source', { type: 'counter', discipline: 'HUMINT' }],
    ['Linguists Reassigned', { type: 'counter', tag: 'language' }],
    ['Persona Non Grata', { type: 'counter', tag: 'diplomatic-cover' }],
  ])('%s has the effect the rulebooks describe', (name, effect) => {
    expect(realityCheck(name).effect).toEqual(effect);
  });

  it('every discipline can be countered, satellites can be countered, and ranges can be extended by stacking cards', () => {
    for (const discipline of DISCIPLINES) {
      expect(
        REALITY_CHECKS.some((r) => r.effect.type === 'counter' && r.effect.discipline === discipline),
      ).toBe(true);
    }
    const satellite = REALITY_CHECKS.filter(
      (r) => r.effect.type === 'counter' && r.effect.tag === 'satellite',
    );
    expect(satellite.length).toBeGreaterThanOrEqual(2);
    expect(effectsOf('extend-range').length).toBeGreaterThanOrEqual(2);
  });

  it('every counter can hit some technique, and every technique tag has a counter', () => {
    for (const check of effectsOf('counter')) {
      expect(
        TECHNIQUES.some((t) => counterHits(check, t)),
        check.id,
      ).toBe(true);
    }
    const counteredTags = new Set(
      effectsOf('counter').map((r) => (r.effect.type === 'counter' ? r.effect.tag : undefined)),
    );
    for (const tag of new Set(TECHNIQUES.flatMap((t) => t.tags)))
      expect(counteredTags.has(tag), tag).toBe(true);
  });

  it.each([
    ['Cloud Cover', 'Imagery Analysis', true],
    ['Cloud Cover', 'Synthetic Aperture Radar Imaging', false], // not affected by Cloud Cover
    ['Cloud Cover', 'Overhead SIGINT Collection', false], // clouds do not stop signals
    ['Satellite Maneuvering', 'Overhead SIGINT Collection', true],
    ['Linguists Reassigned', 'Telephone Intercept', true],
    ['Linguists Reassigned', 'Foreign Media Transcription', false],
    ['Persona Non Grata', 'Recruited Agent', true],
    ['Persona Non Grata', 'Non-Official Cover Officer', false],
    ['Misinformed Source', 'Walk-In Volunteer', true],
    ['Misinformed Source', 'Telephone Intercept', false],
    ['Encrypted Communications', 'Cryptanalysis', false],
    ['Budget Cuts', 'Imagery Analysis', true],
    ['Budget Cuts', 'Grey Literature', false],
    ['Hard Target', 'Imagery Analysis', false], // not a counter at all
  ])('%s played on %s counters it: %s', (check, tech, expected) => {
    expect(counterHits(realityCheck(check), technique(tech))).toBe(expected);
  });
});

describe('Resolution faces of the Manager Challenges (storytelling variant)', () => {
  it('every Manager Challenge has exactly one Resolution face, and nothing else has one', () => {
    const challengeIds = effectsOf('manager-challenge').map((r) => r.id);
    expect(RESOLUTIONS.map((r) => r.card).sort()).toEqual([...challengeIds].sort());
    for (const id of challengeIds) expect(resolutionFor(id)?.card).toBe(id);
    expect(resolutionFor('R01')).toBeUndefined();
  });

  it.each([
    ['success-and', 'Success, and'],
    ['success-but', 'Success, but'],
    ['failure-but', 'Failure, but'],
    ['failure-and', 'Failure, and'],
  ] as const)('three cards read "%s" and begin with "%s"', (outcome, opening) => {
    const faces = RESOLUTIONS.filter((r) => r.outcome === outcome);
    expect(faces).toHaveLength(3);
    for (const face of faces) expect(face.text.startsWith(opening)).toBe(true);
    expect(RESOLUTION_OUTCOMES).toContain(outcome);
  });
});

describe('fitting a technique to a crisis (the rulebooks matching rule)', () => {
  it.each([
    ['Computer Network Exploitation', 'Pakistan Nuclear Security', []],
    ['Foreign Media Transcription', 'Pakistan Nuclear Security', ['out-of-range']],
    ['Foreign Material Exploitation', 'Currency Collapse in an Oil State', ['no-shared-aspect']],
    ['Seismic Monitoring', 'Hypersonic Glide Vehicle Tests', ['kind-not-allowed']],
    ['Seismic Monitoring', 'North Korean Nuclear Test Preparations', []],
    ['Human Geography', 'Anti-Satellite Weapon Test', ['no-shared-aspect', 'out-of-range']],
  ])('%s against %s: %j', (tech, target, misfits) => {
    expect(techniqueMisfits(technique(tech), crisis(target))).toEqual(misfits);
    expect(techniqueFits(technique(tech), crisis(target))).toBe(misfits.length === 0);
  });
});

describe('validateCards reports broken data by card id', () => {
  const base = { techniques: TECHNIQUES, crises: CRISES, realityChecks: REALITY_CHECKS };
  const first = TECHNIQUES[0] as Technique;

  it('accepts the real deck', () => {
    expect(validateCards(base).ok).toBe(true);
  });

  it.each([
    ['a duplicate id', { ...base, techniques: [...TECHNIQUES, first] }, 'T01: id used by more than one card'],
    [
      'an inverted range',
      { ...base, techniques: [{ ...first, range: { min: 8, max: 2 } }, ...TECHNIQUES.slice(1)] },
      'T01: range: range min above max',
    ],
    [
      'an unknown "not affected by" name',
      { ...base, techniques: [{ ...first, notAffectedBy: ['Alien Invasion'] }, ...TECHNIQUES.slice(1)] },
      'T01: not affected by "Alien Invasion", which is no reality check',
    ],
    [
      'a deck too small to solve a crisis',
      { ...base, techniques: TECHNIQUES.slice(0, 2) },
      'C01: fewer than 3 techniques in the deck fit this crisis',
    ],
    [
      'a crisis with a technique id',
      { ...base, crises: [{ ...(CRISES[0] as Crisis), id: 'T99' }, ...CRISES.slice(1)] },
      'T99: a crisis id must start with C',
    ],
  ])('rejects %s', (_what, raw, problem) => {
    const result = validateCards(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContain(problem);
  });
});

describe('docs/cards.md', () => {
  it('matches the distribution generated from the card data', async () => {
    await expect(buildCardsMarkdown(loadCards())).toMatchFileSnapshot('../../../docs/cards.md');
  });
});
