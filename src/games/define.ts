/**
 * `defineGame`: a game's definition (what only the game knows) with every member the platform
 * needs filled, the way boardgame.io's ProcessGameConfig fills a Game. The defaults are derived
 * from `waits` (who must act) and `legalActions` (autocomplete, a random computer player).
 */
import type { Autocomplete, GameDefinition, GameEngine, PlayerId, Wait } from './contract.ts';
import { nextInt, seedRng } from './rng.ts';

/** The computer player every game with `legalActions` gets unless it names its own. */
export const RANDOM_STRATEGY = {
  id: 'random',
  name: 'Random',
  description: 'Plays a legal move chosen at random',
} as const;

/** The players a list of waits names, each once, in order: who the board mentions. */
export function waitingPlayers(waits: readonly Wait<unknown>[]): PlayerId[] {
  return [...new Set(waits.map((w) => w.player))];
}

/**
 * One of `legal` chosen at random. The generator is seeded from the seat and the whole state
 * (which holds the game's own seeded generator), so the choice is pure: the same position
 * always gives the same move, and a different position a fresh draw.
 */
export function randomLegal<A>(legal: readonly A[], state: unknown, player: PlayerId): A | null {
  if (legal.length === 0) return null;
  const rng = seedRng(`${player}|${JSON.stringify(state)}`);
  return legal[nextInt(rng, legal.length)] ?? null;
}

/** The value of one field of an action, when it is a string (what a slash option chooses). */
export function fieldValue(action: object, field: string): string | undefined {
  const value = (action as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Autocomplete from legal actions: the distinct values of `field` among the actions of
 * `actionType`, named by `name`, kept when the name or value contains what was typed; at most 25.
 */
export function legalChoices<A extends { type: string }>(
  legal: readonly A[],
  name: (action: A, value: string) => string,
  actionType: string,
  field: string,
  typed: string,
): Autocomplete[] {
  const needle = typed.toLowerCase();
  const seen = new Set<string>();
  const out: Autocomplete[] = [];
  for (const action of legal) {
    if (action.type !== actionType) continue;
    const value = fieldValue(action, field);
    if (value === undefined || seen.has(value)) continue;
    const shown = name(action, value);
    if (needle && !shown.toLowerCase().includes(needle) && !value.toLowerCase().includes(needle)) continue;
    seen.add(value);
    out.push({ name: shown.slice(0, 100), value });
  }
  return out.slice(0, 25);
}

/** The engine the platform drives: `game` with every default filled; what the game wrote wins. */
export function defineGame<S, A extends { type: string }, O, V>(
  game: GameDefinition<S, A, O, V>,
): GameEngine<S, A, O, V> {
  const legal = (state: S, player: PlayerId): A[] => game.legalActions?.(state, player) ?? [];
  return {
    slashActions: [],
    computerStrategies: game.legalActions ? [RANDOM_STRATEGY] : [],
    activePlayers: (state) => waitingPlayers(game.waits(state)),
    timer: () => null,
    computerAction: (state, player) => randomLegal(legal(state, player), state, player),
    autocomplete: (state, player, actionType, field, typed) =>
      legalChoices(
        legal(state, player),
        (action, value) => game.label?.(state, action, value) ?? value,
        actionType,
        field,
        typed,
      ),
    ...game,
  };
}
