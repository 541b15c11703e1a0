/**
 * Applies one action: the gate (game over, seat, turn, stage), the role draft, playing or holding
 * blue cards and ending the turn here; Move and Engage (move-engage.ts), Roll and using a report
 * (reporting.ts). Refusals cite their rule (errors.ts).
 */
import type { Applied, Result } from '../contract.ts';
import { cardOf, roleOf } from './content/index.ts';
import { playCard } from './effects.ts';
import { refuse, SECTIONS } from './errors.ts';
import { legalRoles } from './roles.ts';
import { cloneState } from './clone.ts';
import { endTurn, nextTurn } from './turn.ts';
import type { ColAction, ColState, SeatState, Stage } from './types.ts';
import { done, type Step } from './action-step.ts';
import { engage, move } from './move-engage.ts';
import { roll, useReport } from './reporting.ts';
import { literal } from '../text.ts';

function play(state: ColState, seat: number, card: string, announce: string[]): Step {
  const me = state.seats[seat] as SeatState;
  const st = state.stage;
  if (st.kind === 'drawn' && st.card === card) {
    playCard(state, seat, card, announce);
    nextTurn(state);
    return done(state, announce);
  }
  if (st.kind !== 'act' || !me.held.includes(card))
    return refuse(
      'card-not-held',
      SECTIONS.cards,
      `Play ${safeName(card)}`,
      st.kind === 'drawn'
        ? 'you can only play or hold the card you just drew now'
        : 'you do not hold that card',
      st.kind === 'drawn'
        ? 'Play or hold the card you drew.'
        : 'Held blue cards are played on your own turn, between actions.',
    );
  me.held = me.held.filter((c) => c !== card);
  state.step++;
  playCard(state, seat, card, announce);
  return done(state, announce);
}

const safeName = (card: string): string => {
  try {
    return cardOf(card).name;
  } catch {
    return card;
  }
};

export function applyAction(input: ColState, actor: string, action: ColAction): Result<Applied<ColState>> {
  if (input.outcome)
    return refuse(
      'game-over',
      SECTIONS.over,
      'That move',
      'the game is over',
      'Start a new game with /game start.',
    );
  const seat = input.seats.findIndex((s) => s.id === actor);
  const stage = input.stage;
  if (stage.kind === 'over')
    return refuse('game-over', SECTIONS.over, 'That move', 'the game is over', 'Start a new game.');
  if (seat < 0)
    return refuse(
      'not-seated',
      SECTIONS.play,
      'That move',
      'you have no seat at this table',
      'Watch the board, or join the next game (/game start, or Join in a lobby).',
    );
  if (seat !== stage.seat) {
    const who = literal(input.seats[stage.seat]?.name ?? 'another analyst');
    return refuse(
      'not-your-turn',
      SECTIONS.play,
      'That move',
      `it is ${who}'s turn`,
      'Wait for your turn; held blue cards are played on your own turn.',
    );
  }
  const allowed: Record<typeof stage.kind, ColAction['type'][]> = {
    roles: ['role'],
    act: ['move', 'engage', 'roll', 'play', 'end'],
    report: ['report'],
    drawn: ['play', 'hold'],
  };
  if (!allowed[stage.kind].includes(action.type)) {
    const hint = {
      roles: 'Choose your role first.',
      act: 'Move, Engage, Roll, play a held card or End turn.',
      report: 'Decide how to use your report first.',
      drawn: 'Play or hold the blue card you drew first.',
    };
    return refuse(
      'wrong-stage',
      SECTIONS.play,
      `${action.type} now`,
      'the game is waiting for another decision',
      hint[stage.kind],
    );
  }
  const state = cloneState(input);
  const announce: string[] = [];
  switch (action.type) {
    case 'role': {
      const me = state.seats[seat] as SeatState;
      const legal = legalRoles(state, seat);
      if (!legal.includes(action.role))
        return refuse(
          'role-unavailable',
          SECTIONS.roles,
          `Take the ${roleOf(action.role).name} role`,
          'it is taken or would leave a mandatory role unfilled',
          `Choose one of: ${legal.map((r) => roleOf(r).name).join(', ')}.`,
        );
      me.role = action.role;
      announce.push(`🧑‍💼 ${literal(me.name)} is the ${roleOf(action.role).name}.`);
      const next = state.seats.findIndex((s) => s.role === null);
      state.turn++;
      if (next >= 0) state.stage = { kind: 'roles', seat: next };
      else {
        // nextTurn starts from the seat after the current stage's: from 'over', seat 0; then the
        // seat chosen to start takes it (ruling R22).
        state.stage = { kind: 'over' };
        nextTurn(state);
        const first = state.first ?? 0;
        const begun = state.stage as Stage;
        if (begun.kind === 'act') begun.seat = first;
        announce.push(
          `The analysts begin. ${literal(state.seats[first]?.name ?? '')} acts first: two actions among Move, Engage and Roll.`,
        );
      }
      return done(state, announce);
    }
    case 'move':
      return move(state, seat, action.scenario, action.collector, announce);
    case 'engage':
      return engage(state, seat, action.colour, announce);
    case 'roll':
      return roll(state, seat, action.colour, announce);
    case 'report':
      return useReport(state, seat, action.use, announce);
    case 'play':
      return play(state, seat, action.card, announce);
    case 'hold': {
      if (stage.kind !== 'drawn') throw new Error('hold outside a draw');
      const me = state.seats[seat] as SeatState;
      me.held.push(stage.card);
      announce.push(`${literal(me.name)} holds the blue card for later.`);
      nextTurn(state);
      return done(state, announce);
    }
    case 'end': {
      // endTurn announces the end of the turn with the card drawn: once.
      endTurn(state, seat, announce);
      return done(state, announce);
    }
  }
}
