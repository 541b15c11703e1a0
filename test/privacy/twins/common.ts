/** Shared by the twin builders: seeded tables and computer play up to the moment twins are made. */
import type { AnyEngine, PlayerId, Seat } from '../../../src/games/contract.ts';
import { SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { GAMES } from '../../../src/games/index.ts';
import { nextInt, type RngState } from '../../../src/games/rng.ts';
import type { Twins } from '../secrecy.ts';

export function engineOf(id: string): AnyEngine {
  const e = GAMES.find((g) => g.id === id);
  if (!e) throw new Error(`${id} is not registered`);
  return e;
}

/** `count` seats with Discord-like ids; each plays `strategies[i]` as a computer. */
export const seatsOf = (count: number, strategies: readonly string[]): Seat[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `60000000000000000${i}`,
    name: `P${i + 1}`,
    computer: strategies[i % strategies.length] as string,
  }));

export function setUp<S>(
  engine: AnyEngine,
  seats: Seat[],
  seed: string,
  options: Record<string, unknown> = {},
): S {
  const r = engine.setup({ players: seats, options: engine.optionsSchema.parse(options), seed });
  if (!r.ok) throw new Error(`${engine.id}: ${r.error.message}`);
  return r.value as S;
}

/** Plays up to `steps` computer moves (the phase timer when no computer moves); stops at the end. */
export function playFor<S>(engine: AnyEngine, state: S, steps: number, rng: RngState): S {
  let s = state;
  for (let i = 0; i < steps && !engine.outcome(s); i++) {
    const active = engine.activePlayers(s);
    const start = active.length > 0 ? nextInt(rng, active.length) : 0;
    const order = [...active.slice(start), ...active.slice(0, start)];
    const actor = order.find((p) => engine.computerAction(s, p) !== null);
    const action = actor ? engine.computerAction(s, actor) : engine.timer(s)?.action;
    if (!action) {
      const w = engine.waits(s)[0];
      if (!w) break;
      const r = engine.apply(s, w.player, w.default);
      if (!r.ok) break;
      s = r.value.state as S;
      continue;
    }
    const r = engine.apply(s, actor ?? SYSTEM_ACTOR, action);
    if (!r.ok) throw new Error(`${engine.id}: ${r.error.code} ${r.error.message}`);
    s = r.value.state as S;
  }
  return s;
}

export const pickOf = <T>(rng: RngState, xs: readonly T[]): T | undefined => xs[nextInt(rng, xs.length)];

/** Two distinct indices below n (n ≥ 2). */
export function twoOf(rng: RngState, n: number): [number, number] {
  const i = nextInt(rng, n);
  return [i, (i + 1 + nextInt(rng, n - 1)) % n];
}

/** Seats played by people: the observers get the hint a newcomer would, never a computer's move. */
export function people<S extends { seats: { id: string; computer?: string | null }[] }>(
  s: S,
  ids: readonly PlayerId[],
  none: undefined | null,
): S {
  return {
    ...s,
    seats: s.seats.map((seat) => {
      if (!ids.includes(seat.id)) return seat;
      const { computer: _c, ...rest } = seat;
      return none === null ? { ...rest, computer: null } : rest;
    }),
  };
}

/** Builds twins: tries changes until one keeps what the observers know (`facts`) the same. */
export function firstTwin<S>(
  a: S,
  rng: RngState,
  changes: readonly ((s: S, rng: RngState) => { s: S; change: string } | null)[],
  same: (b: S) => boolean,
): { b: S; change: string } | null {
  for (let tries = 0; tries < 12; tries++) {
    const made = pickOf(rng, changes)?.(a, rng);
    if (made && same(made.s)) return { b: made.s, change: made.change };
  }
  return null;
}

/** A change that makes B from A, told which seat observes (it must keep that seat's view). */
export type SeatChange<S> = (s: S, rng: RngState, observer: number) => { s: S; change: string } | null;

/**
 * Twins at a table of one seat a player: the observer's seat sees, every other seat is secret,
 * and B is the first change that keeps what the observer knows (`facts`) the same.
 */
export function seatTwins<S>(
  a: S,
  seats: readonly Seat[],
  observer: number,
  rng: RngState,
  changes: readonly SeatChange<S>[],
  facts: (s: S, t: Twins<S>) => unknown,
): Twins<S> | null {
  const t0 = {
    a,
    observers: [seats[observer]!.id],
    secret: seats.filter((_, i) => i !== observer).map((x) => x.id),
  };
  const made = firstTwin(
    a,
    rng,
    changes.map((f) => (s: S, r: RngState) => f(s, r, observer)),
    (b) =>
      JSON.stringify(facts(a, { ...t0, b, change: '' })) ===
      JSON.stringify(facts(b, { ...t0, b, change: '' })),
  );
  return made ? { ...t0, ...made } : null;
}
