/**
 * Every state of a seeded game played to its end by each seat's computer strategy (and the
 * phase timer when nobody can move). Pure; tests and benchmarks walk games with it.
 */
import type { AnyEngine, Seat } from './contract.ts';
import { SYSTEM_ACTOR } from './contract.ts';

export interface PlaythroughOptions {
  seed: string;
  /** Engine options before parsing; `{}` takes every default. */
  options?: Record<string, unknown>;
  facilitator?: string;
  /** A bug must not spin forever. */
  maxSteps?: number;
}

export function* playthrough(engine: AnyEngine, seats: Seat[], opts: PlaythroughOptions): Generator<unknown> {
  const setup = engine.setup({
    players: seats,
    options: engine.optionsSchema.parse(opts.options ?? {}),
    seed: opts.seed,
    ...(opts.facilitator !== undefined ? { facilitator: opts.facilitator } : {}),
  });
  if (!setup.ok) throw new Error(`${engine.id}: ${setup.error.message}`);
  let state: unknown = setup.value;
  const max = opts.maxSteps ?? 5000;
  for (let step = 0; step < max && !engine.outcome(state); step++) {
    yield state;
    const actor = engine.activePlayers(state).find((p: string) => engine.computerAction(state, p) !== null);
    const action = actor ? engine.computerAction(state, actor) : engine.timer(state)?.action;
    if (!action) throw new Error(`${engine.id}: nobody can move at step ${step}`);
    const result = engine.apply(state, actor ?? SYSTEM_ACTOR, action);
    if (!result.ok) throw new Error(`${engine.id}: ${result.error.code} ${result.error.message}`);
    state = result.value.state;
  }
  yield state;
}

/** Seats for a generic table: `count` people with Discord-like ids. */
export const tableOf = (count: number): Seat[] =>
  Array.from({ length: count }, (_, i) => ({ id: `80000000000000000${i}`, name: `P${i + 1}` }));
