/**
 * Study sessions: several tables of one deal compared side by side (the discussion a class has
 * afterwards), and the one-line glance a facilitator reads while they play.
 */
import type { Debrief } from '../contract.ts';
import { CARDS_TO_WIN, SEAT_COUNT, suitOf } from './cards.ts';
import { debriefFigures } from './debrief.ts';
import { promiseCounts, type PromiseCounts } from './promises.ts';
import type { IcgState } from './state.ts';
import { literal } from '../text.ts';

const pct = (value: number | null): string => (value === null ? '-' : `${Math.round(value * 100)}%`);
const PHASES = {
  negotiation: 'negotiation',
  declaration: 'declaration',
  swap: 'swap',
  over: 'over',
} as const;

export function glance(state: IcgState): string {
  const scores = state.seats.map((s, i) => `${suitOf(i)}${s.scored.length}`).join(' ');
  if (state.outcome) return `over after ${state.history.length} rounds · scores ${scores}`;
  return `round ${state.round}, ${PHASES[state.phase]} · scores ${scores} (of ${CARDS_TO_WIN})`;
}

/** One table's figures; the promise counts (R20) count only judged promises as kept x/y. */
export interface TableComparison extends PromiseCounts {
  label: string;
  rounds: number;
  finished: boolean;
  cooperationRate: number | null;
  trustKeptRate: number | null;
  /** Per seat position: honest claims / claims. */
  honestBySeat: { honest: number; claims: number }[];
  winners: string[];
}

export function compareTables(states: IcgState[], labels: string[]): Debrief | null {
  const rows: TableComparison[] = states.map((state, i) => {
    const data = debriefFigures(state);
    return {
      label: labels[i] ?? `Table ${i + 1}`,
      rounds: state.history.length,
      finished: state.outcome !== null,
      cooperationRate: data.table.cooperationRate,
      trustKeptRate: data.table.trustKeptRate,
      honestBySeat: data.players.map((p) => ({ honest: p.honestClaims, claims: p.claims })),
      ...promiseCounts(data.promises),
      winners: state.seats.filter((s) => data.table.winners.includes(s.id)).map((s) => s.name),
    };
  });
  if (rows.every((r) => r.rounds === 0)) return null;
  // Discord renders no Markdown tables: one line per figure, the tables side by side on it.
  const line = (name: string, cell: (r: TableComparison) => string) =>
    `- **${name}**: ${rows.map((r) => `${r.label} ${cell(r)}`).join(' · ')}`;
  const seats = Array.from({ length: SEAT_COUNT }, (_, seat) =>
    line(`Honest claims, seat ${seat + 1} ${suitOf(seat)}`, (r) => {
      const s = r.honestBySeat[seat];
      return s ? `${s.honest}/${s.claims}` : '-';
    }),
  );
  const markdown = [
    `## Study session debrief: ${rows.length} tables of one deal`,
    'The same seed dealt every table the same hands, and each seat draws from its own stream, so the differences below come from how the tables played.',
    '',
    line('Rounds to finish', (r) => (r.finished ? `${r.rounds}` : `${r.rounds} (stopped)`)),
    line('Cooperation rate (true claims)', (r) => pct(r.cooperationRate)),
    line('Trust kept', (r) => pct(r.trustKeptRate)),
    ...seats,
    line('Promises kept (of those judged)', (r) =>
      r.promisesJudged ? `${r.promisesKept}/${r.promisesJudged}` : '-',
    ),
    line('Promises for the table to judge', (r) => `${r.promisesForTable}`),
    line('Winners', (r) => (r.winners.length ? r.winners.map((w) => literal(w)).join(' & ') : 'none')),
    '',
    'For discussion: which table trusted most, and did trust pay? Did the same seat bluff at every table?',
  ].join('\n');
  return { markdown, data: rows };
}
