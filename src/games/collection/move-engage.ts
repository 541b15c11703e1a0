/**
 * Move and Engage, two of the turn's actions: going to another collector space, and putting a
 * gem on it (the first one places its coin on the response ladder). Refusals cite their rule.
 */
import { aColour, COLOUR_NAME, GEM, title } from './board.ts';
import { refuse, ruling, SECTIONS } from './errors.ts';
import { affinity, coinStart, moveTargets, scenarioOf, spaceAt } from './rules.ts';
import type { Collector, ColState, Colour, Letter, SeatState } from './types.ts';
import { colourFor, done, spend, type Step } from './action-step.ts';
import { literal } from '../text.ts';

export function move(
  state: ColState,
  seat: number,
  scenario: Letter,
  collector: Collector,
  announce: string[],
): Step {
  const me = state.seats[seat] as SeatState;
  const target = { scenario, collector };
  const s = scenarioOf(state, scenario);
  const tried = `Move to ${collector} in Scenario ${scenario}`;
  if (s.card === null)
    return refuse(
      'inactive-scenario',
      ruling(3),
      tried,
      `Scenario ${scenario} is not open yet`,
      'Move within an open scenario; Crisis Expansion cards open the others.',
    );
  if (me.at && me.at.scenario === scenario && me.at.collector === collector)
    return refuse(
      'already-there',
      SECTIONS.play,
      tried,
      'you are already there',
      'Engage or roll here, or move elsewhere.',
    );
  if (!moveTargets(state, seat).some((p) => p.scenario === scenario && p.collector === collector))
    return refuse(
      'not-adjacent',
      SECTIONS.play,
      tried,
      'one Move goes to another collector in the same scenario or to the same collector in another scenario',
      `From ${me.at?.collector ?? '?'} in Scenario ${me.at?.scenario ?? '?'}, go to ${collector} in Scenario ${me.at?.scenario ?? '?'} or ${me.at?.collector ?? '?'} in Scenario ${scenario} first.`,
    );
  me.at = target;
  announce.push(`🚶 ${literal(me.name)} moves to ${collector} in ${title(s)}.`);
  spend(state, seat, announce);
  return done(state, announce);
}

export function engage(state: ColState, seat: number, wanted: Colour | undefined, announce: string[]): Step {
  const me = state.seats[seat] as SeatState;
  if (!me.at)
    return refuse(
      'not-on-board',
      ruling(2),
      'Engage',
      'you are not on a collector space yet',
      'Move onto a collector space first (any space of an open scenario).',
    );
  const colour = colourFor(me, wanted, 'Engage');
  if (!colour.ok) return colour;
  const c = colour.value;
  if (!affinity(me.at.collector).includes(c))
    return refuse(
      'no-affinity',
      ruling(4),
      `Engage ${me.at.collector} with ${aColour(c)} gem`,
      `${me.at.collector} only takes ${affinity(me.at.collector)
        .map((x) => COLOUR_NAME[x])
        .join(' and ')} engagement`,
      'Move to a collector with that affinity colour.',
    );
  const s = scenarioOf(state, me.at.scenario);
  const space = spaceAt(state, me.at);
  space.gems[c]++;
  announce.push(
    `${GEM[c]} ${literal(me.name)} engages ${me.at.collector} in ${title(s)} (${space.gems[c]} ${COLOUR_NAME[c]} gem${space.gems[c] > 1 ? 's' : ''}).`,
  );
  if (space.coin === null) {
    space.coin = coinStart(s.crisis);
    announce.push(
      `🪙 First engagement: ${me.at.collector}'s coin goes on the response ladder at ${space.coin} (the crisis level or three, whichever is lower).`,
    );
  }
  spend(state, seat, announce);
  return done(state, announce);
}
