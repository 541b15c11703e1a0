/**
 * The computer levels measured on the same seeded games: COLLECTION is cooperative, so each
 * line-up seats one level at every chair and the figure is the table's win rate. Alongside it,
 * what issue #30 asked the best level to stop doing: losing a scenario it had completed (a
 * completed scenario's crisis only climbs while analysts stand in it or cards name it), turns
 * with no action, and blue cards still held at the end. For `npm run bench` and the level test.
 */
import { type Level } from './computer.ts';
import { defendable } from './defendable.ts';
import { playout } from './playout.ts';
import { CRISIS_DEFEAT, type ColState, type Letter } from './types.ts';

export interface LineUpResult {
  level: Level;
  players: number;
  games: number;
  wins: number;
  /** Percent of games the table won. */
  winRate: number;
  defeats: number;
  /** Defeats where the scenario that reached ten had been completed. */
  completedLost: number;
  /** Of those, defeats where some seat could still have lowered it (defendable.ts). */
  defendableLost: number;
  /** Turns in which the analyst took no Move, Engage or Roll. */
  idleTurns: number;
  turns: number;
  /** Blue cards held by the table when the game ended, summed over games. */
  heldAtEnd: number;
  steps: number;
}

/** The seed of the i-th game at a table of `players`: the same for every level. */
export const tournamentSeed = (players: number, i: number, prefix = 'col-tournament'): string =>
  `${prefix}-${players}-${i}`;

/** The completed scenario whose crisis reached ten, if that is how the table lost. */
export const completedAtTen = (state: ColState): Letter | null =>
  state.outcome?.victory === false
    ? (state.scenarios.find((s) => s.completed && s.crisis >= CRISIS_DEFEAT)?.letter ?? null)
    : null;

export function lineUp(level: Level, players: number, games: number, prefix?: string): LineUpResult {
  const r: LineUpResult = {
    level,
    players,
    games,
    wins: 0,
    winRate: 0,
    defeats: 0,
    completedLost: 0,
    defendableLost: 0,
    idleTurns: 0,
    turns: 0,
    heldAtEnd: 0,
    steps: 0,
  };
  for (let i = 0; i < games; i++) {
    // The turn (state.turn) of the last Move, Engage or Roll; a turn ended without one is idle.
    let acted = -1;
    // Completed scenarios some seat could still have lowered, checked as each turn starts.
    let checked = -1;
    const couldDefend = new Set<Letter>();
    const out = playout({
      seed: tournamentSeed(players, i, prefix),
      players,
      strategy: level,
      onMove: (before, _actor, action) => {
        if (action.type === 'move' || action.type === 'engage' || action.type === 'roll') acted = before.turn;
        if (action.type === 'end' && acted !== before.turn) r.idleTurns++;
        if (before.stage.kind === 'act' && checked !== before.turn) {
          checked = before.turn;
          for (const s of defendable(before)) couldDefend.add(s.letter);
        }
      },
    });
    r.steps += out.steps;
    r.turns += out.state.stats.turns;
    r.heldAtEnd += out.state.seats.reduce((n, s) => n + s.held.length, 0);
    if (out.victory) r.wins++;
    else {
      r.defeats++;
      const lost = completedAtTen(out.state);
      if (lost) r.completedLost++;
      if (lost && couldDefend.has(lost)) r.defendableLost++;
    }
  }
  r.winRate = games === 0 ? 0 : (100 * r.wins) / games;
  return r;
}
