import { expect } from 'vitest';
import type { Seat } from '../../../src/games/contract.ts';
import { HAND_SIZE, RANKS, type Rank } from '../../../src/games/item-collection/cards.ts';
import { itemCollection, type IcgAction, type IcgState } from '../../../src/games/item-collection/index.ts';

export const engine = itemCollection;

export const PLAYERS: Seat[] = [
  { id: 'u-ann', name: 'Ann' },
  { id: 'u-bob', name: 'Bob' },
  { id: 'u-cat', name: 'Cat' },
  { id: 'u-dan', name: 'Dan' },
];
export const [ANN, BOB, CAT, DAN] = PLAYERS.map((p) => p.id) as [string, string, string, string];

/** Deck orders: every seat draws 2..8 first, then 9..A. */
export const ORDERED: Rank[][] = PLAYERS.map(() => [...RANKS]);

export function start(arrangement: unknown = { decks: ORDERED, startingSeat: 0 }, options = {}): IcgState {
  const result = engine.setup({ players: PLAYERS, options, seed: 'test-seed', arrangement });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export function act(
  state: IcgState,
  actor: string,
  action: IcgAction,
): { state: IcgState; announce: string[] } {
  const result = engine.apply(state, actor, action);
  if (!result.ok) throw new Error(`${actor} ${JSON.stringify(action)}: ${result.error.code}`);
  checkInvariants(result.value.state);
  return result.value;
}

/** Starting player turns the joker, everyone presses Ready. */
export function negotiate(state: IcgState, mode: 'high' | 'low' = 'high'): IcgState {
  const starter = state.seats[state.startingSeat]?.id ?? '';
  let s = act(state, starter, { type: 'mode', mode }).state;
  for (const p of PLAYERS) s = act(s, p.id, { type: 'ready' }).state;
  return s;
}

/** Declares for every seat in turn order: [claim, card] per seat index. */
export function declareAll(state: IcgState, plays: Record<number, [Rank, Rank]>): IcgState {
  let s = state;
  for (let i = 0; i < 4; i++) {
    const seat = (s.startingSeat + i) % 4;
    const [claim, card] = plays[seat] ?? ['2', '2'];
    s = act(s, s.seats[seat]?.id ?? '', { type: 'declare', claim, card }).state;
  }
  return s;
}

/**
 * No card lost or duplicated: each seat's hand, deck, scored pile and face-down card hold
 * exactly its 13 ranks; hands hold seven (six while a card is face down).
 */
export function invariantErrors(state: IcgState): string[] {
  const errors: string[] = [];
  const sorted = [...RANKS].sort().join(',');
  state.seats.forEach((seat, i) => {
    const faceDown = state.declarations[i]?.card ?? null;
    const all = [...seat.hand, ...seat.deck, ...seat.scored, ...(faceDown ? [faceDown] : [])];
    if ([...all].sort().join(',') !== sorted) errors.push(`seat ${i} holds ${all.join(',')}`);
    if (seat.hand.length + (faceDown ? 1 : 0) !== HAND_SIZE)
      errors.push(`seat ${i} hand ${seat.hand.length}`);
    if (seat.scored.length > 5) errors.push(`seat ${i} scored ${seat.scored.length}`);
  });
  if ((state.phase === 'over') !== (state.outcome !== null)) errors.push(`phase ${state.phase} vs outcome`);
  return errors;
}

export function checkInvariants(state: IcgState): void {
  expect(invariantErrors(state)).toEqual([]);
}
