/**
 * Whole games played by computer analysts, for the benchmark, the balance table and the
 * invariant tests. Every move comes from computerMove and goes through applyAction.
 */
import { applyAction } from './apply.ts';
import { computerMove } from './computer.ts';
import { setupState } from './setup.ts';
import type { ColAction, ColState } from './types.ts';

export interface PlayoutConfig {
  seed: string;
  players: number;
  /** Strategy of every seat, or one per seat. */
  strategy: string | string[];
  onStep?: (state: ColState) => void;
  /** Called with each move before it is applied, and the state it was chosen in. */
  onMove?: (before: ColState, actor: string, action: ColAction) => void;
  maxSteps?: number;
}

export interface PlayoutResult {
  state: ColState;
  steps: number;
  victory: boolean;
}

export function playout(config: PlayoutConfig): PlayoutResult {
  const players = Array.from({ length: config.players }, (_, i) => ({
    id: `cpu:${i}`,
    name: `Analyst ${i + 1}`,
    computer: typeof config.strategy === 'string' ? config.strategy : (config.strategy[i] ?? 'analyst'),
  }));
  const setup = setupState({ players, options: {}, seed: config.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  const max = config.maxSteps ?? 20_000;
  let steps = 0;
  while (!state.outcome) {
    if (++steps > max) throw new Error(`playout ${config.seed} did not end in ${max} steps`);
    const st = state.stage;
    if (st.kind === 'over') throw new Error('over without an outcome');
    const actor = state.seats[st.seat]?.id ?? '';
    const action = computerMove(state, actor);
    if (!action) throw new Error(`playout ${config.seed}: ${actor} has no move`);
    config.onMove?.(state, actor, action);
    const r = applyAction(state, actor, action);
    if (!r.ok)
      throw new Error(`playout ${config.seed}: ${actor} ${JSON.stringify(action)} → ${r.error.message}`);
    state = r.value.state;
    config.onStep?.(state);
  }
  // The loop ends only with an outcome.
  return { state, steps, victory: (state.outcome as ColState['outcome'])?.victory === true };
}
