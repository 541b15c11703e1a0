/**
 * Applies one action: the role draft, Move / Engage / Roll for reporting (two a turn), using a
 * report, playing or holding blue cards, ending the turn. Refusals cite their rule (errors.ts).
 */
import type { Applied, Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { aColour, COLOUR_NAME, GEM, placeReport, shiftCrisis, title } from './board.ts';
import { cardOf, roleOf } from './content/index.ts';
import { playCard } from './effects.ts';
import { refuse, ruling, SECTIONS } from './errors.ts';
import { legalRoles } from './roles.ts';
import {
  affinity,
  coinStart,
  diceFor,
  dieSucceeds,
  moveTargets,
  reportUses,
  roleColours,
  scenarioOf,
  seatRole,
  spaceAt,
  targetFor,
} from './rules.ts';
import { cloneState } from './clone.ts';
import { nextRollFace } from './dice.ts';
import { endTurn, nextTurn } from './turn.ts';
import type { ColAction, Collector, ColState, Colour, Letter, SeatState, Stage } from './types.ts';
import { literal } from '../text.ts';

type Step = Result<Applied<ColState>>;

const done = (state: ColState, announce: string[]): Step => {
  state.log = [...state.log, ...announce].slice(-12);
  return ok({ state, announce });
};

const face = (d: number): string => (d === 10 ? '0' : String(d));

/** Spends one action; the turn ends (with its draw) when none are left. */
function spend(state: ColState, seat: number, announce: string[]): void {
  const st = state.stage;
  if (st.kind !== 'act' || state.outcome) return;
  st.actionsLeft--;
  state.step++;
  if (st.actionsLeft <= 0) endTurn(state, seat, announce);
}

function colourFor(me: SeatState, wanted: Colour | undefined, verb: string): Result<Colour> {
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

function move(
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

function engage(state: ColState, seat: number, wanted: Colour | undefined, announce: string[]): Step {
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

function roll(state: ColState, seat: number, wanted: Colour | undefined, announce: string[]): Step {
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

function useReport(state: ColState, seat: number, use: 'fill' | 'lower', announce: string[]): Step {
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
