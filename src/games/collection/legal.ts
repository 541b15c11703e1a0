/**
 * The legal choices of the seat to act, as actions: what the panel offers, what autocomplete
 * suggests and what the computer analysts choose among. Each is accepted by apply.
 */
import { cardOf } from './content/index.ts';
import { legalRoles } from './roles.ts';
import { affinity, diceFor, moveTargets, reportUses, roleColours, seatRole, targetFor } from './rules.ts';
import type { ColAction, ColState, Colour } from './types.ts';

export interface Choices {
  roles: ColAction[];
  moves: ColAction[];
  engages: ColAction[];
  rolls: ColAction[];
  reports: ColAction[];
  plays: ColAction[];
  hold: boolean;
  end: boolean;
}

const none = (): Choices => ({
  roles: [],
  moves: [],
  engages: [],
  rolls: [],
  reports: [],
  plays: [],
  hold: false,
  end: false,
});

/** Colours this seat may engage where it stands (Annex 1 and ruling R4). */
export function engageColours(state: ColState, seat: number): Colour[] {
  const me = state.seats[seat];
  if (!me?.at || !me.role) return [];
  const at = me.at;
  return roleColours(seatRole(me)).filter((c) => affinity(at.collector).includes(c));
}

/** Colours this seat may roll for where it stands now (every refusal of roll checked). */
export function rollColours(state: ColState, seat: number): Colour[] {
  const me = state.seats[seat];
  const st = state.stage;
  if (!me?.at || st.kind !== 'act' || targetFor(state, seat) === null) return [];
  const at = me.at;
  return engageColours(state, seat).filter((c) => {
    const uses = reportUses(state, seat, at.scenario, c);
    return diceFor(state, seat, c, st.extraDice).total > 0 && (uses.fill || uses.lower);
  });
}

export function choices(state: ColState, seat: number): Choices {
  const st = state.stage;
  const out = none();
  if (state.outcome || st.kind === 'over' || st.seat !== seat) return out;
  const me = state.seats[seat];
  if (!me) return out;
  switch (st.kind) {
    case 'roles':
      out.roles = legalRoles(state, seat).map((role) => ({ type: 'role', role }));
      return out;
    case 'act': {
      out.moves = moveTargets(state, seat).map((p) => ({
        type: 'move',
        scenario: p.scenario,
        collector: p.collector,
      }));
      const single = me.role !== null && seatRole(me).colour !== null;
      out.engages = engageColours(state, seat).map((colour) =>
        single ? { type: 'engage' } : { type: 'engage', colour },
      );
      out.rolls = rollColours(state, seat).map((colour) =>
        single ? { type: 'roll' } : { type: 'roll', colour },
      );
      out.plays = me.held.map((card) => ({ type: 'play', card }));
      out.end = true;
      return out;
    }
    case 'report': {
      const uses = reportUses(state, seat, st.scenario, st.colour);
      if (uses.fill) out.reports.push({ type: 'report', use: 'fill' });
      if (uses.lower) out.reports.push({ type: 'report', use: 'lower' });
      return out;
    }
    case 'drawn':
      // A card giving only extra actions or dice is wasted when drawn (the turn is over, R21):
      // it is not offered for play then, only held for a later turn (R24).
      out.plays = onlyThisTurn(st.card) ? [] : [{ type: 'play', card: st.card }];
      out.hold = true;
      return out;
  }
}

/** A card whose every effect lasts for the current turn only: extra actions or dice. */
const onlyThisTurn = (card: string): boolean =>
  cardOf(card).effects.every((e) => e.type === 'actions' || e.type === 'dice');

export function allChoices(c: Choices): ColAction[] {
  return [
    ...c.roles,
    ...c.moves,
    ...c.engages,
    ...c.rolls,
    ...c.reports,
    ...c.plays,
    ...(c.hold ? [{ type: 'hold' } as const] : []),
    ...(c.end ? [{ type: 'end' } as const] : []),
  ];
}

export const cardLabel = (id: string): string => cardOf(id).name;
