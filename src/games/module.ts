/**
 * A game module: everything Tradecraft registers for one game. The registry (index.ts) keeps one
 * list of them and derives the engines, rule references, tutorials and glossary use from it;
 * `gapsOf` says, one sentence per missing piece, what a module still lacks.
 */
import type { AnyEngine } from './contract.ts';
import { GLOSSARY } from './glossary/index.ts';
import type { GameRuleRefs } from './rule-refs.ts';
import type { Tutorial } from './tutorial/index.ts';

export interface GameModule {
  /** The engine, from `defineGame` (src/games/<id>/). */
  engine: AnyEngine;
  /** What each refusal cites and advises (src/games/<id>/rule-refs.ts). */
  ruleRefs?: GameRuleRefs;
  /**
   * The guided first games of `/game tutorial` (src/games/tutorial/<id>.ts): one, or one per
   * side the newcomer may play (each naming its side); the first is dealt when no side is named.
   */
  tutorials?: readonly Tutorial[];
}

const ID = /^[a-z][a-z0-9-]{1,31}$/;

/** What `module` lacks before the platform can offer the game in full; [] when nothing. */
export function gapsOf({ engine, ruleRefs, tutorials = [] }: GameModule): string[] {
  const gaps: string[] = [];
  const lacks = (what: string, why: string): void => {
    gaps.push(`${engine.id} lacks ${what}: ${why}`);
  };
  if (!ID.test(engine.id))
    lacks('a valid id', 'it names the slash command, so 2-32 lowercase letters, digits or hyphens');
  if (engine.name.trim() === '') lacks('a name', 'menus and boards show it');
  if (!(engine.minPlayers >= 1 && engine.minPlayers <= engine.maxPlayers))
    lacks('a player range', 'minPlayers must be at least 1 and at most maxPlayers');
  if (engine.rulesSummary.trim() === '' || engine.rulesSummary.length > 4000)
    lacks('a rules summary', '`/game help` shows it (Markdown, at most 4000 characters)');
  if (!engine.optionsSchema.safeParse({}).success)
    lacks('default options', '`/game start` without options must work, so give every option a default');
  const types = engine.actionSchema.options.map((o) => o.shape.type.value);
  for (const type of engine.slashActions)
    if (!types.includes(type))
      lacks(`"${type}" in its action schema`, 'every slash action is a z.object of the action union');
  if (!engine.legalActions)
    lacks(
      'legalActions(state, player)',
      'autocomplete, the random computer player and the checks of its buttons are derived from it',
    );
  if (engine.computerStrategies.length === 0)
    lacks(
      'a computer player',
      'the lobby offers none and a player who leaves cannot be replaced (legalActions brings a random one)',
    );
  if (!engine.roundOf)
    lacks(
      'roundOf(state)',
      'a table of computers only plays one round at a time, a pause apart, so people can follow it',
    );
  for (const id of engine.glossary ?? [])
    if (!GLOSSARY.some((e) => e.id === id))
      lacks(`the glossary entry "${id}"`, 'add it to src/games/glossary/entries.ts or drop it');
  if (!ruleRefs)
    lacks('rule references', 'each refusal cites its rule and says what to do instead (rule-refs.ts)');
  if (tutorials.length === 0) lacks('a tutorial', '`/game tutorial` walks a newcomer through a first game');
  for (const t of tutorials)
    if (t.game !== engine.id) lacks('its own tutorial', `the tutorial given is ${t.game}'s`);
  const sides = tutorials.map((t) => t.side?.id);
  if (tutorials.length > 1 && (sides.includes(undefined) || new Set(sides).size !== sides.length))
    lacks('a side for each tutorial', '`/game tutorial … side:` tells them apart, so each names its own');
  return gaps;
}
