/**
 * Study sessions: what a class compares across tables of one COLLECTION deal (turns to finish
 * or the crisis that was lost, collaboration bonuses used, reports per role), and the line a
 * facilitator reads while they play.
 */
import type { SessionFigure } from '../contract.ts';
import { roleOf, scenarioCard } from './content/index.ts';
import { COLOURS, CRISIS_DEFEAT, type ColState, type Scenario } from './types.ts';

const title = (s: Scenario): string => (s.card ? scenarioCard(s.card).title : `Scenario ${s.letter}`);
const reportsIn = (s: Scenario): number => COLOURS.reduce((n, c) => n + s.reports[c], 0);

export function glance(state: ColState): string {
  const crises = state.scenarios.map((s) => `${s.letter} ${s.card ? s.crisis : '—'}`).join(' · ');
  const reports = state.scenarios.reduce((n, s) => n + reportsIn(s), 0);
  const head = state.outcome
    ? `${state.outcome.victory ? 'won' : 'lost'} on turn ${state.stats.turns}`
    : `turn ${state.stats.turns}`;
  return `${head} · crises ${crises} · reports ${reports}/30`;
}

/** How the game ended: the turns it took to win, or the crisis that was lost and when. */
function result(state: ColState): string {
  if (!state.outcome) return `not finished (turn ${state.stats.turns})`;
  if (state.outcome.victory) return `won in ${state.stats.turns} turns`;
  const lost = state.scenarios.find((s) => s.card && s.crisis >= CRISIS_DEFEAT);
  return `lost on turn ${state.stats.turns}: ${lost ? title(lost) : 'a crisis'} reached ${CRISIS_DEFEAT}`;
}

export function sessionFigures(state: ColState): SessionFigure[] {
  const st = state.stats;
  const roles = state.seats.flatMap((s) => (s.role ? [s.role] : []));
  return [
    { name: 'Result', value: result(state) },
    {
      name: 'Scenarios complete',
      value: `${state.scenarios.filter((s) => s.completed).length}/${state.scenarios.length}`,
    },
    { name: 'Highest crisis', value: `${Math.max(...state.scenarios.map((s) => (s.card ? s.crisis : 0)))}` },
    { name: 'Collaboration bonuses used (rolls helped)', value: `${st.bonuses ?? 0} of ${st.rolls} rolls` },
    { name: 'Reports placed / crises lowered', value: `${st.reports} / ${st.lowered}` },
    ...roles.map((r) => ({ name: `Reports, ${roleOf(r).name}`, value: `${st.byRole?.[r] ?? 0}` })),
  ];
}

export const SESSION_PROMPT =
  'For discussion: which table worked together most (collaboration bonuses), which role reported most, and did it decide the game?';
