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

/** Promises about the card played (R20); "above"/"below" go by rank value, the ace high (R9). */
export const RANK_PROMISES = ['play', 'not-play', 'above', 'below', 'at-most', 'at-least'] as const;
export type RankPromise = (typeof RANK_PROMISES)[number];
/** Everything a promise can hold its maker to; `note`: words only, for the table to judge. */
export const PROMISE_WHATS = [...RANK_PROMISES, 'honest', 'match', 'note'] as const;
export type PromiseWhat = (typeof PROMISE_WHATS)[number];
/** Seat numbers as a form's menu sends them. */
export const PROMISE_SEATS = ['1', '2', '3', '4'] as const;

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
    what: z
      .enum(PROMISE_WHATS)
      .optional()
      .describe('What the debrief holds you to (empty: your words only, for the table to judge)'),
    rank: rank
      .optional()
      .describe('The card the promise names (play, not-play, above, below, at-most, at-least)'),
    to: z.enum(PROMISE_SEATS).optional().describe('The seat (1-4) you promise; empty: the whole table'),
    when: z.enum(['this', 'next']).optional().describe('The round it is about: this (default) or next'),
    text: z
      .string()
      .optional()
      .describe('Your own words, everyone sees them: a note, or the whole promise for the table to judge'),
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
