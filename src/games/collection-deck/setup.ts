/**
 * A new game: options, the two decks (shuffled from the seed or fixed by an arrangement),
 * seven cards each and the Field.
 */
import { z } from 'zod';
import type { Result, SetupArgs } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import { seedRng, shuffle } from '../rng.ts';
import type { CardIndex } from './cardset.ts';
import { draw, refillField } from './deck.ts';
import { freshTurn, updateMulliganEligibility } from './table.ts';
import { ownSeat, sealWorking, workingCopy } from './working.ts';
import type { CdOptions, CdState } from './types.ts';
import { HAND_SIZE, optionsSchema } from './types.ts';

export const MIN_SEATS = 2;
export const MAX_SEATS = 8;

const arrangementSchema = z
  .object({
    /** Techniques and reality checks in play, top of the deck first. */
    deck: z.array(z.string()).optional(),
    /** Every crisis, the first ones forming the Field. */
    crises: z.array(z.string()).optional(),
  })
  .strict();
export type CdArrangement = z.infer<typeof arrangementSchema>;

const samePermutation = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
};

/** The cards of the Collection Deck for these options (Manager Challenges only in that variant). */
export function deckFor(
  cards: CardIndex,
  opts: { challenge: boolean },
): { deck: string[]; removed: string[] } {
  const deck = cards.set.techniques.map((t) => t.id);
  const removed: string[] = [];
  for (const r of cards.set.realityChecks) {
    if (r.effect.type === 'manager-challenge' && !opts.challenge) removed.push(r.id);
    else deck.push(r.id);
  }
  return { deck, removed };
}

export function resolveOptions(raw: unknown): Result<CdState['options']> {
  const parsed = optionsSchema.safeParse(raw ?? {});
  if (!parsed.success)
    return fail('bad-options', `These options are not valid: ${parsed.error.issues[0]?.message ?? ''}`);
  const o: CdOptions = parsed.data;
  // Hardcore replaces the Manager Challenge cards with a justification for every technique.
  const challenge = o.hardcore ? false : (o.challenge ?? o.edition === 'cia');
  return ok({ ...o, challenge });
}

export function setupGame(cards: CardIndex, args: SetupArgs<unknown>): Result<CdState> {
  const options = resolveOptions(args.options);
  if (!options.ok) return options;
  const o = options.value;
  const players = args.players;
  if (players.length < MIN_SEATS || players.length > MAX_SEATS)
    return fail('seat-count', `Collection Deck takes ${MIN_SEATS} to ${MAX_SEATS} players or teams.`);
  const seatOfUser = new Map<string, number>();
  for (const [i, p] of players.entries())
    for (const user of new Set([p.id, ...(p.members ?? [])])) {
      if (seatOfUser.has(user)) return fail('duplicate-player', 'Each player may sit at only one seat.');
      seatOfUser.set(user, i);
    }

  const { deck: deckIds, removed } = deckFor(cards, o);
  const crisisIds = cards.set.crises.map((c) => c.id);
  const rng = seedRng(args.seed);
  let deck = shuffle(rng, deckIds);
  let crises = shuffle(rng, crisisIds);
  if (args.arrangement !== undefined) {
    const arr = arrangementSchema.safeParse(args.arrangement);
    if (!arr.success)
      return fail('bad-arrangement', 'The arrangement must be { deck?: string[], crises?: string[] }.');
    if (arr.data.deck) {
      if (!samePermutation(arr.data.deck, deckIds))
        return fail(
          'bad-arrangement',
          'The arranged deck must hold every technique and reality check in play, once each.',
        );
      deck = arr.data.deck;
    }
    if (arr.data.crises) {
      if (!samePermutation(arr.data.crises, crisisIds))
        return fail('bad-arrangement', 'The arranged crises must hold every crisis card, once each.');
      crises = arr.data.crises;
    }
  }

  const built: CdState = {
    edition: o.edition,
    options: o,
    seats: players.map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.computer !== undefined ? { computer: p.computer } : {}),
      members: p.members && p.members.length > 0 ? [...p.members] : [p.id],
      hand: [],
      solved: [],
      score: 0,
      mulliganEligible: false,
      actedThisRound: false,
    })),
    facilitator: args.facilitator ?? null,
    rng,
    deck,
    discard: [],
    crisisDeck: crises,
    removed,
    field: [],
    round: 1,
    roundStarter: 0,
    passesInRow: 0,
    turn: freshTurn(0),
    phase: 'play',
    discardPending: [],
    pendingJoins: [],
    seq: 0,
    stats: {
      turns: 0,
      strategies: 0,
      solved: 0,
      failed: 0,
      disruptions: 0,
      challenges: 0,
      challengesUpheld: 0,
      reshuffles: 0,
      mulligans: 0,
    },
    result: null,
  };
  const s = workingCopy(built);
  const scratch: string[] = [];
  // Dealt in blocks of seven, seat by seat, from the top of the deck (arrangements rely on it).
  s.seats.forEach((_, i) => {
    const seat = ownSeat(s, i);
    if (seat) seat.hand = draw(s, HAND_SIZE, scratch);
  });
  refillField(s);
  updateMulliganEligibility(cards, s);
  return ok(sealWorking(s));
}
