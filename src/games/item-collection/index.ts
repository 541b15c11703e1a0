/**
 * The Item Collection Game: four players, one suit each, a prisoner's-dilemma of claims and
 * face-down cards. Rules: ../shared/seeds/004_ac1ab69c0e602410.txt (from the repository root) and rulings in
 * docs/rules/item-collection.md.
 */
import type { PhaseTimer } from '../contract.ts';
import { defineGame } from '../define.ts';
import { SEAT_COUNT } from './cards.ts';
import { glance, SESSION_PROMPT, sessionFigures } from './compare.ts';
import { debriefState, results } from './debrief.ts';
import { autocomplete, legalActions } from './legal.ts';
import { tablePicture } from './picture.ts';
import { icgChart } from './chart.ts';
import { present } from './present.ts';
import { applyAction } from './rules.ts';
import { actionSchema, optionsSchema, SLASH_ACTIONS, type IcgAction, type IcgOptions } from './schema.ts';
import { setupState, type IcgState } from './state.ts';
import { computerAction, COMPUTER_STRATEGIES } from './strategies.ts';
import { explainAlternative } from './review.ts';
import { viewState, type IcgView } from './view.ts';
import { waits } from './waits.ts';

export type { IcgAction, IcgOptions } from './schema.ts';
export type { IcgState } from './state.ts';
export type { IcgView } from './view.ts';

const MINUTE_MS = 60_000;

const RULES_SUMMARY = `**Item Collection Game** (exactly 4 players, semi-cooperative bluffing)
Each player owns one suit (♠ ♥ ♦ ♣, 2 to A) and holds seven cards. Score **five** cards to win; everyone who reaches five in the same round wins together.

**Each round**
1. **Negotiation.** The starting seat moves one to the left (not in round 1) and turns a joker: black = **High**, red = **Low**. Talk in the channel, then press Ready.
2. **Declaration.** From the starting player, in seat order, each player says a card (public, may be a bluff) and places a card face down (secret). Later players hear the earlier claims.
3. **Swap.** The starting player may swap their face-down card once, or keep it.
4. **Reveal.** The four cards are scored as one set:
- Four of a kind, large straight (4 in a row), two pair: all four score.
- Three of a kind, small straight (3 in a row): those three score. A small straight beats a pair on the same table.
- Pair: those two score.
- Otherwise the single highest (High) or lowest (Low) card scores; the ace is high.
Straights run 2..A or A..K: A-2-3-4 and J-Q-K-A count, K-A-2-3 does not.
Scored cards stay face up beside their owner. A losing card is shuffled back into its owner's deck; everyone draws back to seven.

**Rulings that surprise players**
- **R7 Aces in straights:** the ace runs low (A-2-3) or high (Q-K-A), never both, so K-A-2-3 is no large straight, though its A-2-3 scores as a small straight.
- **R8 Equal cards in a small straight:** with 5-6-7-7 on the table, the 7 whose claim was true joins the straight (if both or neither, the one declared first); the other 7 does not score.
- **R9 The ace in Low:** the ace is always the highest card, so in Low the 2 is the lowest and the ace never scores as the lowest card.
- **R17 A silent declarer:** if the declaring player runs out of time, their turn is played for them honestly: a card they claimed and hold is placed, otherwise the card that best fits the earlier claims of the players who kept their last one is claimed and placed (as the default computer, the Negotiator, would).
- **R19 The joker deadline:** if the negotiation ends (timer or facilitator) before the starting player turned a joker, they get one more minute to choose High or Low; after that the joker stays as it lies.

**Promises:** during negotiation anyone may press **Promise** and write a short public statement ("I'll play a 7"). The bot records it on the board and in the transcript, and the debrief compares it with what you then claimed and played.`;

/** R19: how long a starting player has to turn a joker once the negotiation is over. */
export const JOKER_DEADLINE_MS = MINUTE_MS;

function timer(state: IcgState): PhaseTimer<IcgAction> | null {
  if (state.phase === 'negotiation' && state.jokerDeadline)
    return {
      key: `item-collection:round-${state.round}:joker`,
      durationMs: JOKER_DEADLINE_MS,
      label: 'Choice of High or Low',
      action: { type: 'endNegotiation' },
    };
  if (state.phase !== 'negotiation' || state.negotiationMinutes <= 0) return null;
  const durationMs = state.negotiationMinutes * MINUTE_MS;
  return {
    key: `item-collection:round-${state.round}:negotiation`,
    durationMs,
    reminderBeforeMs: Math.min(MINUTE_MS, durationMs / 2),
    label: 'Negotiation',
    action: { type: 'endNegotiation' },
    option: 'negotiation',
  };
}

export const itemCollection = defineGame<IcgState, IcgAction, IcgOptions, IcgView>({
  id: 'item-collection',
  name: 'Item Collection Game',
  minPlayers: SEAT_COUNT,
  maxPlayers: SEAT_COUNT,
  rulesSummary: RULES_SUMMARY,
  optionsSchema,
  actionSchema,
  slashActions: SLASH_ACTIONS,
  computerStrategies: COMPUTER_STRATEGIES,
  setup: setupState,
  apply: applyAction,
  view: viewState,
  outcome: (state) => state.outcome,
  timer,
  waits,
  legalActions,
  computerAction,
  autocomplete,
  present,
  picture: tablePicture,
  chart: icgChart,
  debrief: debriefState,
  results,
  glossary: ['tradecraft', 'facilitator', 'prisoners-dilemma'],
  roundOf: (state) => state.round,
  glance,
  sessionFigures,
  sessionPrompt: SESSION_PROMPT,
  explainAlternative,
});
