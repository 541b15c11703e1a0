/**
 * The games Tradecraft serves: one list of game modules (module.ts). Slash commands, `/game
 * start` choices, help, rule references, tutorials and the glossary's games are all derived from
 * it, so registering a game is one entry here; test/games/contract.test.ts says what an entry
 * still lacks. Each engine is registered with its rule references attached to every refusal.
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
import type { GameModule } from './module.ts';
import type { GameRuleRefs } from './rule-refs.ts';
import { withRuleRefs } from './rule-refs.ts';
import { storytelling } from './storytelling/index.ts';
import { storytellingRuleRefs } from './storytelling/rule-refs.ts';
import { findTutorialIn, type Tutorial } from './tutorial/index.ts';
import { collectionTutorial } from './tutorial/collection.ts';
import { collectionDeckTutorial } from './tutorial/collection-deck.ts';
import { itemCollectionTutorial } from './tutorial/item-collection.ts';
import { kingpinHuntersTutorial, kingpinTutorial } from './tutorial/kingpin.ts';
import { storytellingTutorial } from './tutorial/storytelling.ts';

/** The games, in the order menus list them; each source folder is src/games/<engine id>. */
export const MODULES: readonly GameModule[] = [
  { engine: itemCollection, ruleRefs: itemCollectionRuleRefs, tutorials: [itemCollectionTutorial] },
  { engine: collectionDeck, ruleRefs: collectionDeckRuleRefs, tutorials: [collectionDeckTutorial] },
  { engine: collection, ruleRefs: collectionRuleRefs, tutorials: [collectionTutorial] },
  {
    engine: kingpin,
    ruleRefs: kingpinRuleRefs,
    tutorials: [kingpinTutorial, kingpinHuntersTutorial],
  },
  { engine: storytelling, ruleRefs: storytellingRuleRefs, tutorials: [storytellingTutorial] },
];

export const RULE_REFS: Readonly<Record<string, GameRuleRefs>> = Object.fromEntries(
  MODULES.flatMap((m) => (m.ruleRefs ? [[m.engine.id, m.ruleRefs]] : [])),
);

export const GAMES: readonly AnyEngine[] = MODULES.map((m) =>
  m.ruleRefs ? withRuleRefs(m.engine, m.ruleRefs) : m.engine,
);

/** Every tutorial; a game's first is the one `/game tutorial` deals when no side is named. */
export const TUTORIALS: readonly Tutorial[] = MODULES.flatMap((m) => m.tutorials ?? []);

export function findGame(games: readonly AnyEngine[], id: string): AnyEngine | undefined {
  return games.find((g) => g.id === id);
}

/** A tutorial by its id (`kingpin:hunters`); a bare game id finds the game's first. */
export function findTutorial(id: string): Tutorial | undefined {
  return findTutorialIn(TUTORIALS, id);
}
