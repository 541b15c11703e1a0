/**
 * Runs collection cards: each effect is data (content/schema.ts), resolved against where the
 * player who plays the card stands (rulings R10, R18, R19, R21).
 */
import { cardOf, type Effect, type ScenarioTarget } from './content/index.ts';
import { GEM, openScenario, placeReport, shiftCoin, shiftCrisis, title } from './board.ts';
import { affinity, coinStart, isActive, room, scenarioOf } from './rules.ts';
import { COLLECTORS, COLOURS, type Collector, type ColState, type Colour, type Letter } from './types.ts';
import { literal } from '../text.ts';

/** Which scenarios a target names (R10): "here" off the board is Scenario A; ties go to A, then B. */
export function targets(state: ColState, seat: number, target: ScenarioTarget): Letter[] {
  const active = state.scenarios.filter(isActive);
  switch (target) {
    case 'here':
      return [state.seats[seat]?.at?.scenario ?? 'A'];
    case 'highest': {
      const top = active.reduce<(typeof active)[number] | null>(
        (b, s) => (b === null || s.crisis > b.crisis ? s : b),
        null,
      );
      return top ? [top.letter] : [];
    }
    case 'all':
      return active.map((s) => s.letter);
    default:
      return [target];
  }
}

function collectorsOf(
  state: ColState,
  seat: number,
  letter: Letter,
  c: Collector | 'here' | 'all',
): Collector[] {
  if (c === 'all') return [...COLLECTORS];
  if (c !== 'here') return [c];
  const at = state.seats[seat]?.at;
  return at && at.scenario === letter ? [at.collector] : [];
}

function runEffect(state: ColState, seat: number, e: Effect, announce: string[]): void {
  const stage = state.stage;
  switch (e.type) {
    case 'expand': {
      const s = scenarioOf(state, e.scenario);
      if (isActive(s)) shiftCrisis(state, e.scenario, 1, announce);
      else openScenario(state, e.scenario, announce);
      return;
    }
    case 'crisis':
      for (const l of targets(state, seat, e.target)) shiftCrisis(state, l, e.delta, announce);
      return;
    case 'response':
      for (const l of targets(state, seat, e.target)) {
        const s = scenarioOf(state, l);
        if (!isActive(s)) continue;
        const moved = collectorsOf(state, seat, l, e.collector).flatMap(
          (c) => shiftCoin(s, c, e.delta) ?? [],
        );
        announce.push(
          moved.length > 0
            ? `📡 ${title(s)} response: ${moved.join(', ')}.`
            : `📡 No coin on that response ladder in ${title(s)} moves (no collector engaged there yet).`,
        );
      }
      return;
    case 'gems':
      for (const l of targets(state, seat, e.target)) {
        const s = scenarioOf(state, l);
        for (const c of collectorsOf(state, seat, l, e.collector)) {
          const space = s.spaces[c];
          const colours: readonly Colour[] = e.colour === 'affinity' ? affinity(c) : [e.colour];
          for (const colour of colours) space.gems[colour] = Math.max(0, space.gems[colour] + e.delta);
          // Gems from a card are engagement too: the first ones place the coin (R18).
          if (e.delta > 0 && space.coin === null) space.coin = coinStart(s.crisis);
          announce.push(
            `💎 ${c} in ${title(s)}: ${colours.map((x) => `${GEM[x]} ${space.gems[x]}`).join(' ')}.`,
          );
        }
      }
      return;
    case 'actions':
      if (stage.kind === 'act') {
        stage.actionsLeft += e.n;
        announce.push(`⏱️ ${e.n} more action${e.n > 1 ? 's' : ''} this turn.`);
      } else announce.push('⏱️ The turn is already over: the extra actions are lost (R21).');
      return;
    case 'dice':
      if (stage.kind === 'act') {
        stage.extraDice += e.n;
        announce.push(`🎲 +${e.n} dice on every roll for the rest of this turn.`);
      } else announce.push('🎲 The turn is already over: the extra dice are lost (R21).');
      return;
    case 'report': {
      const letter = state.seats[seat]?.at?.scenario;
      const s = letter ? scenarioOf(state, letter) : null;
      const colour = s ? COLOURS.reduce((b, c) => (room(s, c) > room(s, b) ? c : b), COLOURS[0]) : null;
      if (!s || !letter || colour === null || room(s, colour) === 0) {
        announce.push('📄 The walk-in has nothing the scenario where you stand still needs (R19).');
        return;
      }
      placeReport(state, letter, colour, announce);
      return;
    }
  }
}

/** Plays a card's effects in order; stops if the game ends half way. */
export function playCard(state: ColState, seat: number, card: string, announce: string[]): void {
  const c = cardOf(card);
  const who = literal(state.seats[seat]?.name ?? 'Someone');
  announce.push(`${c.label === 'red' ? '🟥' : '🟦'} ${who} plays **${c.name}**: ${c.text}`);
  state.stats.cards++;
  for (const e of c.effects) {
    if (state.outcome) break;
    runEffect(state, seat, e, announce);
  }
  state.discard.push(card);
}
