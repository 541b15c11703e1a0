/**
 * Promises on the record (ruling R20): during negotiation a player may make one short public
 * statement per round ("I'll play a 7"). The bot never reads channel chat, so this is how a
 * promise reaches the board, the transcript and the debrief, which judges it against what the
 * player then claimed and played.
 */
import { cardLabel, RANKS, suitOf, type Rank } from './cards.ts';
import type { IcgState, PlayRecord, PromiseRecord, RoundRecord } from './state.ts';
import { literal } from '../text.ts';

export type { PromiseRecord } from './state.ts';

/** Longest promise, in characters (the form allows no more; a typed one is refused kindly). */
export const PROMISE_MAX = 120;

/** What a promise can be held to: a card to play, honest claims, or nothing the bot can check. */
export type PromiseKind = { kind: 'rank'; rank: Rank } | { kind: 'honest' } | { kind: 'open' };

export type Verdict = 'kept' | 'broken' | 'open';

const WORDS: Record<string, Rank> = {
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  jack: 'J',
  queen: 'Q',
  king: 'K',
  ace: 'A',
};

/**
 * The ranks a promise names: digits, names ("seven", "aces"), and J/Q/K/A written as capitals
 * (a capital A before a lowercase word is the article: "A seven from me").
 */
function namedRanks(text: string): Rank[] {
  const found = new Set<Rank>();
  for (const m of text.matchAll(/\b(10|[2-9]|[JQK]|A(?! [a-z]))(?:s|'s)?\b/g))
    if ((RANKS as readonly string[]).includes(m[1] ?? '')) found.add(m[1] as Rank);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const rank = WORDS[word] ?? WORDS[word.replace(/e?s$/, '')] ?? WORDS[word.replace(/s$/, '')];
    if (rank) found.add(rank);
  }
  return [...found];
}

const HONESTY =
  /\b(honest|honestly|truth|truthful|true|no bluff|not bluff|won't bluff|never bluff)\b|claim (exactly )?(the card|what) i play/i;

/** How the debrief holds a promise: one named card, a word about honesty, or neither. */
export function promiseKind(text: string): PromiseKind {
  const ranks = namedRanks(text);
  if (ranks.length === 1 && ranks[0]) return { kind: 'rank', rank: ranks[0] };
  if (HONESTY.test(text)) return { kind: 'honest' };
  return { kind: 'open' };
}

/** Kept or broken by the card revealed (after any swap) and the claim (R13's yardstick). */
export function verdict(text: string, play: PlayRecord | undefined): Verdict {
  if (!play) return 'open';
  const kind = promiseKind(text);
  if (kind.kind === 'rank') return play.card === kind.rank ? 'kept' : 'broken';
  if (kind.kind === 'honest') return play.claim === play.card ? 'kept' : 'broken';
  return 'open';
}

/** A promise as it is written into the state: whitespace folded, so one line on the board. */
export const cleanPromise = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface JudgedPromise extends PromiseRecord {
  claim: Rank | null;
  card: Rank | null;
  verdict: Verdict;
}

/** The promises made so far; none in a game saved before promises existed. */
export const promisesOf = (state: Pick<IcgState, 'promises'>): PromiseRecord[] =>
  (state as Partial<Pick<IcgState, 'promises'>>).promises ?? [];

export function judgePromises(state: Pick<IcgState, 'promises' | 'history'>): JudgedPromise[] {
  return promisesOf(state).map((p) => {
    const record: RoundRecord | undefined = state.history.find((r) => r.round === p.round);
    const play = record?.plays.find((x) => x.seat === p.seat);
    return { ...p, claim: play?.claim ?? null, card: play?.card ?? null, verdict: verdict(p.text, play) };
  });
}

/** One debrief line: the promise beside what was claimed and played. `name` is Markdown already. */
export function promiseLine(p: JudgedPromise, name: string): string {
  const did =
    p.card === null || p.claim === null
      ? 'not revealed'
      : `claimed ${cardLabel(p.claim, p.seat)}, played ${cardLabel(p.card, p.seat)}`;
  const mark =
    p.verdict === 'kept' ? '✅ kept' : p.verdict === 'broken' ? '❌ broken' : 'for the table to judge';
  return `- R${p.round} **${name}** ${suitOf(p.seat)}: “${literal(p.text)}” → ${did}: ${mark}`;
}
