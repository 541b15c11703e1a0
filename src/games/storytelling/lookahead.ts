/**
 * The Station chief's look-ahead (ruling S17): at a small table its hand rules run out (one or
 * two turns a round against three or four crises), so it plays each sensible move forward
 * against the same handful of imagined deals and keeps the one that wins most often.
 *
 * Fair play: an imagined deal knows only what the seat knows. Everything it cannot see (the
 * technique deck and its discard, the other hands, the cards face down behind crises, the
 * crisis decks, the order of the Resolution deck, the table's own generator) is dealt anew
 * from a generator seeded by public facts, so the choice is deterministic and reveals nothing.
 */
import { seedRng, shuffle, type RngState } from '../rng.ts';
import { applyAction } from './apply.ts';
import type { StoryCards } from './cards.ts';
import type { Decision } from './tactics.ts';
import type { StAction, StState } from './types.ts';

/** The table's own rules for any decision, used to play the imagined rounds. */
export type Policy = (cards: StoryCards, s: StState, seat: number) => Decision | null;

/** Imagined deals per candidate move: each candidate meets the same deals, so luck cancels. */
export const DEALS = 24;

/** A state the seat could be in, with every card it cannot see dealt anew from `rng`. */
export function imagine(s: StState, seat: number, rng: RngState): StState {
  const t = structuredClone({ ...s, story: [] as StState['story'] });
  // Only this round's operations matter to the rules (a crisis tried this round waits).
  t.story = s.story.filter((l) => l.round === s.round && l.kind === 'approach');
  const others = t.seats.filter((_, i) => i !== seat);
  let pool = shuffle(rng, [
    ...t.deck,
    ...t.discard,
    ...others.flatMap((o) => o.hand),
    ...t.table.flatMap((tc) => tc.marks),
  ]);
  const take = (n: number): string[] => {
    const out = pool.slice(0, n);
    pool = pool.slice(n);
    return out;
  };
  for (const o of others) o.hand = take(o.hand.length);
  for (const tc of t.table) tc.marks = take(tc.marks.length);
  t.discard = take(t.discard.length);
  t.deck = pool;
  const crises = shuffle(rng, [...t.crisisDeck, ...t.crisisDiscard]);
  t.crisisDeck = crises.slice(0, t.crisisDeck.length);
  t.crisisDiscard = crises.slice(t.crisisDeck.length);
  t.resolutionDeck = shuffle(rng, t.resolutionDeck);
  t.rng = seedRng(String(rng.join(':')));
  return t;
}

/** Plays the table's rules to the end of the game: 1 for a victory, 0 for a defeat. */
function playOut(cards: StoryCards, s: StState, policy: Policy): number {
  let t = s;
  for (let steps = 0; !t.result && steps < 3000; steps++) {
    const seat = t.stage?.seat ?? 0;
    const d =
      t.stage?.kind === 'tell' ? { action: { type: 'tell', text: '-' } as StAction } : policy(cards, t, seat);
    if (!d) return 0;
    const r = applyAction(cards, t, t.seats[seat]?.id ?? '', d.action);
    if (!r.ok) return 0;
    t = r.value.state;
  }
  return t.result?.victory ? 1 : 0;
}

/**
 * Of `candidates` (the hand rules' choice first), the one that wins most imagined games when
 * the table plays on by its rules; the first unless another wins at least MARGIN + 1 more.
 */
export function lookahead(
  cards: StoryCards,
  s: StState,
  seat: number,
  candidates: Decision[],
  policy: Policy,
): { decision: Decision; wins: number[]; deals: number } {
  const wins = candidates.map(() => 0);
  const facts = `${s.nextId}:${s.round}:${seat}:${s.table.map((x) => x.card).join(',')}`;
  for (let deal = 0; deal < DEALS; deal++) {
    const world = imagine(s, seat, seedRng(`look:${facts}:${deal}`));
    candidates.forEach((c, i) => {
      const r = applyAction(cards, world, s.seats[seat]?.id ?? '', c.action);
      if (r.ok) wins[i] = (wins[i] ?? 0) + playOut(cards, r.value.state, policy);
    });
  }
  let best = 0;
  wins.forEach((w, i) => {
    if (w > (wins[best] ?? 0) + MARGIN) best = i;
  });
  return { decision: candidates[best] ?? candidates[0]!, wins, deals: DEALS };
}

/** A candidate must win more than this many deals beyond the best so far, so luck alone rarely moves the chief off its rules' choice. */
const MARGIN = 1;
