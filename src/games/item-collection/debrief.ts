/**
 * The after-action figures: honesty, repaid trust and scoring per player, and the table's
 * cooperation. Definitions are in docs/rules/item-collection.md ("Debrief").
 */
import type { Debrief, SeatResult } from '../contract.ts';
import { cardLabel, suitOf } from './cards.ts';
import {
  judgePromises,
  promiseCounts,
  promiseLine,
  seatNamer,
  type JudgedPromise,
  type PromiseCounts,
} from './promises.ts';
import { comboName, scoreReveal } from './scoring.ts';
import type { IcgState, RoundRecord } from './state.ts';
import { clip, literal } from '../text.ts';

/** R20: `promises` made, and of them the judged (kept + broken) and those left for the table. */
export interface PlayerFigures extends PromiseCounts {
  id: string;
  name: string;
  claims: number;
  honestClaims: number;
  /** honestClaims / claims; null before any reveal. */
  honestShare: number | null;
  /** Plays that would have scored had every other claim been true. */
  trustingPlays: number;
  /** Trusting plays that did score. */
  repaid: number;
  repaidShare: number | null;
  scored: number;
  /** 1 or 0 per revealed round. */
  pointsByRound: number[];
  pointsPerRound: number | null;
  promises: number;
}

export interface TableFigures {
  rounds: number;
  /** Share of all claims that were true. */
  cooperationRate: number | null;
  /** Rounds with at least one trusting play. */
  roundsWithTrust: number;
  /** Of those, rounds where every trusting play scored. */
  roundsTrustKept: number;
  trustKeptRate: number | null;
  winners: string[];
}

export interface IcgDebriefData {
  players: PlayerFigures[];
  table: TableFigures;
  promises: JudgedPromise[];
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Would `seat`'s card have scored if the others had played what they claimed? */
export function wouldScoreIfClaimsTrue(record: RoundRecord, seat: number): boolean {
  const table = record.plays.map((p) =>
    p.seat === seat
      ? { seat, card: p.card, claim: p.claim }
      : { seat: p.seat, card: p.claim, claim: p.claim },
  );
  return scoreReveal(table, record.mode).scorers.includes(seat);
}

export function debriefFigures(state: IcgState): IcgDebriefData {
  const judged = judgePromises(state);
  const players = state.seats.map((s, seat): PlayerFigures => {
    const promised = judged.filter((p) => p.seat === seat);
    const plays = state.history.flatMap((r) => r.plays.filter((p) => p.seat === seat).map((p) => ({ r, p })));
    const honestClaims = plays.filter(({ p }) => p.claim === p.card).length;
    const trusting = plays.filter(({ r }) => wouldScoreIfClaimsTrue(r, seat));
    const repaid = trusting.filter(({ p }) => p.scored).length;
    const pointsByRound = plays.map(({ p }) => (p.scored ? 1 : 0));
    return {
      id: s.id,
      name: s.name,
      claims: plays.length,
      honestClaims,
      honestShare: share(honestClaims, plays.length),
      trustingPlays: trusting.length,
      repaid,
      repaidShare: share(repaid, trusting.length),
      scored: s.scored.length,
      pointsByRound,
      pointsPerRound: share(s.scored.length, plays.length),
      promises: promised.length,
      ...promiseCounts(promised),
    };
  });
  const claims = players.reduce((n, p) => n + p.claims, 0);
  const honest = players.reduce((n, p) => n + p.honestClaims, 0);
  const trustRounds = state.history.filter((r) => r.plays.some((p) => wouldScoreIfClaimsTrue(r, p.seat)));
  const kept = trustRounds.filter((r) =>
    r.plays.every((p) => !wouldScoreIfClaimsTrue(r, p.seat) || p.scored),
  );
  return {
    players,
    table: {
      rounds: state.history.length,
      cooperationRate: share(honest, claims),
      roundsWithTrust: trustRounds.length,
      roundsTrustKept: kept.length,
      trustKeptRate: share(kept.length, trustRounds.length),
      winners: state.outcome?.winners ?? [],
    },
    promises: judged,
  };
}

const pct = (value: number | null): string => (value === null ? '-' : `${Math.round(value * 100)}%`);

export function debriefState(state: IcgState): Debrief | null {
  if (state.history.length === 0) return null;
  const data = debriefFigures(state);
  // Discord renders no Markdown tables: one list line per player instead.
  const rows = data.players.map(
    (p, seat) =>
      `- **${literal(clip(p.name, 40))}** ${suitOf(seat)}: honest claims ${p.honestClaims}/${p.claims} (${pct(p.honestShare)}) · ` +
      `trust repaid ${p.repaid}/${p.trustingPlays} (${pct(p.repaidShare)}) · scored ${p.scored} · ` +
      `${p.pointsPerRound?.toFixed(2) ?? '-'} points/round` +
      (p.promisesJudged > 0 ? ` · promises kept ${p.promisesKept}/${p.promisesJudged}` : ''),
  );
  // Every round (a game lasts at most 17, R11): the class discusses the whole game.
  const last = state.history.map((r) => {
    const cards = r.plays
      .map((p) => `${cardLabel(p.card, p.seat)}${p.claim === p.card ? '' : '*'}`)
      .join(' ');
    return `- R${r.round} ${r.mode === 'high' ? 'High' : 'Low'}: ${cards} → ${comboName(r.combo)}`;
  });
  const t = data.table;
  const promises = data.promises.map((p) =>
    promiseLine(p, literal(clip(data.players[p.seat]?.name ?? '?', 40)), seatNamer(state)),
  );
  const c = promiseCounts(data.promises);
  const promiseSection = promises.length
    ? [
        '',
        `### Promises: ${c.promisesKept} kept, ${c.promisesBroken} broken, ${c.promisesForTable} for the table to judge`,
        ...promises,
      ]
    : [];
  const markdown = [
    `## Item Collection Game debrief`,
    state.outcome
      ? state.outcome.summary
      : `Stopped after ${t.rounds} round${t.rounds === 1 ? '' : 's'}, before anyone won.`,
    '',
    '### Players',
    ...rows,
    '',
    `**Table cooperation** (true claims): ${pct(t.cooperationRate)}. ` +
      `**Trust kept**: ${t.roundsTrustKept}/${t.roundsWithTrust} rounds (${pct(t.trustKeptRate)}) in which every ` +
      `player who relied on the claims scored.`,
    '',
    `A play *relied on trust* when it would have scored had every other claim been true; it was *repaid* when it scored.`,
    ...promiseSection,
    '',
    `Rounds (\\* = card differs from its claim):`,
    ...last,
  ].join('\n');
  // Posted in as many messages as it needs; bounded all the same (17 rounds, 68 promises at most).
  return { markdown: markdown.slice(0, 12_000), data };
}

/** Each seat's score, honesty and repaid trust once the game is over, for the server's stats. */
export function results(state: IcgState): SeatResult[] | null {
  const outcome = state.outcome;
  if (!outcome || state.history.length === 0) return null;
  return debriefFigures(state).players.map((p) => ({
    seat: p.id,
    won: outcome.winners.includes(p.id),
    score: p.scored,
    claims: { made: p.claims, honest: p.honestClaims },
    trust: { plays: p.trustingPlays, repaid: p.repaid },
  }));
}
