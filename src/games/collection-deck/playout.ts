/**
 * Whole games played by computer seats, for the benchmark and the invariant tests.
 * Every move comes from computerAction (so it is legal) and is applied through the contract.
 */
import { SYSTEM_ACTOR } from '../contract.ts';
import type { Seat } from '../contract.ts';
import { nextInt, seedRng } from '../rng.ts';
import { LEVELS, type Level } from './computer.ts';
import type { CollectionDeckEngine } from './engine.ts';
import { collectionDeck } from './index.ts';
import type { CdAction, CdOptions, CdState, Edition } from './types.ts';

export interface PlayoutConfig {
  seed: string;
  edition: Edition;
  /** Defaults to 2-8 seats chosen from the seed. */
  seats?: number;
  /** Computer level of each seat (its length is the seat count); default: levels drawn from the seed. */
  levels?: readonly Level[];
  /** The levels a seat's is drawn from when `levels` is not given (default: all of them). */
  levelPool?: readonly Level[];
  options?: Partial<CdOptions>;
  /** Called after every applied action (tests check invariants here). */
  onStep?: (state: CdState) => void;
  /** Called before each computer move is applied, with the state it was chosen in. */
  onAction?: (state: CdState, actor: string, action: CdAction) => void;
  maxSteps?: number;
}

export interface PlayoutResult {
  turns: number;
  rounds: number;
  steps: number;
  state: CdState;
}

export function playout(engine: CollectionDeckEngine, config: PlayoutConfig): PlayoutResult {
  const rng = seedRng(`playout:${config.seed}`);
  const pool = config.levelPool ?? LEVELS;
  const count = config.levels?.length ?? config.seats ?? 2 + nextInt(rng, 7);
  const players: Seat[] = Array.from({ length: count }, (_, i) => ({
    id: `cpu:${i}`,
    name: `Agent ${i + 1}`,
    computer: config.levels?.[i] ?? pool[nextInt(rng, pool.length)],
  }));
  const setup = engine.setup({
    players,
    seed: config.seed,
    options: { edition: config.edition, window: 120, hardcore: false, rounds: 30, ...config.options },
  });
  if (!setup.ok) throw new Error(`setup failed: ${setup.error.message}`);
  let state = setup.value;
  const maxSteps = config.maxSteps ?? 100_000;
  let steps = 0;
  while (!engine.outcome(state)) {
    if (++steps > maxSteps) throw new Error(`playout ${config.seed} did not end in ${maxSteps} steps`);
    const active = engine.activePlayers(state);
    const actor = active[nextInt(rng, Math.max(1, active.length))];
    const action = actor === undefined ? null : engine.computerAction(state, actor);
    const [who, what] =
      action && actor !== undefined ? [actor, action] : [SYSTEM_ACTOR, engine.timer(state)?.action];
    if (!what) throw new Error(`playout ${config.seed} is stuck: nobody can act`);
    if (action && actor !== undefined) config.onAction?.(state, actor, action);
    const applied = engine.apply(state, who, what);
    if (!applied.ok)
      throw new Error(`playout ${config.seed}: ${who} ${JSON.stringify(what)} → ${applied.error.message}`);
    state = applied.value.state;
    config.onStep?.(state);
  }
  return { turns: state.stats.turns, rounds: state.round, steps, state };
}

/** One seeded game between computer seats with the real card set; for the benchmark. */
export function randomPlayout(
  seed: string,
  edition: Edition,
  levelPool: readonly Level[] = LEVELS,
): { turns: number; steps: number } {
  const r = playout(collectionDeck, { seed, edition, levelPool });
  return { turns: r.turns, steps: r.steps };
}
