/**
 * The Collection Deck engine, built for a given card set: the real one in index.ts, small
 * fixtures in tests.
 */
import type { GameEngine, Outcome } from '../contract.ts';
import { ok } from '../contract.ts';
import { defineGame } from '../define.ts';
import { applyAction } from './apply.ts';
import type { CardIndex, CardSet } from './cardset.ts';
import { cardName, indexCards } from './cardset.ts';
import { explainAlternative } from './review.ts';
import { debrief, glance, results, SESSION_PROMPT, sessionFigures } from './debrief.ts';
import { COMPUTER_STRATEGIES, computerMove } from './computer.ts';
import { legalMoves } from './legal.ts';
import { cdPicture } from './picture.ts';
import { cdChart } from './chart.ts';
import { boardPanel } from './board-panel.ts';
import { privatePanel } from './hand-panel.ts';
import { queueJoin } from './round.ts';
import { setupGame } from './setup.ts';
import { seatIndexOf } from './table.ts';
import { activeUsers, phaseTimer } from './timing.ts';
import type { CdAction, CdOptions, CdState } from './types.ts';
import { actionSchema, optionsSchema } from './types.ts';
import type { CdView } from './view.ts';
import { buildView } from './view.ts';
import { waits } from './waits.ts';
import { sealWorking, workingCopy } from './working.ts';
import { cardReference } from './reference.ts';

export type CollectionDeckEngine = GameEngine<CdState, CdAction, CdOptions, CdView>;

export const RULES_SUMMARY = `**Collection Deck** (CIA, 2012) and **CIA: Collect It All** (2018): solve crises with intelligence collection techniques while the others play "the system".
**Your turn:** target one crisis on the Field with a *collection strategy*: as many techniques as the crisis requires (its points). Each technique must share an aspect (P/M/E/W) with the crisis and its range must cover the difficulty after Target cards. Reality checks can help (extend a range, add an aspect, Soft Target) or you may pass.
**Disruption:** the others may then play up to three reality checks in all (Collect It All: in turn from your left, one at a time); after each one you may respond with reality checks or a replacement technique. Think Outside the Box defeats a reality check aimed at your technique, never a Manager Challenge.
**Success** wins the crisis and its points. **Failure** leaves the surviving techniques on the crisis for anyone to complete. You may never counter your own strategy.
**Rounds** end when everyone passes in a row: the Field is refilled, you may discard, hands are refilled to seven; the player who went second starts the next round.
**Victory:** CIA edition, first to 10 points; Collect It All, at the end of the round in which someone reached 10 (most points, then most crises).
**Variants:** Manager Challenge (justify a challenged technique, the table votes, a tie favours you), Hardcore (justify every technique), team seats. Rulings: read any with \`/game rules ruling:R12\`.`;

const SLASH_ACTIONS = [
  'select-crisis',
  'play',
  'commit',
  'cancel',
  'pass',
  'justify',
  'vote',
  'abstain',
  'mulligan',
] as const;

/** Builds the engine for a card set (or a function giving it, read on first use). */
export function createEngine(source: CardSet | (() => CardSet)): CollectionDeckEngine {
  let index: CardIndex | undefined;
  const cards = (): CardIndex => (index ??= indexCards(typeof source === 'function' ? source() : source));
  return defineGame<CdState, CdAction, CdOptions, CdView>({
    id: 'collection-deck',
    name: 'Collection Deck / CIA: Collect It All',
    minPlayers: 2,
    maxPlayers: 8,
    rulesSummary: RULES_SUMMARY,
    optionsSchema,
    actionSchema,
    slashActions: SLASH_ACTIONS,
    computerStrategies: COMPUTER_STRATEGIES,
    setup: (args) => setupGame(cards(), args),
    apply: (state, actor, action) => applyAction(cards(), state, actor, action),
    view: (state, viewer) => buildView(cards(), state, viewer),
    activePlayers: (state) => {
      const seats = activeUsers(state).flatMap((i) => state.seats[i]?.members ?? []);
      // A facilitator judging a justification is who the table waits for.
      const judging = state.turn.stage === 'challenge' && state.turn.challenges[0]?.step === 'vote';
      return judging && state.facilitator !== null && state.phase === 'play' ? [state.facilitator] : seats;
    },
    roundOf: (state) => state.round,
    outcome: (state): Outcome | null => state.result,
    timer: (state) => phaseTimer(state),
    waits: (state) => waits(cards(), state),
    computerAction: (state, player) => {
      const seat = seatIndexOf(state, player);
      const strategy = seat === null ? undefined : state.seats[seat]?.computer;
      return computerMove(cards(), state, player, strategy);
    },
    legalActions: (state, player) => {
      const seat = seatIndexOf(state, player);
      return seat === null ? [] : legalMoves(cards(), state, seat).map((m) => m.action);
    },
    label: (_state, _action, value) => cardName(cards(), value),
    present: (view, ctx) => (ctx.viewer === null ? boardPanel(view) : privatePanel(view)),
    picture: cdPicture,
    chart: cdChart,
    debrief: (state) => debrief(cards(), state),
    results,
    glance,
    sessionFigures,
    sessionPrompt: SESSION_PROMPT,
    glossary: [
      'humint',
      'sigint',
      'geoint',
      'masint',
      'osint',
      'technique',
      'crisis',
      'reality-check',
      'collection-strategy',
      'aspect',
      'difficulty',
      'field',
      'disruption',
      'hard-target',
      'manager-challenge',
      'think-outside-the-box',
      'satellite',
      'self-defeatist',
      'resolution',
      'tradecraft',
      'facilitator',
    ],
    teams: { maxMembers: 3 },
    reference: {
      search: (typed) => cardReference(cards()).search(typed),
      show: (id) => cardReference(cards()).show(id),
    },
    explainAlternative: (state, actor, alternative, played) =>
      explainAlternative(cards(), state, actor, alternative, played),
    join: (state, seat) => {
      const s = workingCopy(state);
      const announce: string[] = [];
      const r = queueJoin(s, seat, announce);
      if (!r.ok) return r;
      s.seq++;
      return ok({ state: sealWorking(s), announce });
    },
  });
}
