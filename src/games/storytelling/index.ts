/**
 * The cooperative storytelling variant of CIA: Collect It All, played with the Collection
 * Deck's cards. Rules: the STORYTELLING RULES of /work/shared/seeds/002; rulings S1-S19 in
 * docs/rules/collection-deck.md ("Storytelling").
 */
import type { GameEngine, Outcome } from '../contract.ts';
import { defineGame } from '../define.ts';
import { applyAction } from './apply.ts';
import { nameOf, storyCards } from './cards.ts';
import { COMPUTER_STRATEGIES, computerMove, explainMove } from './computer.ts';
import { legalActions } from './legal.ts';
import { storyPicture } from './picture.ts';
import { storyChart } from './chart.ts';
import { boardPanel, privatePanel } from './present.ts';
import { MAX_SEATS, MIN_SEATS, setupGame } from './setup.ts';
import { debrief, SESSION_PROMPT, sessionFigures, storyMarkdown } from './story.ts';
import type { StAction, StOptions, StState } from './types.ts';
import { actionSchema, optionsSchema } from './types.ts';
import type { StView } from './view.ts';
import { buildView } from './view.ts';
import { waits } from './waits.ts';
import { plural } from '../text.ts';

export const RULES_SUMMARY = `**CIA: Collect It All — Storytelling** (cooperative): together, tell the story of the analysts and officers defusing crises, using the Collection Deck's cards.
**Setup:** each player holds five cards (techniques and helpful reality checks). Players take turns creating crises, two more than the players: draw two, keep one, and introduce it in your own words (what it is about, how the agency heard, the cost of failure).
**Your turn, one of:** *Collect Intelligence*: place a technique that matches a crisis (shared aspect, range covering the difficulty; one per discipline per crisis) and tell what you learned. *Conduct an Operation* on a crisis with its required techniques: pick one of eight approaches or your own, describe it, draw a Resolution card (discard another matching technique for a second draw and keep the better), narrate the outcome; success defuses the crisis. *Draw a New Hand*: discard any, draw to five, tell a rumour. Anyone may put a helpful reality check on a crisis at any time. Refill to five after your turn.
**Round end:** every crisis without new intelligence this round escalates; the third escalation means it failed (tell the consequences, create a new crisis). The second failure is defeat; defusing every crisis on the table is victory.
**Never blocked:** every prompt has a deadline; a silent player's line is written by the bot from the cards, marked as such. \`/game export\` gives the whole story. Rulings S1-S19: read any with \`/game rules ruling:S1\`.`;

/** Ruling S18: solo play is allowed, and the lobby says how much harder it is. */
export const SOLO_NOTE =
  '⚠️ **Solo play is much harder** (ruling S18): one storyteller faces three crises with one turn a round, so at least two escalate every round. Even the best computer, the Station chief, wins about 4 games in 10 alone and 4 in 5 with one partner. Add a computer storyteller from the menu below to play with one.';

export type StorytellingEngine = GameEngine<StState, StAction, StOptions, StView>;

const SLASH_ACTIONS = [
  'collect',
  'operate',
  'help',
  'tell',
  'keep-crisis',
  'accept',
  'pick',
  'boost',
] as const;

export const storytelling: StorytellingEngine = defineGame<StState, StAction, StOptions, StView>({
  id: 'storytelling',
  name: 'CIA: Collect It All — Storytelling',
  minPlayers: MIN_SEATS,
  maxPlayers: MAX_SEATS,
  rulesSummary: RULES_SUMMARY,
  optionsSchema,
  actionSchema,
  slashActions: SLASH_ACTIONS,
  computerStrategies: COMPUTER_STRATEGIES,
  lobbyNote: (seats) => (seats.length === 1 ? SOLO_NOTE : null),
  setup: (args) => setupGame(storyCards(), args),
  apply: (state, actor, action) => applyAction(storyCards(), state, actor, action),
  view: (state, viewer) => buildView(storyCards(), state, viewer),
  outcome: (state): Outcome | null =>
    state.result
      ? { winners: state.result.victory ? state.seats.map((x) => x.id) : [], summary: state.result.summary }
      : null,
  waits: (state) => waits(storyCards(), state),
  legalActions: (state, player) => legalActions(storyCards(), state, player),
  /** A Resolution card by its text, any other card by its name. */
  label: (_state, _action, value) => storyCards().resolutions.get(value)?.text ?? nameOf(storyCards(), value),
  computerAction: (state, player) => computerMove(storyCards(), state, player),
  explainAlternative: (state, actor, alternative) => explainMove(storyCards(), state, actor, alternative),
  present: (view, ctx) => (ctx.viewer === null ? boardPanel(view) : privatePanel(view)),
  picture: storyPicture,
  chart: storyChart,
  debrief: (state) => debrief(storyCards(), state),
  story: (state) => storyMarkdown(storyCards(), state),
  roundOf: (state) => state.round,
  sessionFigures: (state) => sessionFigures(storyCards(), state),
  sessionPrompt: SESSION_PROMPT,
  glance: (state) =>
    `Round ${state.round} · ${plural(state.table.length, 'crisis', 'crises')} open · defused ${state.defused.length} · failed ${state.failed.length}/2`,
});
