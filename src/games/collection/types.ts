/**
 * Vocabulary of COLLECTION (CIA, 2017): colours, collectors, roles, scenario letters, the
 * actions a player can take and the plain-JSON state. Card faces live in content/; the state
 * holds ids only.
 */
import { z } from 'zod';
import type { RngState } from '../rng.ts';

/** Political (blue), military (red), economic (green). */
export const COLOURS = ['political', 'military', 'economic'] as const;
export type Colour = (typeof COLOURS)[number];

export const COLLECTORS = ['DH', 'DO', 'NGA', 'NSA', 'OSE', 'STATE'] as const;
export type Collector = (typeof COLLECTORS)[number];

export const LETTERS = ['A', 'B', 'C'] as const;
export type Letter = (typeof LETTERS)[number];

export const ROLES = [
  'political',
  'military',
  'economic',
  'collection',
  'leadership',
  'stw',
  'targeting',
] as const;
export type RoleId = (typeof ROLES)[number];

export const ACTIONS_PER_TURN = 2;
export const REPORTS_PER_SCENARIO = 10;
export const CRISIS_DEFEAT = 10;
/** Reports never lower a crisis below this (rulebook 6.3). */
export const CRISIS_FLOOR = 4;
/** A first engagement places the coin at min(crisis, this) (rulebook 6.1). */
export const COIN_START_CAP = 3;
export const RESPONSE_MIN = 1;
export const RESPONSE_MAX = 10;
/** The box holds ten d10s: no roll uses more (ruling R23). */
export const DICE_IN_BOX = 10;

export const optionsSchema = z.object({
  first: z
    .enum(['host', 'random'])
    .optional()
    .describe('Who takes the first turn: the host (first seat, the default) or one drawn at random (R22)'),
});
export type ColOptions = z.output<typeof optionsSchema>;

const cardId = z.string().min(1).max(12);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('role'), role: z.enum(ROLES) }).describe('Choose your analytic role'),
  z
    .object({ type: z.literal('move'), scenario: z.enum(LETTERS), collector: z.enum(COLLECTORS) })
    .describe('Move to a collector space (one action)'),
  z
    .object({ type: z.literal('engage'), colour: z.enum(COLOURS).optional() })
    .describe('Place an engagement gem where you stand (one action)'),
  z
    .object({ type: z.literal('roll'), colour: z.enum(COLOURS).optional() })
    .describe('Roll for reporting where you stand (one action)'),
  z
    .object({ type: z.literal('report'), use: z.enum(['fill', 'lower']) })
    .describe('Use your report: fill the reports circle or lower the crisis'),
  z.object({ type: z.literal('play'), card: cardId }).describe('Play a blue collection card'),
  z.object({ type: z.literal('hold') }).describe('Keep the blue card you drew for later'),
  z.object({ type: z.literal('end') }).describe('End your turn now (you still draw a card)'),
]);
export type ColAction = z.infer<typeof actionSchema>;

export const SLASH_ACTIONS = ['role', 'move', 'engage', 'roll', 'report', 'play', 'hold', 'end'] as const;

export interface Space {
  gems: Record<Colour, number>;
  /** The collector's response level, or null before anyone engaged it here. */
  coin: number | null;
}

export interface Scenario {
  letter: Letter;
  /** The scenario card's id; null while the scenario is not active. */
  card: string | null;
  crisis: number;
  /** The scenario card was turned over (its circle filled) and stays active (rulebook 7). */
  completed: boolean;
  reports: Record<Colour, number>;
  spaces: Record<Collector, Space>;
}

export interface Position {
  scenario: Letter;
  collector: Collector;
}

export interface SeatState {
  id: string;
  name: string;
  computer: string | null;
  role: RoleId | null;
  /** null until the first Move puts the analyst on the board (ruling R2). */
  at: Position | null;
  /** Blue cards held (private). */
  held: string[];
}

export interface DiceRoll {
  seat: number;
  colour: Colour;
  scenario: Letter;
  collector: Collector;
  dice: number[];
  /** Response level after collocation bonuses: a die below it succeeds. */
  target: number;
  success: boolean;
}

export type Stage =
  | { kind: 'roles'; seat: number }
  | { kind: 'act'; seat: number; actionsLeft: number; extraDice: number }
  | {
      kind: 'report';
      seat: number;
      actionsLeft: number;
      extraDice: number;
      colour: Colour;
      scenario: Letter;
    }
  | { kind: 'drawn'; seat: number; card: string }
  | { kind: 'over' };

export interface Stats {
  turns: number;
  rolls: number;
  reports: number;
  lowered: number;
  cards: number;
  /** Rolls that a collaboration bonus helped (extra dice or a higher response level); absent in older saves. */
  bonuses?: number;
  /** Reports each role rolled for, by role; absent in older saves. */
  byRole?: Partial<Record<RoleId, number>>;
}

export interface ColState {
  seats: SeatState[];
  /** The seat that takes the first turn after the draft (ruling R22); absent in older saves: 0. */
  first?: number;
  scenarios: Scenario[];
  scenarioDeck: string[];
  deck: string[];
  discard: string[];
  stage: Stage;
  /** Counts turns (and role picks) so every decision has its own wait key. */
  turn: number;
  /** Decisions taken in this turn, for wait keys. */
  step: number;
  rng: RngState;
  /** Dice faces fixed by an arrangement, used before the generator (tests). */
  dice: number[];
  lastRoll: DiceRoll | null;
  log: string[];
  stats: Stats;
  /** Each scenario's crisis level (null: not active) after each turn; absent in older saves. */
  crisisByTurn?: { turn: number; levels: (number | null)[] }[];
  outcome: { winners: string[]; summary: string; victory: boolean } | null;
  hasFacilitator: boolean;
}
