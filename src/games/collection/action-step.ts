/**
 * What the turn's actions share: their result (the announcements, also kept in the log),
 * spending one of the turn's two actions, and the gem colour an Engage or a Roll uses (the
 * role's own, or the one named when the role may use any).
 */
import type { Applied, Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { COLOUR_NAME } from './board.ts';
import { refuse, SECTIONS } from './errors.ts';
import { roleColours, seatRole } from './rules.ts';
import { endTurn } from './turn.ts';
import type { ColState, Colour, SeatState } from './types.ts';

export type Step = Result<Applied<ColState>>;

export const done = (state: ColState, announce: string[]): Step => {
  state.log = [...state.log, ...announce].slice(-12);
  return ok({ state, announce });
};

/** Spends one action; the turn ends (with its draw) when none are left. */
export function spend(state: ColState, seat: number, announce: string[]): void {
  const st = state.stage;
  if (st.kind !== 'act' || state.outcome) return;
  st.actionsLeft--;
  state.step++;
  if (st.actionsLeft <= 0) endTurn(state, seat, announce);
}

export function colourFor(me: SeatState, wanted: Colour | undefined, verb: string): Result<Colour> {
  const role = seatRole(me);
  if (wanted === undefined) {
    if (role.colour) return ok(role.colour);
    return refuse(
      'colour-needed',
      SECTIONS.annex,
      `${verb} without a colour`,
      `the ${role.name} may ${verb.toLowerCase()} any colour`,
      'Name political, military or economic.',
    );
  }
  if (!roleColours(role).includes(wanted))
    return refuse(
      'wrong-colour',
      SECTIONS.annex,
      `${verb} ${COLOUR_NAME[wanted]}`,
      `the ${role.name} works with ${role.colour ? COLOUR_NAME[role.colour] : 'any'} gems only`,
      `Use ${role.colour ? COLOUR_NAME[role.colour] : 'another colour'}, or stand with an analyst who can.`,
    );
  return ok(wanted);
}
