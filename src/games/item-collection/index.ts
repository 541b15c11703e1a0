/**
 * The Item Collection Game: four players, one suit each, a prisoner's-dilemma of claims and
 * face-down cards. Rules: /work/shared/seeds/004 and rulings in docs/rules/item-collection.md.
 */
import type { GameEngine, PhaseTimer } from '../contract.ts';
import { SEAT_COUNT } from './cards.ts';
import { debriefState } from './debrief.ts';
import { autocomplete } from './legal.ts';
import { tablePicture } from './picture.ts';
import { present } from './present.ts';
import { applyAction } from './rules.ts';
import { actionSchema, optionsSchema, SLASH_ACTIONS, type IcgAction, type IcgOptions } from './schema.ts';
import { setupState, type IcgState } from './state.ts';
import { computerAction, COMPUTER_STRATEGIES } from './strategies.ts';
import { activePlayers, viewState, type IcgView } from './view.ts';
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
Scored cards stay face up beside their owner. A losing card is shuffled back into its owner's deck; everyone draws back to seven.`;

function timer(state: IcgState): PhaseTimer<IcgAction> | null {
  if (state.phase !== 'negotiation' || state.negotiationMinutes <= 0) return null;
  const durationMs = state.negotiationMinutes * MINUTE_MS;
  return {
    key: `item-collection:round-${state.round}:negotiation`,
    durationMs,
    reminderBeforeMs: Math.min(MINUTE_MS, durationMs / 2),
    label: 'Negotiation',
    action: { type: 'endNegotiation' },
  };
}

export const itemCollection: GameEngine<IcgState, IcgAction, IcgOptions, IcgView> = {
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
  activePlayers,
  outcome: (state) => state.outcome,
  timer,
  waits,
  computerAction,
  autocomplete,
  present,
  picture: tablePicture,
  debrief: debriefState,
};
