/**
 * A new game: the three decks shuffled from the seed (or fixed by an arrangement), five cards
 * to each player, and the queue that has each player in turn create the first crises.
 */
import { z } from 'zod';
import type { Result, SetupArgs } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import { seedRng, shuffle } from '../rng.ts';
import type { StoryCards } from './cards.ts';
import { decks } from './cards.ts';
import { advance, draw } from './flow.ts';
import type { StState, Task } from './types.ts';
import { HAND_SIZE, optionsSchema } from './types.ts';

export const MIN_SEATS = 1;
export const MAX_SEATS = 6;

const arrangementSchema = z
  .object({
    /** Techniques and helpful reality checks, top of the deck first (a permutation of them all). */
    deck: z.array(z.string()).optional(),
    /** Every crisis, in drawing order. */
    crises: z.array(z.string()).optional(),
    /** The 12 Resolution cards, in drawing order. */
    resolutions: z.array(z.string()).optional(),
  })
  .strict();
export type StArrangement = z.infer<typeof arrangementSchema>;

const samePermutation = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Crises created before the first round: two more than the players (rulebook). */
export const initialCrises = (players: number): number => players + 2;

export function setupGame(cards: StoryCards, args: SetupArgs<unknown>): Result<StState> {
  const parsed = optionsSchema.safeParse(args.options ?? {});
  if (!parsed.success)
    return fail('bad-options', `These options are not valid: ${parsed.error.issues[0]?.message ?? ''}`);
  const n = args.players.length;
  if (n < MIN_SEATS || n > MAX_SEATS)
    return fail(
      'seats',
      `The storytelling variant seats ${MIN_SEATS} to ${MAX_SEATS} players; this table has ${n}.`,
    );
  const arr = arrangementSchema.safeParse(args.arrangement ?? {});
  if (!arr.success) return fail('bad-arrangement', 'The arrangement is not valid.');
  const rng = seedRng(`storytelling|${args.seed}`);
  const all = decks(cards);
  const pick = (given: string[] | undefined, ids: string[]): string[] | null =>
    given === undefined ? shuffle(rng, ids) : samePermutation(given, ids) ? [...given] : null;
  const deck = pick(arr.data.deck, all.deck);
  const crisisDeck = pick(arr.data.crises, all.crises);
  const resolutionDeck = pick(arr.data.resolutions, all.resolutions);
  if (!deck || !crisisDeck || !resolutionDeck)
    return fail('bad-arrangement', 'An arranged deck must hold every card of that deck exactly once.');
  const s: StState = {
    options: parsed.data,
    seats: args.players.map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.computer ? { computer: p.computer } : {}),
      hand: [],
    })),
    rng,
    deck,
    discard: [],
    crisisDeck,
    crisisDiscard: [],
    resolutionDeck,
    resolutionDiscard: [],
    table: [],
    defused: [],
    failed: [],
    closings: [],
    round: 0,
    touched: [],
    stage: null,
    queue: [],
    nextId: 1,
    story: [],
    stats: {
      collected: 0,
      operations: 0,
      defused: 0,
      failed: 0,
      escalations: 0,
      resolutions: {},
      botLines: 0,
      playerLines: 0,
    },
    result: null,
  };
  for (const seat of s.seats) seat.hand = draw(s, HAND_SIZE);
  const creations: Task[] = Array.from({ length: initialCrises(n) }, (_, i) => ({
    t: 'create',
    seat: i % n,
  }));
  s.queue = [...creations, { t: 'round-start' }];
  advance(cards, s, []);
  return ok(s);
}
