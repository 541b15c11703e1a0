/**
 * Copy-on-write working copies of the state. An action starts from `workingCopy` (a new top
 * level sharing every part with the state passed in) and copies a part the first time it
 * changes it, through the `own…` functions below; parts it never changes stay shared. So the
 * state passed in is never changed, and an action pays only for what it touches (a whole-state
 * structuredClone on every action took most of the engine's time).
 *
 * Rule: engine code changes an array or object of the state only after taking it from one of
 * these functions, or replaces it with a new one (the decks are drawn by slicing); plain fields of
 * the top level, `turn`, `stats` and `rng` are the working copy's own.
 * test/games/collection-deck/purity.test.ts freezes states to hold everyone to it.
 */
import type { RngState } from '../rng.ts';
import type { CdSeat, CdState, CdStats, Challenge, FieldCrisis, TurnState } from './types.ts';

/**
 * The working copy being changed and the parts already copied for it (each is copied at most
 * once). An action runs to its end before another starts (the engine is synchronous), so one
 * at a time is enough; a part changed under any other state throws instead of leaking a write.
 */
let working: CdState | null = null;
/** A handful at most (seats, crises and piles one action touches): a list beats a Set here. */
const copied: object[] = [];

function copyTurn(t: TurnState): TurnState {
  return {
    seat: t.seat,
    crisis: t.crisis,
    stage: t.stage,
    draftCards: t.draftCards.slice(),
    plays: t.plays.slice(),
    disruptions: t.disruptions,
    passed: t.passed.slice(),
    nextDisruptor: t.nextDisruptor,
    passStreak: t.passStreak,
    challenges:
      t.challenges.length === 0 ? [] : t.challenges.map((c): Challenge => ({ ...c, votes: { ...c.votes } })),
    afterChallenges: t.afterChallenges,
    // Absent in older saves and until the first answer is judged this turn.
    ...(t.judged ? { judged: t.judged.slice() } : {}),
  };
}

const copyStats = (x: CdStats): CdStats => ({
  turns: x.turns,
  strategies: x.strategies,
  solved: x.solved,
  failed: x.failed,
  disruptions: x.disruptions,
  challenges: x.challenges,
  challengesUpheld: x.challengesUpheld,
  reshuffles: x.reshuffles,
  mulligans: x.mulligans,
});

/** A new top level for one action: its own turn, stats and generator; everything else shared. */
export function workingCopy(state: CdState): CdState {
  // Every field named (not a spread): one object shape for every working copy, which V8 copies fastest.
  const s: CdState = {
    edition: state.edition,
    options: state.options,
    seats: state.seats,
    facilitator: state.facilitator,
    rng: state.rng.slice() as RngState,
    deck: state.deck,
    discard: state.discard,
    crisisDeck: state.crisisDeck,
    removed: state.removed,
    field: state.field,
    round: state.round,
    roundStarter: state.roundStarter,
    passesInRow: state.passesInRow,
    turn: copyTurn(state.turn),
    phase: state.phase,
    discardPending: state.discardPending,
    pendingJoins: state.pendingJoins,
    seq: state.seq,
    stats: copyStats(state.stats),
    // Replaced, never changed in place (round.ts, recordScores); absent in older saves.
    scoresByRound: state.scoresByRound ?? [],
    result: state.result,
  };
  working = s;
  copied.length = 0;
  return s;
}

/** The action is done: the state returned is a value again, and the next action copies anew. */
export function sealWorking(s: CdState): CdState {
  if (working === s) {
    working = null;
    copied.length = 0;
  }
  return s;
}

function mine<T extends object>(s: CdState, part: T, copy: (x: T) => T): T {
  if (s !== working) throw new Error('Collection Deck: a state is changed outside a working copy.');
  if (copied.includes(part)) return part;
  const fresh = copy(part);
  copied.push(fresh);
  return fresh;
}

const slice = <T>(xs: T[]): T[] => xs.slice();
const copySeat = (x: CdSeat): CdSeat => ({ ...x, hand: x.hand.slice(), solved: x.solved.slice() });
const copyCrisis = (x: FieldCrisis): FieldCrisis => ({
  card: x.card,
  modifiers: x.modifiers.slice(),
  techniques: x.techniques.map((t) => ({ ...t, mods: t.mods.slice() })),
});

export const ownDiscard = (s: CdState): string[] => (s.discard = mine(s, s.discard, slice));
export const ownField = (s: CdState): FieldCrisis[] => (s.field = mine(s, s.field, slice));
export const ownSeats = (s: CdState): CdSeat[] => (s.seats = mine(s, s.seats, slice));
export const ownPendingJoins = (s: CdState): CdState['pendingJoins'] =>
  (s.pendingJoins = mine(s, s.pendingJoins, slice));

/** A seat of the working copy, with its own hand and solved pile. */
export function ownSeat(s: CdState, index: number): CdSeat | undefined {
  const current = s.seats[index];
  if (!current) return undefined;
  const seats = ownSeats(s);
  const seat = mine(s, current, copySeat);
  seats[index] = seat;
  return seat;
}

/** A crisis on the Field of the working copy, with its own modifiers and techniques. */
export function ownCrisis(s: CdState, id: string | null): FieldCrisis | undefined {
  const i = id === null ? -1 : s.field.findIndex((f) => f.card === id);
  const current = s.field[i];
  if (!current) return undefined;
  const field = ownField(s);
  const f = mine(s, current, copyCrisis);
  field[i] = f;
  return f;
}

/** The crisis of the current strategy, ready to change. */
export const ownTurnCrisis = (s: CdState): FieldCrisis | undefined => ownCrisis(s, s.turn.crisis);
