/**
 * The shapes the platform hands to the engine: options of `/game start`, actions, and the
 * arrangement used by tests and prepared scenarios. Everything is parsed here, once.
 */
import { z } from 'zod';
import { MODES, RANKS, SEAT_COUNT } from './cards.ts';

/** Ruling R11: generous enough that the cap never binds in play (a game ends within 17 rounds). */
export const DEFAULT_MAX_ROUNDS = 40;

/** R11: every game ends within this many rounds, so a cap of this or more never binds. */
export const ROUNDS_NEEDED = 17;

export const optionsSchema = z.object({
  negotiation: z
    .number()
    .int()
    .min(0)
    .max(1440)
    .optional()
    .describe('Minutes for each negotiation before declarations start (0 or empty: no timer)'),
  rounds: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(`Round cap; at the cap the most scored cards win (default ${DEFAULT_MAX_ROUNDS})`),
});
export type IcgOptions = z.infer<typeof optionsSchema>;

const rank = z.enum(RANKS);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mode'),
    mode: z.enum(MODES).describe('High: the highest lone card scores; Low: the lowest'),
  }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('endNegotiation') }),
  z.object({
    type: z.literal('claim'),
    rank: rank.describe('The card you say you are placing (true or a bluff)'),
  }),
  z.object({ type: z.literal('place'), card: rank.describe('The card you place face down (secret)') }),
  z.object({
    type: z.literal('declare'),
    claim: rank.describe('The card you say you are placing'),
    card: rank.describe('The card you place face down (secret)'),
  }),
  z.object({ type: z.literal('swap'), card: rank.describe('The card from your hand to place instead') }),
  z.object({ type: z.literal('keep') }),
  z.object({
    type: z.literal('promise'),
    text: z.string().describe('What you promise the table, e.g. "I\'ll play a 7" (everyone sees it)'),
  }),
]);
export type IcgAction = z.infer<typeof actionSchema>;

/** What a player would type; the secret card is chosen from the private panel only. */
export const SLASH_ACTIONS = [
  'ready',
  'mode',
  'claim',
  'keep',
  'promise',
] as const satisfies readonly IcgAction['type'][];

const permutation = z
  .array(rank)
  .length(RANKS.length)
  .refine((deck) => new Set(deck).size === RANKS.length, {
    message: 'each deck must hold every rank 2..A exactly once',
  });

export const arrangementSchema = z.object({
  /** Per seat, top card first: the seat draws its first seven from the front. */
  decks: z.array(permutation).length(SEAT_COUNT).optional(),
  startingSeat: z
    .number()
    .int()
    .min(0)
    .max(SEAT_COUNT - 1)
    .optional(),
});
export type IcgArrangement = z.infer<typeof arrangementSchema>;
