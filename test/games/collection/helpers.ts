import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Applied, Result } from '../../../src/games/contract.ts';
import { computerDecision } from '../../../src/games/collection/computer.ts';
import { collection } from '../../../src/games/collection/index.ts';
import type { Arrangement } from '../../../src/games/collection/setup.ts';
import type { ColAction, ColState, RoleId } from '../../../src/games/collection/types.ts';

export const ROLES_BY_COUNT: Record<number, RoleId[]> = {
  3: ['political', 'military', 'economic'],
  4: ['political', 'military', 'economic', 'collection'],
  5: ['political', 'military', 'economic', 'collection', 'targeting'],
  6: ['political', 'military', 'economic', 'collection', 'leadership', 'stw'],
  7: ['political', 'military', 'economic', 'collection', 'leadership', 'stw', 'targeting'],
};

export function table(roles: RoleId[], arrangement: Arrangement = {}, seed = 't'): ColState {
  const players = roles.map((_, i) => ({ id: `p${i}`, name: `P${i}` }));
  const r = collection.setup({ players, options: {}, seed, arrangement: { roles, ...arrangement } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function apply(state: ColState, actor: string, action: ColAction): Applied<ColState> {
  const r = collection.apply(state, actor, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function refused(r: Result<unknown>): { code: string; message: string; rule: string } {
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('accepted');
  return r.error as { code: string; message: string; rule: string };
}

/** A deck that draws only harmless blue cards (Overtime) first, so tests control the board. */
export const QUIET_DECK = ['K23.1', 'K23.2', 'K24.1', 'K24.2', 'K25.1', 'K25.2'];

/** Applies a move that must be legal, naming it if it is not; the new state. */
export function step(state: ColState, actor: string, action: ColAction): ColState {
  const r = collection.apply(state, actor, action);
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)}: ${r.error.message}`);
  return r.value.state;
}

/**
 * A position from a tournament game, replayed from its recorded seed and moves (a fixture in
 * ./fixtures, every seat a Senior Analyst as in the tournament).
 */
export function replayed(fixture: string): ColState {
  const recorded = JSON.parse(readFileSync(new URL(`./fixtures/${fixture}`, import.meta.url), 'utf8')) as {
    seed: string;
    players: number;
    moves: [string, ColAction][];
  };
  const players = Array.from({ length: recorded.players }, (_, i) => ({
    id: `cpu:${i}`,
    name: `Analyst ${i + 1}`,
  }));
  const r = collection.setup({ players, options: {}, seed: recorded.seed });
  if (!r.ok) throw new Error(r.error.message);
  let s: ColState = { ...r.value, seats: r.value.seats.map((x) => ({ ...x, computer: 'senior' })) };
  for (const [actor, action] of recorded.moves) s = step(s, actor, action);
  return s;
}

/**
 * Plays `state` on with every seat's computer (Senior Analysts in the tournament fixtures) until
 * turn `until` starts or the game ends; `watch` sees each state after a move.
 */
export function playedOn(state: ColState, until = Infinity, watch?: (s: ColState) => void): ColState {
  let s = state;
  while (!s.outcome && s.turn < until) {
    const st = s.stage;
    if (st.kind === 'over') break;
    const actor = s.seats[st.seat]?.id ?? '';
    const d = computerDecision(s, actor);
    if (!d) throw new Error('no move');
    s = step(s, actor, d.action);
    watch?.(s);
  }
  return s;
}
