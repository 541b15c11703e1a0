/**
 * A hand-written deep copy of the state: apply() copies before it changes anything, and
 * structuredClone was most of the engine's time (about 10x slower on this shape).
 */
import type { ColState, Scenario, Space } from './types.ts';

const space = (s: Space): Space => ({ gems: { ...s.gems }, coin: s.coin });

export const cloneScenario = (s: Scenario): Scenario => ({
  letter: s.letter,
  card: s.card,
  crisis: s.crisis,
  completed: s.completed,
  reports: { ...s.reports },
  spaces: {
    DH: space(s.spaces.DH),
    DO: space(s.spaces.DO),
    NGA: space(s.spaces.NGA),
    NSA: space(s.spaces.NSA),
    OSE: space(s.spaces.OSE),
    STATE: space(s.spaces.STATE),
  },
});

export function cloneState(s: ColState): ColState {
  return {
    seats: s.seats.map((x) => ({ ...x, at: x.at ? { ...x.at } : null, held: [...x.held] })),
    ...(s.first !== undefined ? { first: s.first } : {}),
    scenarios: s.scenarios.map(cloneScenario),
    scenarioDeck: [...s.scenarioDeck],
    deck: [...s.deck],
    discard: [...s.discard],
    stage: { ...s.stage },
    turn: s.turn,
    step: s.step,
    rng: [...s.rng],
    dice: [...s.dice],
    lastRoll: s.lastRoll ? { ...s.lastRoll, dice: [...s.lastRoll.dice] } : null,
    log: [...s.log],
    stats: { ...s.stats, ...(s.stats.byRole ? { byRole: { ...s.stats.byRole } } : {}) },
    // Appended as new arrays (board.ts, recordCrisis), never changed in place.
    ...(s.crisisByTurn ? { crisisByTurn: s.crisisByTurn } : {}),
    outcome: s.outcome ? { ...s.outcome, winners: [...s.outcome.winners] } : null,
    hasFacilitator: s.hasFacilitator,
  };
}
