/**
 * The end of a turn (rulebook 6, ruling R13): draw a collection card; a red one is played at
 * once, a blue one waits for its drawer to play or hold it; then the next seat acts.
 */
import { drawCard, recordCrisis } from './board.ts';
import { cardOf } from './content/index.ts';
import { playCard } from './effects.ts';
import { ACTIONS_PER_TURN, type ColState } from './types.ts';
import { literal } from '../text.ts';

export function nextTurn(state: ColState): void {
  if (state.outcome) return;
  recordCrisis(state);
  const current = state.stage.kind === 'over' || state.stage.kind === 'roles' ? -1 : state.stage.seat;
  const seat = (current + 1) % state.seats.length;
  state.stage = { kind: 'act', seat, actionsLeft: ACTIONS_PER_TURN, extraDice: 0 };
  state.turn++;
  state.step = 0;
  state.stats.turns++;
}

export function endTurn(state: ColState, seat: number, announce: string[]): void {
  if (state.outcome) return;
  const card = drawCard(state, announce);
  const name = literal(state.seats[seat]?.name ?? 'Someone');
  if (card === null) {
    announce.push(`${name} ends the turn; no collection card is left to draw.`);
    nextTurn(state);
    return;
  }
  const c = cardOf(card);
  if (c.label === 'red') {
    announce.push(`${name} ends the turn and draws a red card.`);
    // Red cards act where the drawer stands, at once.
    state.stage = { kind: 'drawn', seat, card };
    playCard(state, seat, card, announce);
    nextTurn(state);
    return;
  }
  announce.push(`${name} ends the turn and draws a blue card: play it now or hold it.`);
  state.stage = { kind: 'drawn', seat, card };
  state.step++;
}
