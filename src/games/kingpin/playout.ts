/**
 * Whole games between computer teams, for the benchmark and the invariant tests. Every move
 * comes from computerAction (so it is legal) and goes through the contract.
 */
import type { Seat } from '../contract.ts';
import type { KingpinEngine } from './engine.ts';
import type { KpAction, KpState } from './types.ts';

export interface PlayoutConfig {
  seed: string;
  cartel?: string;
  hunters?: string;
  /** Called after every applied action with what was applied and announced. */
  onStep?: (state: KpState, action: KpAction, announce: string[]) => void;
  maxSteps?: number;
}

export interface PlayoutResult {
  steps: number;
  state: KpState;
}

export const PLAYOUT_SEATS = (cartel = 'methodical', hunters = 'methodical'): Seat[] => [
  { id: 'cpu:1', name: 'Cartel', computer: cartel },
  { id: 'cpu:2', name: 'Hunters', computer: hunters },
];

export function playout(engine: KingpinEngine, config: PlayoutConfig): PlayoutResult {
  const setup = engine.setup({
    players: PLAYOUT_SEATS(config.cartel, config.hunters),
    seed: config.seed,
    options: { host: 'cartel' },
  });
  if (!setup.ok) throw new Error(`setup failed: ${setup.error.message}`);
  let state = setup.value;
  const maxSteps = config.maxSteps ?? 5_000;
  let steps = 0;
  while (!engine.outcome(state)) {
    if (++steps > maxSteps) throw new Error(`playout ${config.seed} did not end in ${maxSteps} steps`);
    const actor = engine.activePlayers(state)[0];
    const action = actor === undefined ? null : engine.computerAction(state, actor);
    if (!action || actor === undefined) throw new Error(`playout ${config.seed} is stuck: nobody can act`);
    const applied = engine.apply(state, actor, action);
    if (!applied.ok)
      throw new Error(
        `playout ${config.seed}: ${actor} ${JSON.stringify(action)} → ${applied.error.message}`,
      );
    state = applied.value.state;
    config.onStep?.(state, action, applied.value.announce);
  }
  return { steps, state };
}
