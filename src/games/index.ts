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
import type { Tutorial } from './tutorial/index.ts';
import { collectionTutorial } from './tutorial/collection.ts';
import { collectionDeckTutorial } from './tutorial/collection-deck.ts';
import { itemCollectionTutorial } from './tutorial/item-collection.ts';
import { kingpinTutorial } from './tutorial/kingpin.ts';
import { storytellingTutorial } from './tutorial/storytelling.ts';

/** The games, in the order menus list them; each source folder is src/games/<engine id>. */
export const MODULES: readonly GameModule[] = [
  { engine: itemCollection, ruleRefs: itemCollectionRuleRefs, tutorial: itemCollectionTutorial },
  { engine: collectionDeck, ruleRefs: collectionDeckRuleRefs, tutorial: collectionDeckTutorial },
  { engine: collection, ruleRefs: collectionRuleRefs, tutorial: collectionTutorial },
  { engine: kingpin, ruleRefs: kingpinRuleRefs, tutorial: kingpinTutorial },
  { engine: storytelling, ruleRefs: storytellingRuleRefs, tutorial: storytellingTutorial },
];

export const RULE_REFS: Readonly<Record<string, GameRuleRefs>> = Object.fromEntries(
  MODULES.flatMap((m) => (m.ruleRefs ? [[m.engine.id, m.ruleRefs]] : [])),
);

export const GAMES: readonly AnyEngine[] = MODULES.map((m) =>
  m.ruleRefs ? withRuleRefs(m.engine, m.ruleRefs) : m.engine,
);

export const TUTORIALS: readonly Tutorial[] = MODULES.flatMap((m) => (m.tutorial ? [m.tutorial] : []));

export function findGame(games: readonly AnyEngine[], id: string): AnyEngine | undefined {
  return games.find((g) => g.id === id);
}

export function findTutorial(game: string): Tutorial | undefined {
  return TUTORIALS.find((t) => t.game === game);
}
