/**
 * Promises on the record (ruling R20): during negotiation a player may make one public promise
 * per round: a term the debrief judges exactly ("I'll play a 7", "I won't play above a 9",
 * "I'll claim honestly", "I'll play the same card as Bob"), made to the table or one seat,
 * with their own words as a note; or words alone, which the table judges. The bot never reads
 * channel chat, so this is how a promise reaches the board, the transcript and the debrief.
 */
import { fail, ok, type Result } from '../contract.ts';
import { cardLabel, rankValue, suitOf, type Rank } from './cards.ts';
import { RANK_PROMISES, type IcgAction, type RankPromise } from './schema.ts';
import {
  seatLabel,
  type IcgState,
  type PlayRecord,
  type PromiseRecord,
  type PromiseTerm,
  type RoundRecord,
} from './state.ts';
import { literal } from '../text.ts';

export type { PromiseRecord, PromiseTerm } from './state.ts';

/** Longest note (or promise in words), in characters (the form allows no more). */
export const PROMISE_MAX = 120;

export type Verdict = 'kept' | 'broken' | 'open';

const article = (rank: Rank): string => (rank === '8' || rank === 'A' ? `an ${rank}` : `a ${rank}`);

const RANK_WORDS: Record<RankPromise, string> = {
  play: "I'll play",
  'not-play': "I won't play",
  above: "I'll play above",
  below: "I'll play below",
  'at-most': "I won't play above",
  'at-least': "I won't play below",
};

/** Whether `card` keeps a promise about ranks; ranks compare by value, the ace high (R9). */
const RANK_TESTS: Record<RankPromise, (card: number, named: number) => boolean> = {
  play: (c, n) => c === n,
  'not-play': (c, n) => c !== n,
  above: (c, n) => c > n,
  below: (c, n) => c < n,
  'at-most': (c, n) => c <= n,
  'at-least': (c, n) => c >= n,
};

/** The term in words, e.g. "I'll play a 7"; `to` names the seat it was made to. */
export function termWords(term: PromiseTerm, to: string | null): string {
  if (term.what === 'honest') return "I'll claim honestly";
  if (term.what === 'match') return `I'll play the same card as ${to ?? '?'}`;
  return `${RANK_WORDS[term.what]} ${article(term.rank)}`;
}

/**
 * A promise as one plain-text line (callers pass it through `literal`): the term, then the
 * note; words alone when there is no term. `seatName` names a seat (the maker's audience).
 */
export function promiseWords(p: PromiseRecord, seatName: (seat: number) => string): string {
  const to = p.to === undefined ? null : seatName(p.to);
  if (!p.term) return p.text;
  const term = termWords(p.term, to);
  const audience = to !== null && p.term.what !== 'match' ? ` (to ${to})` : '';
  return `${term}${audience}${p.text ? ` · ${p.text}` : ''}`;
}

/**
 * Kept or broken by the card revealed (after any swap), the claim (R13's yardstick), or the
 * card of the seat promised; open when there is no term or the round was never revealed.
 */
export function verdict(p: PromiseRecord, record: RoundRecord | undefined): Verdict {
  const play = record?.plays.find((x) => x.seat === p.seat);
  const term = p.term;
  if (!term || !play) return 'open';
  if (term.what === 'honest') return play.claim === play.card ? 'kept' : 'broken';
  if (term.what === 'match') {
    const other = record?.plays.find((x) => x.seat === p.to);
    if (!other) return 'open';
    return other.card === play.card ? 'kept' : 'broken';
  }
  return RANK_TESTS[term.what](rankValue(play.card), rankValue(term.rank)) ? 'kept' : 'broken';
}

/** A promise's words as they are written into the state: whitespace folded, so one line on the board. */
export const cleanPromise = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface JudgedPromise extends PromiseRecord {
  claim: Rank | null;
  card: Rank | null;
  verdict: Verdict;
}

/** Kept and broken promises are judged; the rest the table judges. */
export const isJudged = (p: { verdict: Verdict }): boolean => p.verdict !== 'open';

/** The promises made so far; none in a game saved before promises existed. */
export const promisesOf = (state: Pick<IcgState, 'promises'>): PromiseRecord[] =>
  (state as Partial<Pick<IcgState, 'promises'>>).promises ?? [];

export function judgePromises(state: Pick<IcgState, 'promises' | 'history'>): JudgedPromise[] {
  return promisesOf(state).map((p) => {
    const record = state.history.find((r) => r.round === p.round);
    const play: PlayRecord | undefined = record?.plays.find((x) => x.seat === p.seat);
    return { ...p, claim: play?.claim ?? null, card: play?.card ?? null, verdict: verdict(p, record) };
  });
}

/** The promise figures of debriefs and study sessions: only judged promises count towards kept x/y. */
export interface PromiseCounts {
  /** Kept + broken: the promises the debrief judged. */
  promisesJudged: number;
  promisesKept: number;
  promisesBroken: number;
  /** Promises in words only, or about a round never revealed. */
  promisesForTable: number;
}

export function promiseCounts(promises: readonly { verdict: Verdict }[]): PromiseCounts {
  const kept = promises.filter((p) => p.verdict === 'kept').length;
  const broken = promises.filter((p) => p.verdict === 'broken').length;
  return {
    promisesJudged: kept + broken,
    promisesKept: kept,
    promisesBroken: broken,
    promisesForTable: promises.length - kept - broken,
  };
}

/**
 * One debrief line: the promise beside what was claimed and played. `name` is Markdown
 * already; `seatName` gives plain names (for the seat a promise was made to).
 */
export function promiseLine(p: JudgedPromise, name: string, seatName: (seat: number) => string): string {
  const did =
    p.card === null || p.claim === null
      ? 'not revealed'
      : `claimed ${cardLabel(p.claim, p.seat)}, played ${cardLabel(p.card, p.seat)}`;
  const mark =
    p.verdict === 'kept' ? '✅ kept' : p.verdict === 'broken' ? '❌ broken' : 'for the table to judge';
  return `- R${p.round} **${name}** ${suitOf(p.seat)}: “${literal(promiseWords(p, seatName))}” → ${did}: ${mark}`;
}

/** A seat's plain name and suit ("Bob ♥"), for text that goes through `literal` as a whole. */
export const seatNamer =
  (state: Pick<IcgState, 'seats'>) =>
  (seat: number): string =>
    `${state.seats[seat]?.name ?? `Seat ${seat + 1}`} ${suitOf(seat)}`;

const isRankPromise = (what: string): what is RankPromise =>
  (RANK_PROMISES as readonly string[]).includes(what);

type PromiseAction = Extract<IcgAction, { type: 'promise' }>;

/** The term an action asks for, or why it cannot be held to one. */
function termOf(action: PromiseAction, seat: number): Result<PromiseTerm | null> {
  const what = action.what ?? 'note';
  if (what === 'note') return ok(null);
  if (what === 'honest') return ok({ what });
  if (what === 'match') {
    if (action.to === undefined)
      return fail('promise-needs-player', 'Say whose card you will match: choose a player under “To whom”.');
    if (Number(action.to) - 1 === seat)
      return fail('promise-to-self', 'You cannot promise to match your own card: choose another player.');
    return ok({ what });
  }
  if (!isRankPromise(what) || !action.rank)
    return fail('promise-needs-card', 'Say which card the promise is about: choose one under “Which card”.');
  return ok({ what, rank: action.rank });
}

/** R20: one public promise per seat and round, made during the negotiation. */
export function makePromise(state: IcgState, seat: number, action: PromiseAction): Result<string[]> {
  if (state.phase !== 'negotiation')
    return fail('wrong-phase', 'Promises are made during the negotiation, before anyone declares.');
  const term = termOf(action, seat);
  if (!term.ok) return term;
  const text = cleanPromise(action.text ?? '');
  if (text.length === 0 && !term.value)
    return fail('promise-empty', 'Write what you promise, e.g. “I’ll play a 7”, or choose what you promise.');
  if ([...text].length > PROMISE_MAX)
    return fail(
      'promise-too-long',
      `A promise is at most ${PROMISE_MAX} characters and yours has ${[...text].length}: say it shorter, then press Promise again.`,
    );
  const to = action.to === undefined ? undefined : Number(action.to) - 1;
  if (to === seat && term.value?.what !== 'match')
    return fail(
      'promise-to-self',
      'A promise is made to the table or to another player: choose someone else.',
    );
  const next = action.when === 'next';
  if (next && state.round >= state.maxRounds)
    return fail(
      'promise-no-next-round',
      `Round ${state.round} is the last of this game: promise for this round.`,
    );
  const round = next ? state.round + 1 : state.round;
  if (state.promises.some((p) => p.round === round && p.seat === seat))
    return fail(
      'already-promised',
      `You have already made your promise ${next ? `for round ${round}` : 'this round'}; it stays on the record.`,
    );
  const record: PromiseRecord = {
    round,
    seat,
    text,
    ...(term.value ? { term: term.value } : {}),
    ...(to === undefined ? {} : { to }),
  };
  state.promises.push(record);
  const when = next ? ` for round ${round}` : '';
  return ok([
    `🤝 ${seatLabel(state, seat)} promises${when}: “${literal(promiseWords(record, seatNamer(state)))}”`,
  ]);
}
