/**
 * Seeded mid-game states for drawing sample pictures (scripts/draw-samples.ts) and for the
 * picture tests: computer seats play until the table has something worth showing; and seeded
 * finished games for the debrief charts.
 */
import { SYSTEM_ACTOR } from './contract.ts';
import type { AnyEngine, PlayerId } from './contract.ts';
import { playthrough, tableOf } from './playthrough.ts';
import { collectionDeck } from './collection-deck/index.ts';
import type { CdState } from './collection-deck/index.ts';
import { playout } from './collection-deck/playout.ts';
import { itemCollection } from './item-collection/index.ts';
import type { IcgState } from './item-collection/index.ts';
import { playoutSeats } from './item-collection/playout.ts';
import type { Picture } from './picture.ts';

export interface Sample<S> {
  state: S;
  /** A seated player whose private picture is worth a look. */
  viewer: PlayerId;
  picture(viewer: PlayerId | null): Picture | null;
}

const declared = (s: IcgState): number => s.declarations.filter((d) => d.card !== null).length;

/** Item Collection: the first state from `seed` in round ≥ `round` where `stop` holds (default: two seats have declared). */
export function icgSample(
  seed = 'pictures',
  round = 4,
  stop: (s: IcgState) => boolean = (s) => s.phase === 'declaration' && declared(s) === 2,
): Sample<IcgState> {
  const setup = itemCollection.setup({ players: playoutSeats(seed), options: {}, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  for (let n = 0; n < 10_000; n++) {
    if (state.outcome || (state.round >= round && stop(state))) break;
    const actor = itemCollection.activePlayers(state)[0];
    const action = actor === undefined ? null : itemCollection.computerAction(state, actor);
    const result =
      actor === undefined || action === null
        ? itemCollection.apply(state, SYSTEM_ACTOR, { type: 'endNegotiation' })
        : itemCollection.apply(state, actor, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.value.state;
  }
  const final = state;
  const viewer = final.seats[final.startingSeat]?.id ?? '';
  return {
    state: final,
    viewer,
    picture: (v) => itemCollection.picture?.(itemCollection.view(final, v), { viewer: v }) ?? null,
  };
}

/**
 * Collection Deck: a strategy under disruption in round ≥ 2, with a modifier on some crisis;
 * the viewer is the seat holding the most techniques (the richest hand to draw).
 */
export function cdSample(seed = 'pictures'): Sample<CdState> {
  // An array, as TypeScript does not see the callback assign a plain variable.
  const found: CdState[] = [];
  playout(collectionDeck, {
    seed,
    edition: 'cia',
    seats: 4,
    onStep: (s) => {
      if (found.length > 0 || s.round < 2 || s.phase !== 'play' || s.turn.stage !== 'disrupt') return;
      if (s.field.some((f) => f.modifiers.length > 0)) found.push(structuredClone(s));
    },
  });
  const final = found[0];
  if (!final) throw new Error(`no sample state for seed ${seed}`);
  const techniques = (hand: string[]): number => hand.filter((id) => id.startsWith('T')).length;
  const richest = [...final.seats].sort((a, b) => techniques(b.hand) - techniques(a.hand))[0];
  return {
    state: final,
    viewer: richest?.id ?? '',
    picture: (v) => collectionDeck.picture?.(collectionDeck.view(final, v), { viewer: v }) ?? null,
  };
}

export function sampleStates(): { icg: Sample<IcgState>; cd: Sample<CdState> } {
  return { icg: icgSample(), cd: cdSample() };
}

/** The last state of a seeded game its computers play to the end (`computer` strategies in turn). */
export function finishedGame(engine: AnyEngine, seats: number, seed: string): unknown {
  const strategies = engine.computerStrategies;
  const table = tableOf(seats).map((s, i) => ({
    ...s,
    computer: strategies[i % strategies.length]?.id ?? 'random',
  }));
  let last: unknown = null;
  for (const state of playthrough(engine, table, { seed })) last = state;
  if (!engine.outcome(last)) throw new Error(`${engine.id}: the seeded game ${seed} did not finish`);
  return last;
}

/** Seats for each game's sample chart. */
export const CHART_SEATS: Readonly<Record<string, number>> = {
  'item-collection': 4,
  'collection-deck': 4,
  storytelling: 3,
  collection: 4,
  kingpin: 2,
};

/** Each game's debrief chart from a seeded finished game (docs/pictures, the chart tests). */
export function chartSample(engine: AnyEngine, seed = 'charts'): { state: unknown; chart: Picture | null } {
  const state = finishedGame(engine, CHART_SEATS[engine.id] ?? engine.minPlayers, seed);
  return { state, chart: engine.chart?.(state) ?? null };
}
