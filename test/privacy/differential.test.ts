/**
 * Differential secrecy (issue #23): for every game, pairs of states ("twins") whose public history
 * is the same but whose hidden information differs are played on with the same public moves, and
 * everything a person without the secret reads must be the same, byte for byte: the public board
 * (panel text and controls), the public picture (SVG and alt text), each observer's own panel and
 * picture, the announcements, the waits (who, for what, the ruling, a new deadline, an observer's
 * default, hence the reminders and out-of-time lines built from them), the outcome, the refusals an
 * observer gets, their autocomplete choices and the tutorial hint an observer would get. How the
 * twins are played on, what counts as a legitimate difference (the rules revealing something) and
 * what is compared when: test/privacy/secrecy.ts.
 *
 * How each game's twins are made (details and the facts each game's observers may know in
 * test/privacy/twins/<game>.ts). Each game is first played for a random number of moves by its
 * computer strategies from a seed; then B is A with one hidden thing changed, kept only if what the
 * observers may know is unchanged:
 * - Item Collection: one seat observes; another seat's hand and deck swap a card, two cards of a
 *   deck change places, or another seat's face-down card is another card of its hand.
 * - Collection Deck (each edition separately): one seat observes; another seat's hand and the deck
 *   swap a card, two other seats swap cards, two deck or crisis-deck cards change places, or a card
 *   of another builder's hidden draft (ruling D5) is another card of its hand.
 * - COLLECTION: one analyst observes; another analyst's held or just-drawn blue card and a deck
 *   card swap, two deck or scenario-deck cards change places, or the dice to come differ.
 * - Kingpin: the Hunters observe the Cartel's secret (Chapo Hidden elsewhere, a Hidden Need
 *   elsewhere or with other discs, a Hidden Defense elsewhere or another Defense in its box, the
 *   Needs deck order, another blind draw; and, first for every other pair, changes aimed at what
 *   the rules are careful about: the Mobility Defense giving Chapo a free move left unplayed,
 *   Pine-Hut Camps Hidden where the Hunters look, a second Need Hidden with Chapo or where the
 *   Police look) or the Cartel observes the Hunters' (a Found-area card face up, other screened
 *   dice to come); two face-down topography cards of one subtype may swap for either.
 * - Storytelling: one storyteller observes; another's hand and the deck swap a card, an escalation
 *   mark is another card, another storyteller chooses between other crisis cards, or two cards of
 *   the deck, the crisis deck or the Resolution deck change places.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEngine } from '../../src/games/contract.ts';
import type { IcgState } from '../../src/games/item-collection/state.ts';
import { describeLeak, report, runPairs, type SecrecyCase } from './secrecy.ts';
import { collectionCase } from './twins/collection.ts';
import { collectionDeckCase } from './twins/collection-deck.ts';
import { itemCollectionCase } from './twins/item-collection.ts';
import { kingpinCase, missedSetup } from './twins/kingpin.ts';
import { storytellingCase } from './twins/storytelling.ts';

const CASES: readonly (readonly [string, SecrecyCase<never>, number])[] = [
  ['item-collection', itemCollectionCase as SecrecyCase<never>, 250],
  ['collection-deck (CIA edition)', collectionDeckCase('cia') as SecrecyCase<never>, 120],
  ['collection-deck (Collect It All)', collectionDeckCase('collect-it-all') as SecrecyCase<never>, 120],
  ['collection', collectionCase as SecrecyCase<never>, 200],
  ['kingpin', kingpinCase as SecrecyCase<never>, 200],
  ['storytelling', storytellingCase as SecrecyCase<never>, 200],
];

describe.each(CASES)('differential secrecy in %s', (game, c, pairs) => {
  it(`GIVEN ${pairs} seeded pairs of twins THEN whoever lacks the secret reads the same in both`, () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const tally = runPairs(c, pairs);
    const used = process.cpuUsage(cpu);
    console.log(report(game, tally, performance.now() - started, (used.user + used.system) / 1000));
    expect(tally.leaks.map(describeLeak)).toEqual([]);
    // The pairs were built and compared, not skipped.
    expect(tally.pairs - tally.noTwin).toBeGreaterThan(pairs / 2);
    expect(tally.syncs).toBeGreaterThan(pairs * 3);
  });
});

describe('Kingpin: a missed setup (ruling R16)', () => {
  const runs = Array.from({ length: 60 }, (_, n) => missedSetup(n));

  it('GIVEN the Cartel lets the setup clock run out THEN each time-out places only the next item', () => {
    expect(runs.map((r) => r.firstTimeout)).toEqual(runs.map(() => 1));
  });

  it('GIVEN twins that differ only in hidden randomness WHEN both miss the setup THEN where Chapo goes does not follow from the time-outs', () => {
    const same = runs.filter((r) => r.chapo[0] === r.chapo[1]).length;
    // Ten Locations: a random default meets in about one pair in ten; "first in the list" in all.
    expect(same).toBeLessThan(runs.length / 3);
  });
});

describe('the harness itself', () => {
  it('GIVEN a public view that shows one hand THEN the leak is found', () => {
    const engine = itemCollectionCase.engine;
    const leaky: AnyEngine = {
      ...engine,
      view: (s: IcgState, viewer) => {
        const v = engine.view(s, viewer) as { seats: { name: string }[] };
        if (viewer !== null) return v;
        return {
          ...v,
          seats: v.seats.map((x, i) => ({ ...x, name: `${x.name} ${s.seats[i]?.hand.join('') ?? ''}` })),
        };
      },
    };
    const tally = runPairs({ ...itemCollectionCase, engine: leaky }, 20);
    expect(tally.leaks.length).toBeGreaterThan(5);
  });
});
