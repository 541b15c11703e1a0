/**
 * The contract's promise behind issue #10: no game waits forever. Every game in the registry
 * is played with silent seats, whose decisions are settled by their defaults exactly as the
 * platform settles a decision whose deadline passed (runOutWait).
 */
import { describe, expect, it } from 'vitest';
import {
  FACILITATOR_ACTOR,
  type AnyAction,
  type AnyEngine,
  type Seat,
  type Wait,
} from '../../src/games/contract.ts';
import { GAMES } from '../../src/games/index.ts';
import { nextInt, seedRng } from '../../src/games/rng.ts';
import { runOutWait } from '../../src/games/waits.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';

/** No game in the registry needs more decisions than this, even with every seat silent. */
const STEP_BOUND = 5_000;

interface Variant {
  name: string;
  options: Record<string, unknown>;
  facilitator?: boolean;
}

/** Options worth covering per game (phases that only some options open); others run with defaults. */
const VARIANTS: Record<string, Variant[]> = {
  'collection-deck': [
    { name: 'cia', options: { edition: 'cia' } },
    { name: 'collect-it-all', options: { edition: 'collect-it-all' } },
    { name: 'hardcore with a facilitator', options: { hardcore: true }, facilitator: true },
    { name: 'hardcore, the table votes', options: { edition: 'collect-it-all', hardcore: true } },
  ],
};
const variantsOf = (engine: AnyEngine): Variant[] =>
  VARIANTS[engine.id] ?? [{ name: 'defaults', options: {} }];

const SEEDS = ['w1', 'w2', 'w3', 'w4', 'w5'];

interface Table {
  state: unknown;
  seats: Seat[];
}

function setUp(engine: AnyEngine, variant: Variant, seed: string, computerExcept: number | null): Table {
  const rng = seedRng(`seats|${seed}`);
  const count = engine.minPlayers + nextInt(rng, engine.maxPlayers - engine.minPlayers + 1);
  const strategies = engine.computerStrategies;
  const seats: Seat[] = Array.from({ length: count }, (_, i) => {
    const strategy = strategies[i % strategies.length]?.id;
    const computer = computerExcept !== null && i !== computerExcept % count ? strategy : undefined;
    return { id: `u${i}`, name: `Player ${i + 1}`, ...(computer !== undefined ? { computer } : {}) };
  });
  const result: unknown = engine.setup({
    players: seats,
    options: variant.options,
    seed,
    ...(variant.facilitator ? { facilitator: 'u-host' } : {}),
  });
  const setup = result as { ok: true; value: unknown } | { ok: false; error: { message: string } };
  if (!setup.ok) throw new Error(`${engine.id} setup: ${setup.error.message}`);
  return { state: setup.value, seats };
}

/** What must hold of every state's waits: see Wait in contract.ts. */
function checkWaits(engine: AnyEngine, table: Table, ws: Wait<AnyAction>[], gone: Set<string>): void {
  const over = engine.outcome(table.state) !== null;
  if (over) {
    expect(ws).toEqual([]);
    return;
  }
  expect(ws.length, 'a game that is not over waits on someone').toBeGreaterThan(0);
  expect(new Set(ws.map((w) => w.key)).size).toBe(ws.length);
  const owners = new Set([...table.seats.map((s) => s.id), FACILITATOR_ACTOR]);
  for (const w of ws) {
    expect(owners.has(w.player), `${w.player} holds a seat or facilitates`).toBe(true);
    expect(gone.has(w.key), `${w.key} came back after it had gone`).toBe(false);
    expect(w.for.length).toBeGreaterThan(3);
    expect(w.rule).toMatch(new RegExp(`^${engine.id} [RS]\\d+$`));
    const r = engine.apply(table.state, w.player, w.default);
    expect(r.ok ? 'accepted' : r.error.code, `default of ${w.key}: ${JSON.stringify(w.default)}`).toBe(
      'accepted',
    );
  }
}

/**
 * Plays to the end: computer seats move as the platform lets them; when none can, the
 * deadline of one pending decision (chosen from the seed) passes and its default is applied.
 */
function playSilent(engine: AnyEngine, table: Table, seed: string): number {
  const rng = seedRng(`deadlines|${seed}`);
  const computers = table.seats.filter((s) => s.computer !== undefined).map((s) => s.id);
  const gone = new Set<string>();
  let live = new Set<string>();
  for (let step = 0; step < STEP_BOUND; step++) {
    const ws = engine.waits(table.state);
    const keys = new Set(ws.map((w) => w.key));
    for (const k of live) if (!keys.has(k)) gone.add(k);
    live = keys;
    checkWaits(engine, table, ws, gone);
    if (engine.outcome(table.state) !== null) return step;

    const active = engine.activePlayers(table.state);
    let cpu: { id: string; action: AnyAction } | undefined;
    for (const id of computers) {
      const action = active.includes(id) ? engine.computerAction(table.state, id) : null;
      if (action) {
        cpu = { id, action };
        break;
      }
    }
    if (cpu) {
      const r = engine.apply(table.state, cpu.id, cpu.action);
      if (!r.ok) throw new Error(`computer ${cpu.id} was refused`);
      table.state = r.value.state;
      continue;
    }
    const due = ws[nextInt(rng, ws.length)];
    if (!due) throw new Error('no wait to run out');
    const ran = runOutWait(engine, table.state, due.key);
    if (!ran.ok) throw new Error(`${due.key}: ${ran.error.code} ${ran.error.message}`);
    table.state = ran.value.state;
  }
  throw new Error(`${engine.id} did not end within ${STEP_BOUND} steps`);
}

describe.each(GAMES.map((g) => [g.id, g] as const))('waits of %s', (_id, engine) => {
  const cases = variantsOf(engine).flatMap((v) => SEEDS.map((seed) => [v.name, seed, v] as const));

  it.each(cases)(
    'GIVEN every seat silent (%s, seed %s) THEN the defaults alone finish the game, every default is legal and every state waits on someone',
    (_name, seed, variant) => {
      const table = setUp(engine, variant, seed, null);
      const steps = playSilent(engine, table, seed);
      expect(engine.outcome(table.state)).not.toBeNull();
      expect(steps).toBeLessThan(STEP_BOUND);
    },
  );

  it.each(cases)(
    'GIVEN one silent seat among computer players (%s, seed %s) THEN the game ends with every default legal',
    (_name, seed, variant) => {
      const silent = nextInt(seedRng(`silent|${seed}`), 8);
      const table = setUp(engine, variant, seed, silent);
      playSilent(engine, table, seed);
      expect(engine.outcome(table.state)).not.toBeNull();
    },
  );

  it('GIVEN a finished game THEN nothing is waited for', () => {
    const table = setUp(engine, variantsOf(engine)[0] ?? { name: '', options: {} }, 'w-end', null);
    playSilent(engine, table, 'w-end');
    expect(engine.waits(table.state)).toEqual([]);
  });
});

describe('runOutWait, what the platform does at a deadline', () => {
  const start = (): TallyState => {
    const r = tally.setup({
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      options: { target: 10 },
      seed: 's',
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('GIVEN a pending decision THEN its default is applied as its player and the decision is gone', () => {
    const s = start();
    const r = runOutWait(tally, s, 'turn:0');
    expect(r.ok && r.value.state.total).toBe(1);
    expect(r.ok && r.value.applied.map((w) => w.player)).toEqual(['a']);
    expect(r.ok && tally.waits(r.value.state).map((w) => w.key)).toEqual(['turn:1']);
  });

  it('GIVEN a key no longer waited for THEN it is refused and nothing changes', () => {
    const r = runOutWait(tally, start(), 'turn:7');
    expect(r.ok ? 'applied' : r.error.code).toBe('no-such-wait');
  });

  it('GIVEN a default that never completes the decision THEN it stops and says so', () => {
    // A broken engine: its default leaves a note, which keeps the same decision pending.
    const stuck = {
      ...tally,
      waits: (s: TallyState) =>
        tally.waits(s).map((w) => ({ ...w, default: { type: 'note' as const, text: 'later' } })),
    };
    const r = runOutWait(stuck, start(), 'turn:0');
    expect(r.ok ? 'applied' : r.error.code).toBe('wait-does-not-end');
  });
});
