/**
 * Changes to the board that several rules share: crisis moves, coins on the response ladder,
 * reports placed, scenarios completed, and the end of the game (rulebook 5 and 7).
 */
import { shuffle } from '../rng.ts';
import { scenarioCard } from './content/index.ts';
import { clamp, filled, isActive, room, scenarioOf } from './rules.ts';
import {
  COLLECTORS,
  COLOURS,
  CRISIS_DEFEAT,
  LETTERS,
  RESPONSE_MAX,
  RESPONSE_MIN,
  type ColState,
  type Colour,
  type Letter,
  type Scenario,
} from './types.ts';

export const COLOUR_NAME: Record<Colour, string> = {
  political: 'political',
  military: 'military',
  economic: 'economic',
};
const capital = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** "a political", "an economic": the article a colour's name takes. */
export const aColour = (c: Colour): string => `${c === 'economic' ? 'an' : 'a'} ${COLOUR_NAME[c]}`;

export const GEM: Record<Colour, string> = { political: '🔵', military: '🔴', economic: '🟢' };

export function title(s: Scenario): string {
  return s.card ? `Scenario ${s.letter} (${scenarioCard(s.card).title})` : `Scenario ${s.letter}`;
}

/** Opens an inactive scenario with the next scenario card, crisis 1 (rulebook 4). */
export function openScenario(state: ColState, letter: Letter, announce: string[]): void {
  const s = scenarioOf(state, letter);
  const card = state.scenarioDeck.shift();
  if (!card) return;
  s.card = card;
  s.crisis = 1;
  const c = scenarioCard(card);
  announce.push(
    `🆕 ${title(s)} opens at crisis 1. Policymakers need ${c.needs.political} political, ${c.needs.military} military and ${c.needs.economic} economic reports.`,
  );
}

/** Moves a crisis (cards may take it down to 1, ruling R9) and checks for defeat. */
export function shiftCrisis(state: ColState, letter: Letter, delta: number, announce: string[]): void {
  const s = scenarioOf(state, letter);
  if (!isActive(s) || delta === 0) return;
  const before = s.crisis;
  s.crisis = clamp(s.crisis + delta, 1, CRISIS_DEFEAT);
  if (s.crisis !== before)
    announce.push(`${delta > 0 ? '⚠️' : '🕊️'} ${title(s)}: crisis ${before} → ${s.crisis}.`);
  checkEnd(state, announce);
}

/** Moves a placed coin on the response ladder, between 1 and 10 (ruling R5). */
export function shiftCoin(s: Scenario, collector: (typeof COLLECTORS)[number], delta: number): string | null {
  const space = s.spaces[collector];
  if (space.coin === null) return null;
  const before = space.coin;
  space.coin = clamp(space.coin + delta, RESPONSE_MIN, RESPONSE_MAX);
  return space.coin === before ? null : `${collector} ${before} → ${space.coin}`;
}

/** Completing a scenario (rulebook 7): turn the card, crisis to 1, every coin down three. */
function complete(state: ColState, s: Scenario, announce: string[]): void {
  s.completed = true;
  s.crisis = 1;
  for (const c of COLLECTORS) shiftCoin(s, c, -3);
  announce.push(
    `✅ ${title(s)} is complete: its card is turned over, crisis back to 1, every collector's response down three.`,
  );
}

/** Places a report gem in the circle; completes the scenario when the circle is full. */
export function placeReport(state: ColState, letter: Letter, colour: Colour, announce: string[]): void {
  const s = scenarioOf(state, letter);
  if (room(s, colour) <= 0) return;
  s.reports[colour]++;
  state.stats.reports++;
  const total = COLOURS.reduce((n, c) => n + s.reports[c], 0);
  announce.push(
    `${GEM[colour]} ${capital(aColour(colour))} report goes into the circle of ${title(s)} (${total}/10).`,
  );
  if (filled(s) && !s.completed) complete(state, s, announce);
  checkEnd(state, announce);
}

/**
 * Each scenario's crisis level (null while it is not active) after turn `state.stats.turns`
 * (0: before the first turn), once per turn: the debrief chart (chart.ts).
 */
export function recordCrisis(state: ColState): void {
  const series = state.crisisByTurn ?? [];
  const turn = state.stats.turns;
  if (series[series.length - 1]?.turn === turn) return;
  const levels = state.scenarios.map((s) => (isActive(s) ? s.crisis : null));
  state.crisisByTurn = [...series, { turn, levels }];
}

/** Victory when all three scenarios are open and full (ruling R11); defeat at crisis 10. */
export function checkEnd(state: ColState, announce: string[]): void {
  if (state.outcome) return;
  const lost = state.scenarios.find((s) => isActive(s) && s.crisis >= CRISIS_DEFEAT);
  if (lost) {
    state.outcome = {
      winners: [],
      victory: false,
      summary: `Defeat: ${title(lost)} reached crisis 10. The table loses together.`,
    };
  } else if (state.scenarios.every((s) => isActive(s) && filled(s))) {
    state.outcome = {
      winners: state.seats.map((s) => s.id),
      victory: true,
      summary: 'Victory: the reports circles of all three scenarios are full. The table wins together.',
    };
  }
  if (state.outcome) {
    recordCrisis(state);
    state.stage = { kind: 'over' };
    announce.push(`🏁 ${state.outcome.summary}`);
  }
}

/** The next card of the collection deck; the discards are reshuffled when it runs out (R14). */
export function drawCard(state: ColState, announce: string[]): string | null {
  if (state.deck.length === 0 && state.discard.length > 0) {
    state.deck = shuffle(state.rng, state.discard);
    state.discard = [];
    announce.push('🔀 The collection deck is empty: the discards are shuffled into a new deck.');
  }
  return state.deck.shift() ?? null;
}

export const letterIndex = (l: Letter): number => LETTERS.indexOf(l);
