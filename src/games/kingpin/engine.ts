/**
 * Kingpin: The Hunt for El Chapo (CIA, 2015), with the bot as Referee: two team seats, the
 * Cartel and the Hunters, each seeing only its own secret board.
 */
import type { Debrief, GameEngine } from '../contract.ts';
import { defineGame } from '../define.ts';
import { applyAction } from './apply.ts';
import { kingpinReference } from './cards.ts';
import { explainAlternative } from './review.ts';
import { cardName, content, discsPlaced, seatOf, totalCircles } from './board.ts';
import { COMPUTER_STRATEGIES, computerMove } from './computer.ts';
import { sideToAct } from './apply.ts';
import { actionLabel } from './labels.ts';
import { legalActions } from './legal.ts';
import { drawPicture } from './picture.ts';
import { kingpinChart } from './chart.ts';
import { present } from './present.ts';
import { revealMarkdown, revealOf } from './reveal.ts';
import { glance, SESSION_PROMPT, sessionFigures } from './session.ts';
import { setupGame } from './setup.ts';
import type { KpAction, KpOptions, KpState } from './types.ts';
import { actionSchema, optionsSchema } from './types.ts';
import type { KpView } from './view.ts';
import { buildView } from './view.ts';
import { waits } from './waits.ts';

export type KingpinEngine = GameEngine<KpState, KpAction, KpOptions, KpView>;

export const RULES_SUMMARY = `**Kingpin: The Hunt for El Chapo** (CIA, 2015): two teams and the bot as Referee. The **Cartel** hides El Chapo, his Needs and Defenses on a Hidden board; the **Hunters** unravel his network on a Found-area topography display and strike on the public Fixed board.
**Setup:** the Cartel blindly draws 1 Defense and 3 Needs and places them and Chapo (Needs on suitable terrain, Defenses in legal boxes).
**Cartel turn:** up to 3 actions, at most 2 of them Chapo actions (move him anywhere — Hidden to Fixed allowed, never back — or Fulfil a Need at his Location, once a turn). Defenses cost 1 action to place or move, 2 if marked $$. Draw Needs any time in the turn.
**Hunter turn:** one more Intelligence pawn each turn (up to 6). Plan, confirm, then resolve Intelligence on topography cards (face-down Nexus flip; face-down Support on 4-6; a found Nexus flips a linked Support; a Lead on 4-6 Fixes the linked Needs and Defenses). Cards with Leads may be moved to their Fixed Location. Then plan and resolve Police (4-6: Fix something at a Location, follow a Lead, Finish a Fixed card) and the Marina (a sure Police result; on a Location where Chapo is Fixed, capture).
**Victory:** Hunters on capture; Cartel after 8 turns with at least half the Needs circles filled; otherwise a draw. Hidden Defenses are announced only as "a Hidden Defense was used"; a Mobility Defense's free Chapo move is used only when the Cartel chooses it, and when a search makes it Fix one thing where anything is Hidden, the Cartel always chooses. Rulings: read any with \`/game rules ruling:R1\`.`;

const SLASH_ACTIONS = [
  'move-chapo',
  'fulfil',
  'place-defense',
  'draw-need',
  'end-turn',
  'add-pawn',
  'confirm',
  'resolve',
  'fix-card',
] as const;

function debrief(s: KpState): Debrief {
  const c = content();
  const needs = c.needs
    .filter((n) => {
      const z = s.cards[n.id]?.zone;
      return z === 'hidden' || z === 'fixed' || z === 'finished';
    })
    // Discord renders no Markdown tables: one bulleted line per Need, bold labels.
    .map(
      (n) =>
        `- **${n.name}**: ${s.cards[n.id]?.zone ?? ''} · discs ${s.cards[n.id]?.discs ?? 0}/${n.circles}`,
    );
  const found = s.topo.filter((t) => t.faceUp).map((t) => cardName(t.card));
  const reveal = revealOf(s);
  const markdown = [
    '## Kingpin — debrief',
    s.result ? s.result.summary : `Game in progress, turn ${s.turn}.`,
    '',
    '**Needs** (where each ended, discs on its circles):',
    ...needs,
    '',
    `Circles filled: ${discsPlaced(s)} of ${totalCircles(s)}. Network found: ${found.join(', ') || 'no one'}.`,
    `Chapo ${s.chapo.captured ? 'captured' : s.chapo.fixed ? 'Fixed but free' : 'never Fixed'}; Needs and Defenses Fixed or Finished: ${Object.values(s.cards).filter((c) => c.zone === 'fixed' || c.zone === 'finished').length}.`,
    ...(reveal ? ['', ...revealMarkdown(reveal)] : []),
  ].join('\n');
  return { markdown, data: { result: s.result, turn: s.turn, chapo: s.chapo, cards: s.cards, topo: s.topo } };
}

export const kingpin: KingpinEngine = defineGame<KpState, KpAction, KpOptions, KpView>({
  id: 'kingpin',
  name: 'Kingpin: The Hunt for El Chapo',
  minPlayers: 2,
  maxPlayers: 2,
  rulesSummary: RULES_SUMMARY,
  optionsSchema,
  actionSchema,
  slashActions: SLASH_ACTIONS,
  computerStrategies: COMPUTER_STRATEGIES,
  teams: { maxMembers: 3 },
  setup: (args) => setupGame(args),
  apply: (state, actor, action) => applyAction(state, actor, action),
  explainAlternative,
  // R36: picking a Defense (or the next setup item) is the first click of a move, not a decision.
  halfMoves: ['pick', 'focus'],
  view: (state, viewer) => buildView(state, viewer),
  activePlayers: (state) => {
    const side = sideToAct(state);
    return side ? (state.seats.find((x) => x.side === side)?.members ?? []) : [];
  },
  // A turn pair (the Cartel behind its screen, then the Hunters) is a round for pacing.
  roundOf: (state) => state.turn,
  outcome: (state) =>
    state.result ? { winners: state.result.winners, summary: state.result.summary } : null,
  waits: (state) => waits(state),
  legalActions: (state, player) => {
    const seat = seatOf(state, player);
    return seat ? legalActions(state, seat.side) : [];
  },
  label: (state, action) => actionLabel(state, action),
  computerAction: (state, player) => computerMove(state, player),
  present: (view) => present(view),
  picture: (view) => drawPicture(view),
  chart: kingpinChart,
  debrief: (state) => debrief(state),
  viewerReference: (state, viewer) => kingpinReference(state, viewer),
  glance,
  sessionFigures,
  sessionPrompt: SESSION_PROMPT,
  glossary: [
    'nexus',
    'support',
    'topography',
    'needs',
    'defense',
    'find',
    'fix',
    'finish',
    'lead',
    'link',
    'record',
    'marina',
    'tradecraft',
  ],
});
