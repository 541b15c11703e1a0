/**
 * The games Tradecraft serves. Slash commands, `/game start` choices and help are all built
 * from this list, so adding an engine here is all it takes to offer it.
 */
import type { AnyEngine } from './contract.ts';
import { collection } from './collection/index.ts';
import { collectionDeck } from './collection-deck/index.ts';
import { itemCollection } from './item-collection/index.ts';
import { kingpin } from './kingpin/index.ts';
import { storytelling } from './storytelling/index.ts';

export const GAMES: readonly AnyEngine[] = [
  itemCollection,
  collectionDeck,
  collection,
  kingpin,
  storytelling,
];

export function findGame(games: readonly AnyEngine[], id: string): AnyEngine | undefined {
  return games.find((g) => g.id === id);
}
