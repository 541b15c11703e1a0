/**
 * Set up (rulebook 3): roles (drafted in seat order, ruling R1), both decks shuffled from the
 * seed, the top scenario card on Scenario A at crisis 1. An arrangement may fix deck orders,
 * dice and roles for tests and prepared tables.
 */
import { z } from 'zod';
import type { Result, Seat, SetupArgs } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import { nextInt, seedRng, shuffle } from '../rng.ts';
import { content } from './content/index.ts';
import { legalRoles } from './roles.ts';
import {
  COLLECTORS,
  LETTERS,
  ROLES,
  type Collector,
  type ColOptions,
  type ColState,
  type Letter,
  type Scenario,
  type Space,
} from './types.ts';

export const arrangementSchema = z
  .object({
    /** Scenario card ids drawn first, in order. */
    scenarios: z.array(z.string()).optional(),
    /** Collection card ids (`K01.1`) drawn first, in order. */
    deck: z.array(z.string()).optional(),
    /** Die faces used before the generator (1-10; 10 is the die's 0). */
    dice: z.array(z.number().int().min(1).max(10)).optional(),
    /** One role per seat, skipping the draft. */
    roles: z.array(z.enum(ROLES)).optional(),
  })
  .strict();
export type Arrangement = z.infer<typeof arrangementSchema>;

const emptySpace = (): Space => ({ gems: { political: 0, military: 0, economic: 0 }, coin: null });

function emptyScenario(letter: Letter): Scenario {
  const spaces = Object.fromEntries(COLLECTORS.map((c) => [c, emptySpace()])) as Record<Collector, Space>;
  return {
    letter,
    card: null,
    crisis: 0,
    completed: false,
    reports: { political: 0, military: 0, economic: 0 },
    spaces,
  };
}

/** `first` on top, in order, then the rest shuffled. */
function stack(rng: ColState['rng'], all: string[], first: string[] | undefined): Result<string[]> {
  const top = first ?? [];
  const unknown = top.find((id) => !all.includes(id));
  if (unknown !== undefined)
    return fail('bad-arrangement', `The arrangement names an unknown card ${unknown}.`);
  if (new Set(top).size !== top.length) return fail('bad-arrangement', 'The arrangement names a card twice.');
  return ok([
    ...top,
    ...shuffle(
      rng,
      all.filter((id) => !top.includes(id)),
    ),
  ]);
}

export function setupState(args: SetupArgs<ColOptions>): Result<ColState> {
  const n = args.players.length;
  if (n < 3 || n > 7)
    return fail('player-count', `COLLECTION is for 3 to 7 analysts, not ${n} (Rulebook 2).`);
  const parsed = arrangementSchema.safeParse(args.arrangement ?? {});
  if (!parsed.success)
    return fail('bad-arrangement', `Bad arrangement: ${parsed.error.issues[0]?.message ?? ''}`);
  const arr = parsed.data;
  const data = content();
  const rng = seedRng(args.seed);
  const scenarioDeck = stack(rng, [...data.scenarios.keys()], arr.scenarios);
  if (!scenarioDeck.ok) return scenarioDeck;
  const deck = stack(rng, data.deck, arr.deck);
  if (!deck.ok) return deck;

  const scenarios = LETTERS.map(emptyScenario);
  const a = scenarios[0] as Scenario;
  a.card = scenarioDeck.value.shift() ?? null;
  a.crisis = 1;

  const state: ColState = {
    seats: args.players.map((p: Seat) => ({
      id: p.id,
      name: p.name,
      computer: p.computer ?? null,
      role: null,
      at: null,
      held: [],
    })),
    scenarios,
    scenarioDeck: scenarioDeck.value,
    deck: deck.value,
    discard: [],
    stage: { kind: 'roles', seat: 0 },
    // The rulebook lets the table choose who starts: the host does (the option), or the seeded draw.
    first: args.options.first === 'random' ? nextInt(rng, n) : 0,
    turn: 0,
    step: 0,
    rng,
    dice: arr.dice ?? [],
    lastRoll: null,
    log: [],
    stats: { turns: 0, rolls: 0, reports: 0, lowered: 0, cards: 0, bonuses: 0, byRole: {} },
    outcome: null,
    hasFacilitator: args.facilitator !== undefined,
  };
  if (arr.roles) {
    if (arr.roles.length !== n)
      return fail('bad-arrangement', 'The arrangement must give one role per seat.');
    for (const [i, role] of arr.roles.entries()) {
      if (!legalRoles(state, i).includes(role))
        return fail('bad-arrangement', `Seat ${i + 1} cannot take the ${role} role (Rulebook 2.1).`);
      const seat = state.seats[i];
      if (seat) seat.role = role;
    }
    state.stage = { kind: 'act', seat: state.first ?? 0, actionsLeft: 2, extraDice: 0 };
    state.turn = 1;
    state.stats.turns = 1;
  }
  return ok(state);
}
