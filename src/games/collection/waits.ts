/**
 * What the table waits for and what happens if nobody answers (ruling R16): a role pick takes
 * the first role still open; a turn ends (the card is still drawn); a report fills the circle
 * when it can; a drawn blue card is held. Every default is a move the seat itself may make.
 */
import type { Wait } from '../contract.ts';
import { legalRoles } from './roles.ts';
import { reportUses } from './rules.ts';
import type { ColAction, ColState } from './types.ts';

const RULE = 'collection R16';

export function waits(state: ColState): Wait<ColAction>[] {
  const st = state.stage;
  if (state.outcome || st.kind === 'over') return [];
  const player = state.seats[st.seat]?.id;
  if (player === undefined) return [];
  const key = `col:${state.turn}:${st.seat}:${state.step}`;
  switch (st.kind) {
    case 'roles': {
      const role = legalRoles(state, st.seat)[0];
      return role
        ? [
            {
              player,
              for: 'choose an analytic role',
              default: { type: 'role', role },
              rule: RULE,
              key: `col:role:${st.seat}`,
            },
          ]
        : [];
    }
    case 'act':
      return [
        {
          player,
          for: `take an action (${st.actionsLeft} left) or end the turn`,
          default: { type: 'end' },
          rule: RULE,
          key,
        },
      ];
    case 'report': {
      const fill = reportUses(state, st.seat, st.scenario, st.colour).fill;
      return [
        {
          player,
          for: 'use the report: fill the circle or lower the crisis',
          default: { type: 'report', use: fill ? 'fill' : 'lower' },
          rule: RULE,
          key,
        },
      ];
    }
    case 'drawn':
      return [
        { player, for: 'play or hold the blue card you drew', default: { type: 'hold' }, rule: RULE, key },
      ];
  }
}
