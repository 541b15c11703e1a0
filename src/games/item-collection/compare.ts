/**
 * Study sessions: the figures a class compares across tables of one deal (the discussion it has
 * afterwards), and the one-line glance a facilitator reads while they play.
 */
import type { SessionFigure } from '../contract.ts';
import { CARDS_TO_WIN, SEAT_COUNT, suitOf } from './cards.ts';
import { debriefFigures } from './debrief.ts';
import { promiseCounts } from './promises.ts';
import type { IcgState } from './state.ts';
import { literal, plural } from '../text.ts';

const pct = (value: number | null): string => (value === null ? '-' : `${Math.round(value * 100)}%`);
const PHASES = {
  negotiation: 'negotiation',
  declaration: 'declaration',
  swap: 'swap',
  over: 'over',
} as const;

export function glance(state: IcgState): string {
  const scores = state.seats.map((s, i) => `${suitOf(i)}${s.scored.length}`).join(' ');
  if (state.outcome) return `over after ${plural(state.history.length, 'round')} · scores ${scores}`;
  return `round ${state.round}, ${PHASES[state.phase]} · scores ${scores} (of ${CARDS_TO_WIN})`;
}

/** Cooperation, trust kept, honest claims per seat position and promises kept, at one table. */
export function sessionFigures(state: IcgState): SessionFigure[] {
  const data = debriefFigures(state);
  const winners = state.seats.filter((s) => data.table.winners.includes(s.id)).map((s) => literal(s.name));
  const seats = Array.from({ length: SEAT_COUNT }, (_, seat): SessionFigure => {
    const p = data.players[seat];
    return {
      name: `Honest claims, seat ${seat + 1} ${suitOf(seat)}`,
      value: p ? `${p.honestClaims}/${p.claims}` : '-',
    };
  });
  const promises = promiseCounts(data.promises);
  return [
    { name: 'Rounds played', value: `${state.history.length}` },
    { name: 'Cooperation rate (true claims)', value: pct(data.table.cooperationRate) },
    { name: 'Trust kept', value: pct(data.table.trustKeptRate) },
    ...seats,
    // Only promises the form made exact are judged (R20); words are the table's to judge.
    {
      name: 'Promises kept (of those judged)',
      value: promises.promisesJudged ? `${promises.promisesKept}/${promises.promisesJudged}` : '-',
    },
    { name: 'Promises for the table to judge', value: `${promises.promisesForTable}` },
    { name: 'Winners', value: winners.length ? winners.join(' & ') : 'none' },
  ];
}

export const SESSION_PROMPT =
  'For discussion: which table trusted most, and did trust pay? Did the same seat bluff at every table?';
