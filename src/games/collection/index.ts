/**
 * COLLECTION: A Game of Influence and Collaboration (CIA, 2017). A cooperative board game for
 * 3-7 analysts: engage collectors, roll for reporting, fill three scenarios' reports circles
 * before any crisis reaches ten. Rules: /work/shared/seeds/000; rulings: docs/rules/collection.md.
 */
import type { Debrief, PlayerId } from '../contract.ts';
import { defineGame } from '../define.ts';
import { applyAction } from './apply.ts';
import { explainAlternative } from './review.ts';
import { COMPUTER_STRATEGIES, computerMove } from './computer.ts';
import { cardOf, roleOf, scenarioCard } from './content/index.ts';
import { allChoices, choices } from './legal.ts';
import { picture } from './picture.ts';
import { colChart } from './chart.ts';
import { present } from './present.ts';
import { glance, SESSION_PROMPT, sessionFigures } from './session.ts';
import { setupState } from './setup.ts';
import {
  actionSchema,
  COLOURS,
  optionsSchema,
  SLASH_ACTIONS,
  type ColAction,
  type ColOptions,
  type ColState,
} from './types.ts';
import { viewState, type ColView } from './view.ts';
import { waits } from './waits.ts';

export type { ColAction, ColOptions, ColState } from './types.ts';
export type { ColView } from './view.ts';
export type { Level } from './computer.ts';

export const RULES_SUMMARY = `**COLLECTION** (CIA, 2017): a cooperative game for 3-7 analysts. The table wins or loses together.
**Roles.** Political, Military and Economic Analysts are always in; the fourth player is the Collection Analyst; from five, Leadership, Science Technology & Weapons and Targeting. Each engages and rolls for its colour (blue political, red military, green economic); the Collection and Targeting Analysts work any colour with half their gems as dice.
**Your turn: two actions** among **Move** (another collector in the same scenario, or the same collector in another scenario), **Engage** (a gem of your colour where you stand; the first gem puts the collector's coin on the response ladder at the crisis level or 3, whichever is lower) and **Roll for reporting** (one d10 per gem of the report's colour; any die below the response level gives one report; 0 counts as 10). Standing with other analysts adds dice or response levels: each role's **Together** line, shown while roles are chosen and in My view.
**Reports** fill the scenario's reports circle or lower its crisis by one, never below four (the Collection Analyst only fills). A full circle completes the scenario: crisis back to 1, every collector's response down three.
**Then draw a collection card:** red ones act at once, blue ones may be held and played on your own turn (free). Crisis Expansion cards raise a crisis and open Scenarios B and C.
**Victory** when all three scenarios' circles are full; **defeat** the moment any crisis reaches 10.
Rulings (where you start, the response floor, collector affinities…): read any with \`/game rules ruling:R11\` (R1-R24).`;

function legalActions(state: ColState, player: PlayerId): ColAction[] {
  const seat = state.seats.findIndex((s) => s.id === player);
  return seat < 0 ? [] : allChoices(choices(state, seat));
}

/** Cards and roles by name; other values as they are. */
const label = (_state: ColState, a: ColAction, value: string): string =>
  a.type === 'play' ? cardOf(a.card).name : a.type === 'role' ? roleOf(a.role).name : value;

/** "1 report", "2 reports". */
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function debrief(state: ColState): Debrief {
  const st = state.stats;
  const rows = state.scenarios.map((s) => {
    const title = s.card ? scenarioCard(s.card).title : '—';
    const reports = COLOURS.map((c) => s.reports[c]).join('/');
    // Discord renders no Markdown tables: one bulleted line per scenario, bold labels.
    return `- **Scenario ${s.letter}: ${title}**: crisis ${s.card ? s.crisis : '—'} · reports P/M/E ${reports} · ${s.completed ? 'complete' : 'not complete'}`;
  });
  const markdown = [
    '## COLLECTION: debrief',
    state.outcome?.summary ?? `Game in progress, turn ${st.turns}.`,
    '',
    ...rows,
    '',
    [
      count(st.turns, 'turn'),
      count(st.rolls, 'roll'),
      `${count(st.reports, 'report')} placed`,
      `${count(st.lowered, 'crisis', 'crises')} lowered by a report`,
      `${count(st.cards, 'card')} played`,
    ].join(', ') + '.',
  ].join('\n');
  return {
    markdown,
    data: {
      outcome: state.outcome,
      stats: st,
      roles: state.seats.map((s) => ({ id: s.id, role: s.role })),
      scenarios: state.scenarios.map((s) => ({
        letter: s.letter,
        card: s.card,
        crisis: s.crisis,
        reports: s.reports,
        completed: s.completed,
      })),
    },
  };
}

export const collection = defineGame<ColState, ColAction, ColOptions, ColView>({
  id: 'collection',
  name: 'COLLECTION',
  minPlayers: 3,
  maxPlayers: 7,
  rulesSummary: RULES_SUMMARY,
  optionsSchema,
  actionSchema,
  slashActions: SLASH_ACTIONS,
  computerStrategies: COMPUTER_STRATEGIES,
  setup: setupState,
  apply: applyAction,
  explainAlternative,
  view: viewState,
  // Each analyst's turn (and each role pick) is a round for pacing a table of computers.
  roundOf: (state) => state.turn,
  outcome: (state) =>
    state.outcome ? { winners: state.outcome.winners, summary: state.outcome.summary } : null,
  waits,
  legalActions,
  label,
  computerAction: computerMove,
  present,
  picture,
  chart: colChart,
  debrief,
  glance,
  sessionFigures,
  sessionPrompt: SESSION_PROMPT,
  glossary: [
    'humint',
    'sigint',
    'geoint',
    'osint',
    'scenario',
    'collector',
    'engagement',
    'response-level',
    'crisis-level',
    'report',
    'affinity',
    'collocation',
    'dh',
    'do',
    'nga',
    'nsa',
    'ose',
    'state',
    'tradecraft',
    'facilitator',
    'icbm',
    'isil',
  ],
});
