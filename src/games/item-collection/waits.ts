/**
 * Who the table waits for, and what is played for them if they never answer (rulings R16-R18
 * in docs/rules/item-collection.md). Every default is a move the seat itself may make.
 */
import type { Wait } from '../contract.ts';
import { declaringSeat } from './rules.ts';
import type { IcgAction } from './schema.ts';
import type { IcgState } from './state.ts';
import { computerAction } from './strategies.ts';

type IcgWait = Wait<IcgAction>;

const rule = (n: number): string => `item-collection R${n}`;

/** R16: everyone who has not pressed Ready; the starting player turns the joker first. */
function negotiationWaits(state: IcgState): IcgWait[] {
  return state.seats.flatMap((seat, i): IcgWait[] => {
    if (state.ready[i]) return [];
    const key = `ic:${state.round}:negotiation:${i}`;
    // The joker stays as it lies, as when the negotiation timer ends first (R3).
    if (i === state.startingSeat && !state.modeChosen)
      return [
        {
          player: seat.id,
          for: 'choose High or Low, then press Ready',
          default: { type: 'mode', mode: state.mode },
          rule: rule(16),
          key,
        },
      ];
    return [{ player: seat.id, for: 'press Ready', default: { type: 'ready' }, rule: rule(16), key }];
  });
}

/**
 * R17: the declaring seat's card. A claim already made is kept when the card is in hand; a
 * placed card is claimed truthfully; otherwise the seat's computer strategy declares (the
 * Negotiator, the default level, for a human seat: it plays the card that best fits the claims
 * of the players who kept their last one, and claims it truthfully).
 */
function declarationDefault(state: IcgState, seat: number): IcgAction | null {
  const mine = state.declarations[seat];
  const id = state.seats[seat]?.id;
  if (!mine || id === undefined) return null;
  if (mine.claim !== null && mine.card === null && state.seats[seat]?.hand.includes(mine.claim))
    return { type: 'place', card: mine.claim };
  return computerAction(state, id);
}

export function waits(state: IcgState): IcgWait[] {
  switch (state.phase) {
    case 'negotiation':
      return negotiationWaits(state);
    case 'declaration': {
      const seat = declaringSeat(state);
      const player = seat === null ? undefined : state.seats[seat]?.id;
      const action = seat === null ? null : declarationDefault(state, seat);
      if (seat === null || player === undefined || action === null) return [];
      return [
        {
          player,
          for: 'declare a card (say one, place one face down)',
          default: action,
          rule: rule(17),
          key: `ic:${state.round}:declare:${seat}`,
        },
      ];
    }
    case 'swap': {
      const player = state.seats[state.startingSeat]?.id;
      if (player === undefined) return [];
      // R18: keeping changes nothing on the table and keeps the claim as it was made.
      return [
        {
          player,
          for: 'swap your face-down card or keep it',
          default: { type: 'keep' },
          rule: rule(18),
          key: `ic:${state.round}:swap`,
        },
      ];
    }
    case 'over':
      return [];
  }
}
