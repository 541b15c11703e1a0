/**
 * The games Tradecraft serves. Slash commands, `/game start` choices and help are all built
 * from this list, so adding an engine here is all it takes to offer it. Each engine comes with
 * its rule references (src/games/<game>/rule-refs.ts), attached to every refusal it returns.
 */
import type { AnyEngine } from './contract.ts';
import { collection } from './collection/index.ts';
import { collectionRuleRefs } from './collection/rule-refs.ts';
import { collectionDeck } from './collection-deck/index.ts';
import { collectionDeckRuleRefs } from './collection-deck/rule-refs.ts';
import { itemCollection } from './item-collection/index.ts';
import { itemCollectionRuleRefs } from './item-collection/rule-refs.ts';
import { kingpin } from './kingpin/index.ts';
import { kingpinRuleRefs } from './kingpin/rule-refs.ts';
import { storytelling } from './storytelling/index.ts';
import { storytellingRuleRefs } from './storytelling/rule-refs.ts';
import type { GameRuleRefs } from './rule-refs.ts';
import { withRuleRefs } from './rule-refs.ts';

/** Each engine with its rule references; the source folder is src/games/<engine id>. */
const TAUGHT: readonly (readonly [AnyEngine, GameRuleRefs])[] = [
  [itemCollection, itemCollectionRuleRefs],
  [collectionDeck, collectionDeckRuleRefs],
  [collection, collectionRuleRefs],
  [kingpin, kingpinRuleRefs],
  [storytelling, storytellingRuleRefs],
];

export const RULE_REFS: Readonly<Record<string, GameRuleRefs>> = Object.fromEntries(
  TAUGHT.map(([engine, refs]) => [engine.id, refs]),
);

export const GAMES: readonly AnyEngine[] = TAUGHT.map(([engine, refs]) => withRuleRefs(engine, refs));

export function findGame(games: readonly AnyEngine[], id: string): AnyEngine | undefined {
  return games.find((g) => g.id === id);
}
