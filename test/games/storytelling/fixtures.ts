/** Tables for the storytelling tests: fresh games, states arranged by hand, and card finders. */
import { expect } from 'vitest';
import { crisis, technique } from '../../../src/games/collection-deck/cardset.ts';
import type { StoryCards } from '../../../src/games/storytelling/cards.ts';
import { fitsCrisis, storyCards } from '../../../src/games/storytelling/cards.ts';
import { storytelling } from '../../../src/games/storytelling/index.ts';
import type { StAction, StState, TableCrisis } from '../../../src/games/storytelling/types.ts';

export const engine = storytelling;
export const cards = (): StoryCards => storyCards();

export function fresh(players = 2, seed = 'fixture', computers = false): StState {
  const r = engine.setup({
    players: Array.from({ length: players }, (_, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      ...(computers ? { computer: 'case-officer' } : {}),
    })),
    options: { rounds: 20 },
    seed,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function act(s: StState, actor: string, action: StAction): StState {
  const r = engine.apply(s, actor, action);
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)}: ${r.error.message}`);
  return r.value.state;
}

export function refusal(s: StState, actor: string, action: StAction): string {
  const r = engine.apply(s, actor, action);
  expect(r.ok, 'the move should be refused').toBe(false);
  return r.ok ? '' : r.error.code;
}

/** Applies the pending defaults until `until` holds. */
export function runDefaults(s: StState, until: (s: StState) => boolean, bound = 500): StState {
  let state = s;
  for (let i = 0; i < bound && !until(state); i++) {
    const w = engine.waits(state)[0];
    if (!w) return state;
    state = act(state, w.player, w.default);
  }
  return state;
}

export const atTurn = (s: StState): StState => runDefaults(s, (x) => x.stage?.kind === 'turn');

export const onTable = (card: string, by = 0): TableCrisis => ({
  card,
  by,
  techniques: [],
  checks: [],
  escalations: 0,
  marks: [],
});

/** A turn state for p0 with the given hand and crises (cards moved out of the decks, so none is duplicated). */
export function arranged(hand: string[], table: TableCrisis[], players = 2): StState {
  const s = structuredClone(atTurn(fresh(players)));
  const stage = s.stage;
  if (stage?.kind !== 'turn') throw new Error('not at a turn');
  const used = new Set([
    ...hand,
    ...table.flatMap((t) => [t.card, ...t.techniques.map((x) => x.card), ...t.checks.map((x) => x.card)]),
  ]);
  // Return everything to the decks, then take out what the scene uses.
  for (const x of s.seats) {
    s.deck.push(...x.hand);
    x.hand = [];
  }
  for (const t of s.table) {
    s.crisisDeck.push(t.card);
    s.deck.push(...t.techniques.map((x) => x.card), ...t.checks.map((x) => x.card), ...t.marks);
  }
  s.deck = s.deck.filter((c) => !used.has(c));
  s.discard = s.discard.filter((c) => !used.has(c));
  s.crisisDeck = s.crisisDeck.filter((c) => !used.has(c));
  s.crisisDiscard = s.crisisDiscard.filter((c) => !used.has(c));
  s.table = structuredClone(table);
  s.seats[0]!.hand = [...hand];
  for (const x of s.seats.slice(1)) x.hand = s.deck.splice(0, 5);
  s.touched = [];
  s.stage = { kind: 'turn', id: s.nextId++, seat: 0 };
  return s;
}

/** Techniques that fit the crisis as printed, grouped so tests can pick by discipline. */
export function fitting(crisisId: string): string[] {
  const c = cards();
  return c.index.set.techniques.filter((t) => fitsCrisis(c, t.id, onTable(crisisId))).map((t) => t.id);
}

export const notFitting = (crisisId: string): string[] => {
  const c = cards();
  return c.index.set.techniques.filter((t) => !fitsCrisis(c, t.id, onTable(crisisId))).map((t) => t.id);
};

export const disciplineOf = (id: string): string => technique(cards().index, id).discipline;
export const requiredOf = (id: string): number => crisis(cards().index, id).techniquesRequired;

/** A crisis needing `n` techniques with fitting techniques of at least `disciplines` disciplines. */
export function crisisNeeding(n: number, disciplines = 2): string {
  const found = cards().index.set.crises.find(
    (c) => c.techniquesRequired === n && new Set(fitting(c.id).map(disciplineOf)).size >= disciplines,
  );
  if (!found) throw new Error(`no crisis needing ${n}`);
  return found.id;
}

/** Resolution card ids by outcome. */
export function resolutionsOf(outcome: string): string[] {
  return [...cards().resolutions.values()].filter((r) => r.outcome === outcome).map((r) => r.card);
}

/** Every card wherever it lies, once per copy (conservation checks). */
export function census(s: StState): string[] {
  const all = [
    ...s.deck,
    ...s.discard,
    ...s.crisisDeck,
    ...s.crisisDiscard,
    ...s.resolutionDeck,
    ...s.resolutionDiscard,
  ];
  for (const x of s.seats) all.push(...x.hand);
  for (const t of s.table)
    all.push(t.card, ...t.techniques.map((p) => p.card), ...t.checks.map((c) => c.card), ...t.marks);
  const st = s.stage;
  if (st?.kind === 'choose-crisis') all.push(...st.options);
  if (st?.kind === 'boost') all.push(st.drawn);
  if (st?.kind === 'pick') all.push(...st.drawn);
  return all.sort();
}
