/**
 * Computer analysts at three levels (docs/rules/collection.md, "Computer analysts"): the Trainee,
 * the Analyst and the Senior Analyst. Each chooses among legal moves only and is pure: any
 * randomness comes from a generator seeded by the state, so the same state gives the same move.
 */
import { analystMove } from './analyst.ts';
import { plainReason } from './reasons.ts';
import { seniorMove } from './senior.ts';
import { traineeMove } from './trainee.ts';
import type { Decision } from './decision.ts';
import type { ColAction, ColState } from './types.ts';

export const LEVELS = ['trainee', 'analyst', 'senior'] as const;
export type Level = (typeof LEVELS)[number];

/** The first entry is the default (it also keeps a missing analyst's seat warm). */
export const COMPUTER_STRATEGIES = [
  {
    id: 'analyst',
    name: 'Analyst',
    description:
      'Level 2 of 3: works the spaces where its colour is needed, engages until a roll is likely, saves blue cards.',
  },
  {
    id: 'senior',
    name: 'Senior Analyst',
    description:
      'Level 3 of 3: leaves completed scenarios to defend them, times engagements to the crisis, spends every blue card.',
  },
  {
    id: 'trainee',
    name: 'Trainee',
    description:
      'Level 1 of 3: goes to the worst crisis, engages and rolls whatever the odds, plays cards at once.',
  },
] as const;

/** Strategy ids of earlier versions, still found in saved games. */
const ALIASES: Record<string, Level> = { careful: 'analyst', careless: 'trainee' };

export function levelOf(strategy: string | null | undefined): Level {
  if (strategy === null || strategy === undefined) return 'analyst';
  if ((LEVELS as readonly string[]).includes(strategy)) return strategy as Level;
  return ALIASES[strategy] ?? 'analyst';
}

/** The levels without reasons of their own are explained from the move they chose. */
const explained =
  (level: Level, f: (state: ColState, seat: number) => ColAction | null) =>
  (state: ColState, seat: number): Decision | null => {
    const action = f(state, seat);
    return action ? { action, why: plainReason(state, seat, action, level) } : null;
  };

const MOVES: Record<Level, (state: ColState, seat: number) => Decision | null> = {
  trainee: explained('trainee', traineeMove),
  analyst: explained('analyst', analystMove),
  senior: seniorMove,
};

/** The seat's decision with its reason, or null when it is not this player's move. */
export function computerDecision(state: ColState, player: string): Decision | null {
  const seat = state.seats.findIndex((s) => s.id === player);
  if (seat < 0 || state.outcome) return null;
  const st = state.stage;
  if (st.kind === 'over' || st.seat !== seat) return null;
  return MOVES[levelOf(state.seats[seat]?.computer)](state, seat);
}

export const computerMove = (state: ColState, player: string): ColAction | null =>
  computerDecision(state, player)?.action ?? null;
