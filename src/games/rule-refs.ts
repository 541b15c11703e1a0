/**
 * Refusals that teach (issue #18). Each game keeps a data module (`src/games/<game>/rule-refs.ts`)
 * mapping every error code its engine can return to the rulebook section that refuses the move,
 * our ruling where we made one, and what the player can do instead. `withRuleRefs` wraps an
 * engine where it is registered (src/games/index.ts) so every rule error leaving `setup`,
 * `apply` or `join` carries `reference` and `instead` as data, without touching the engine.
 */
import type { AnyEngine, Result, RuleError, RuleReference, Seat } from './contract.ts';

export interface RuleRef {
  /** The section heading as the rulebook prints it, e.g. "Self-Defeatist Rule". */
  section: string;
  /** Our ruling id from docs/rules/<game>.md, e.g. "R12", when we made one. */
  ruling?: string;
  /** One sentence: what the player can do instead. */
  instead: string;
}

export interface GameRuleRefs {
  /** The rulebook's title, as the seeds README names it. */
  book: string;
  /** The game id our rulings are filed under (docs/rules/<id>.md). */
  rulings: string;
  /** Every error code the engine returns. A test scans the engine's source to keep this complete. */
  codes: Readonly<Record<string, RuleRef>>;
  /**
   * Games printed in more than one rulebook (Collection Deck's two editions): `editionOf` reads the
   * state (or the options, at setup) and `editions` names that edition's book and any section whose
   * heading differs there.
   */
  editionOf?: (stateOrOptions: unknown) => string | undefined;
  editions?: Readonly<Record<string, { book: string; sections?: Readonly<Record<string, string>> }>>;
}

/** Codes the shared helpers return for any game (src/games/waits.ts). */
export const SHARED_CODES: Readonly<Record<string, RuleRef>> = {
  'no-such-wait': {
    section: 'Decisions and their defaults (docs/architecture.md, the game contract)',
    instead: 'Look at the board again: the decision has already been made; act on the one it shows now.',
  },
  'wait-does-not-end': {
    section: 'Decisions and their defaults (docs/architecture.md, the game contract)',
    instead: 'Make the decision yourself from the board, or ask the host to end the game.',
  },
};

/** The reference and advice for one code, or null when the game has no entry for it. */
export function explain(
  refs: GameRuleRefs,
  code: string,
  stateOrOptions?: unknown,
): { reference: RuleReference; instead: string } | null {
  const entry = refs.codes[code] ?? SHARED_CODES[code];
  if (!entry) return null;
  const editionId = stateOrOptions === undefined ? undefined : refs.editionOf?.(stateOrOptions);
  const edition = editionId === undefined ? undefined : refs.editions?.[editionId];
  const reference: RuleReference = {
    book: edition?.book ?? refs.book,
    section: edition?.sections?.[code] ?? entry.section,
    ...(entry.ruling ? { ruling: `${refs.rulings} ${entry.ruling}` } : {}),
  };
  return { reference, instead: entry.instead };
}

/** Adds the reference to a refused result; an engine's own reference or advice is kept. */
export function teach<T>(refs: GameRuleRefs, result: Result<T>, stateOrOptions?: unknown): Result<T> {
  if (result.ok) return result;
  const found = explain(refs, result.error.code, stateOrOptions);
  if (!found) return result;
  const error: RuleError = {
    ...result.error,
    reference: result.error.reference ?? found.reference,
    instead: result.error.instead ?? found.instead,
  };
  return { ok: false, error };
}

/** The engine with every refusal of setup, apply and join carrying its rule reference. */
export function withRuleRefs<E extends AnyEngine>(engine: E, refs: GameRuleRefs): E {
  const join = engine.join?.bind(engine);
  return {
    ...engine,
    setup: (args) => teach(refs, engine.setup(args), args.options),
    apply: (state, actor, action) => teach(refs, engine.apply(state, actor, action), state),
    ...(join ? { join: (state: unknown, seat: Seat) => teach(refs, join(state, seat), state) } : {}),
  };
}

/** The line a player reads: "Collection Deck (CIA, v4.3) — Self-Defeatist Rule; our ruling collection-deck R12". */
export function citeRule(reference: RuleReference): string {
  const ruling = reference.ruling
    ? `; our ruling ${reference.ruling} (read it: /game rules ruling:${reference.ruling})`
    : '';
  return `${reference.book}: ${reference.section}${ruling}`;
}
