/**
 * Every action a seat may take now, and slash-command autocomplete built on the same facts.
 * Used by random playouts and by the platform's autocomplete.
 */
import type { Autocomplete, PlayerId } from '../contract.ts';
import { cardLabel, MODES, rankName, RANKS, sortRanks, type Rank } from './cards.ts';
import { declaringSeat } from './rules.ts';
import type { IcgAction } from './schema.ts';
import { seatIndexOf, type IcgState } from './state.ts';

export function legalActions(state: IcgState, player: PlayerId): IcgAction[] {
  const seat = seatIndexOf(state, player);
  const mine = seat === null ? undefined : state.declarations[seat];
  const hand = seat === null ? [] : (state.seats[seat]?.hand ?? []);
  if (seat === null || !mine) return [];
  const starting = seat === state.startingSeat;
  switch (state.phase) {
    case 'negotiation': {
      const actions: IcgAction[] = [];
      if (starting && !state.modeChosen)
        actions.push(...MODES.map((mode) => ({ type: 'mode' as const, mode })));
      if (!state.ready[seat] && (!starting || state.modeChosen)) actions.push({ type: 'ready' });
      return actions;
    }
    case 'declaration': {
      if (declaringSeat(state) !== seat) return [];
      const claims: IcgAction[] = mine.claim === null ? RANKS.map((rank) => ({ type: 'claim', rank })) : [];
      const places: IcgAction[] = mine.card === null ? hand.map((card) => ({ type: 'place', card })) : [];
      const both: IcgAction[] =
        mine.claim === null && mine.card === null
          ? hand.flatMap((card) => RANKS.map((claim) => ({ type: 'declare' as const, claim, card })))
          : [];
      return [...claims, ...places, ...both];
    }
    case 'swap':
      return starting ? [{ type: 'keep' }, ...hand.map((card) => ({ type: 'swap' as const, card }))] : [];
    case 'over':
      return [];
  }
}

const matches = (rank: Rank, typed: string): boolean => {
  const t = typed.trim().toLowerCase();
  return t === '' || rank.toLowerCase().startsWith(t) || rankName(rank).toLowerCase().startsWith(t);
};

export function autocomplete(
  state: IcgState,
  player: PlayerId,
  actionType: string,
  field: string,
  typed: string,
): Autocomplete[] {
  const seat = seatIndexOf(state, player);
  // Only a seat's own hand may be offered; anyone else gets nothing (never another seat's hand).
  if (seat === null) return [];
  const hand = sortRanks(state.seats[seat]?.hand ?? []);
  const rankChoice = (rank: Rank, note: string): Autocomplete => ({
    name: `${cardLabel(rank, seat)} (${rankName(rank)})${note}`,
    value: rank,
  });
  if (field === 'mode')
    return MODES.filter((m) => m.startsWith(typed.trim().toLowerCase())).map((m) => ({
      name: m === 'high' ? 'High (black joker)' : 'Low (red joker)',
      value: m,
    }));
  const isClaim =
    (actionType === 'claim' && field === 'rank') || (actionType === 'declare' && field === 'claim');
  if (isClaim) {
    // Cards in hand first (a true claim is possible), then every other rank (a bluff).
    const rest = RANKS.filter((r) => !hand.includes(r));
    return [...hand.map((r) => rankChoice(r, ' in hand')), ...rest.map((r) => rankChoice(r, ''))]
      .filter((c) => matches(c.value as Rank, typed))
      .slice(0, 25);
  }
  if (field === 'card') return hand.filter((r) => matches(r, typed)).map((r) => rankChoice(r, ''));
  return [];
}
