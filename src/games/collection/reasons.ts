/**
 * Why the Trainee or the Analyst chose a move, in COLLECTION's terms, for the post-game review.
 * (The Senior Analyst gives its own reasons as it decides: senior.ts.) Read from the state the
 * move was chosen in; pure.
 */
import { COLOUR_NAME } from './board.ts';
import { cardOf } from './content/index.ts';
import { successChance } from './judgement.ts';
import { diceFor, room, scenarioOf, seatRole, targetFor } from './rules.ts';
import { COLOURS, type ColAction, type ColState, type Scenario } from './types.ts';

const needed = (s: Scenario): number => COLOURS.reduce((n, c) => n + room(s, c), 0);

export function plainReason(state: ColState, seat: number, action: ColAction, level: string): string {
  const me = state.seats[seat];
  const st = state.stage;
  const at = me?.at;
  const here = at ? scenarioOf(state, at.scenario) : null;
  const trainee = level === 'trainee';
  switch (action.type) {
    case 'role':
      return 'the roles the table needs come first';
    case 'move': {
      const s = scenarioOf(state, action.scenario);
      return trainee
        ? `Scenario ${s.letter} has the worst open crisis (${s.crisis}) and needs ${needed(s)} more reports`
        : `${action.collector} in Scenario ${s.letter} is where its colour is needed and the collector answers best (${needed(s)} reports still needed)`;
    }
    case 'engage':
      return at
        ? `a gem on ${at.collector} in Scenario ${at.scenario} adds a die to the rolls there${trainee ? '' : ' before the odds are worth a roll'}`
        : 'a gem adds a die to the rolls there';
    case 'roll': {
      const colour = action.colour ?? (me?.role ? seatRole(me).colour : null);
      const target = targetFor(state, seat);
      if (!colour || !target || !at || st.kind !== 'act') return 'a roll can bring a report';
      const p = successChance(diceFor(state, seat, colour, st.extraDice).total, target.target);
      return `a ${COLOUR_NAME[colour]} roll from ${at.collector} in Scenario ${at.scenario} reports ${Math.round(p * 100)}% of the time`;
    }
    case 'report':
      return action.use === 'lower'
        ? `crisis ${here?.crisis ?? ''} in Scenario ${st.kind === 'report' ? st.scenario : ''} is close enough to ten to lower it`
        : 'the reports circle still needs it';
    case 'play':
      return trainee
        ? `${cardOf(action.card).name} is played as soon as it can be`
        : `${cardOf(action.card).name} helps where it stands now`;
    case 'hold':
      return `${st.kind === 'drawn' ? cardOf(st.card).name : 'the card'} is worth more on a later turn`;
    case 'end':
      return 'no action would bring a report closer this turn';
  }
}
