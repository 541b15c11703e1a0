/**
 * Roll for reporting, the turn's third kind of action, and what a report does: fill the
 * scenario's reports circle or lower its crisis (the player chooses when both are possible).
 * Refusals cite their rule.
 */
import { aColour, COLOUR_NAME, placeReport, shiftCrisis } from './board.ts';
import { refuse, ruling, SECTIONS } from './errors.ts';
import { affinity, diceFor, dieSucceeds, reportUses, seatRole, targetFor } from './rules.ts';
import { nextRollFace } from './dice.ts';
import type { ColState, Colour, Letter, SeatState } from './types.ts';
import { colourFor, done, spend, type Step } from './action-step.ts';
import { literal } from '../text.ts';

const face = (d: number): string => (d === 10 ? '0' : String(d));

export function roll(state: ColState, seat: number, wanted: Colour | undefined, announce: string[]): Step {
  const me = state.seats[seat] as SeatState;
  const stage = state.stage;
  if (stage.kind !== 'act') throw new Error('roll outside a turn');
  if (!me.at)
    return refuse(
      'not-on-board',
      ruling(2),
      'Roll for reporting',
      'you are not on a collector space yet',
      'Move onto a collector space and engage it first.',
    );
  const colour = colourFor(me, wanted, 'Roll for');
  if (!colour.ok) return colour;
  const c = colour.value;
  const at = me.at;
  const tried = `Roll for ${aColour(c)} report from ${at.collector} in Scenario ${at.scenario}`;
  if (!affinity(at.collector).includes(c))
    return refuse(
      'no-affinity',
      ruling(4),
      tried,
      `${at.collector} only reports ${affinity(at.collector)
        .map((x) => COLOUR_NAME[x])
        .join(' and ')}`,
      'Move to a collector with that affinity.',
    );
  const target = targetFor(state, seat);
  if (!target)
    return refuse(
      'not-engaged',
      SECTIONS.engage,
      tried,
      `${at.collector} is not on the response ladder here yet`,
      'Engage it first: the first gem places its coin.',
    );
  const dice = diceFor(state, seat, c, stage.extraDice);
  if (dice.total === 0)
    return refuse(
      'no-dice',
      SECTIONS.roll,
      tried,
      `there are no ${COLOUR_NAME[c]} gems here to roll for`,
      'Engage with that colour first, or stand with an analyst who adds a die.',
    );
  const uses = reportUses(state, seat, at.scenario, c);
  if (!uses.fill && !uses.lower)
    return refuse(
      'report-unusable',
      ruling(8),
      tried,
      `the circle needs no more ${COLOUR_NAME[c]} reports and ${seatRole(me).canLower ? 'the crisis is at four or below' : 'your role cannot lower the crisis'}`,
      'Roll for a colour the scenario still needs, or work another scenario.',
    );
  const faces = Array.from({ length: dice.total }, () => nextRollFace(state));
  const success = faces.some((f) => dieSucceeds(f, target.target));
  state.stats.rolls++;
  if (dice.bonus > 0 || target.bonus > 0) state.stats.bonuses = (state.stats.bonuses ?? 0) + 1;
  if (success && me.role) {
    const byRole = (state.stats.byRole ??= {});
    byRole[me.role] = (byRole[me.role] ?? 0) + 1;
  }
  state.lastRoll = {
    seat,
    colour: c,
    scenario: at.scenario,
    collector: at.collector,
    dice: faces,
    target: target.target,
    success,
  };
  const parts = [`${dice.own} from gems`];
  if (dice.bonus > 0) parts.push(`+${dice.bonus} from ${dice.from.join(', ')}`);
  if (dice.extra > 0) parts.push(`+${dice.extra} from a card`);
  const level =
    target.bonus > 0
      ? `${target.base} +${target.bonus} (${target.from.join(', ')}) = ${target.target}`
      : `${target.target}`;
  const counted = faces.filter((f) => dieSucceeds(f, target.target)).map(face);
  announce.push(
    `🎲 ${literal(me.name)} rolls ${dice.total} ${dice.total === 1 ? 'die' : 'dice'} (${parts.join(' ')}) for ${aColour(c)} report from ${at.collector} in Scenario ${at.scenario}, response ${level}: ` +
      `[${faces.map(face).join(', ')}] → ${success ? `${counted.join(', ')} below ${target.target}: a report!` : `nothing below ${target.target} (0 counts as 10): no report.`}`,
  );
  if (!success) {
    spend(state, seat, announce);
    return done(state, announce);
  }
  if (uses.fill && uses.lower) {
    state.stage = {
      kind: 'report',
      seat,
      actionsLeft: stage.actionsLeft - 1,
      extraDice: stage.extraDice,
      colour: c,
      scenario: at.scenario,
    };
    state.step++;
    announce.push(`${literal(me.name)} chooses: fill the reports circle or lower the crisis.`);
    return done(state, announce);
  }
  if (uses.fill) placeReport(state, at.scenario, c, announce);
  else lower(state, at.scenario, announce);
  spend(state, seat, announce);
  return done(state, announce);
}

function lower(state: ColState, letter: Letter, announce: string[]): void {
  state.stats.lowered++;
  shiftCrisis(state, letter, -1, announce);
}

export function useReport(state: ColState, seat: number, use: 'fill' | 'lower', announce: string[]): Step {
  const st = state.stage;
  if (st.kind !== 'report') throw new Error('no report pending');
  const uses = reportUses(state, seat, st.scenario, st.colour);
  if (!uses[use])
    return refuse(
      use === 'fill' ? 'circle-full' : 'crisis-floor',
      SECTIONS.reports,
      use === 'fill' ? 'Fill the reports circle' : 'Lower the crisis',
      use === 'fill'
        ? `the circle needs no more ${COLOUR_NAME[st.colour]} reports`
        : 'reports never take a crisis below four',
      `Choose ${use === 'fill' ? 'Lower the crisis' : 'Fill the circle'} instead.`,
    );
  if (use === 'fill') placeReport(state, st.scenario, st.colour, announce);
  else lower(state, st.scenario, announce);
  if (state.outcome) return done(state, announce);
  state.stage = { kind: 'act', seat, actionsLeft: st.actionsLeft + 1, extraDice: st.extraDice };
  spend(state, seat, announce);
  return done(state, announce);
}
