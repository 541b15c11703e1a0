/**
 * One step of a game as the platform sees it: apply the actor's action, let computer seats
 * answer, record history, and work out the phase timer. No Discord here, so it is easy to test.
 */
import type { AnyAction, AnyEngine, PhaseTimer, PlayerId, RuleError } from '../../games/contract.ts';
import { appendHistory, type NewHistoryEntry } from '../../storage/history.ts';
import type { Session, SessionTimer } from '../../storage/session.ts';

/** Enough for any game's computer turns between two human moves, yet a bug cannot spin forever. */
const MAX_COMPUTER_MOVES = 1000;

export interface Step {
  session: Session;
  announce: string[];
}

export type StepResult = { ok: true; step: Step } | { ok: false; error: RuleError };

export function computerSeats(session: Session): PlayerId[] {
  return session.seats.filter((s) => s.computer).map((s) => s.id);
}

/** Computer-only tables play one round at a time, this far apart, so a class can follow them. */
export const PACE_MS = 20_000;
/** Timer keys of the pause between two computer rounds start with this. */
export const PACE_KEY = '@pace';

/** A table of computers only, in a game that counts rounds: its moves are paced round by round. */
export const isPaced = (engine: AnyEngine, session: Session): boolean =>
  engine.roundOf !== undefined && session.seats.length > 0 && session.seats.every((s) => s.computer);

/**
 * Lets computer seats move until none has anything to do (or, with `oneRound`, until the round
 * changes). Throws on an engine bug.
 */
export function runComputers(
  engine: AnyEngine,
  session: Session,
  now: number,
  announce: string[],
  oneRound = false,
): Session {
  const cpus = computerSeats(session);
  if (cpus.length === 0) return session;
  let state: unknown = session.state;
  const played: NewHistoryEntry[] = [];
  const round = (s: unknown): number | undefined => engine.roundOf?.(s);
  const startRound = round(state);
  for (let moves = 0; moves < MAX_COMPUTER_MOVES;) {
    if (engine.outcome(state) || (oneRound && round(state) !== startRound)) break;
    let moved = false;
    for (const cpu of cpus) {
      if (oneRound && round(state) !== startRound) break;
      if (!engine.activePlayers(state).includes(cpu)) continue;
      const action = engine.computerAction(state, cpu);
      if (action === null) continue;
      const result = engine.apply(state, cpu, action);
      if (!result.ok)
        throw new Error(
          `Computer ${cpu} chose an illegal move in ${engine.id}: ${result.error.code} ${result.error.message}`,
        );
      state = result.value.state;
      announce.push(...result.value.announce);
      played.push({ at: now, actor: cpu, action, announce: result.value.announce });
      moved = true;
      moves++;
    }
    if (!moved) break;
  }
  return { ...session, state, history: appendHistory(session.history, played) };
}

/**
 * Whether a game's phase clock gives way to the table's pace: at a table with a pace, a clock the
 * host did not set (its option left out of `/game start`) does not run, and each decision of the
 * phase keeps its own deadline instead (one deadline per decision; the defaults of `waits` do
 * what the clock's action would). Without a pace the game's clocks run as the game sets them.
 */
export function yieldsToPace(phase: PhaseTimer<unknown>, session: Session): boolean {
  if ((session.tableClock?.pace ?? 'none') === 'none') return false;
  if (phase.option === undefined) return true;
  return !(session.optionsGiven ?? Object.keys(session.options)).includes(phase.option);
}

/** The session's timer after a state change: kept if the phase is the same, else started anew. */
export function nextTimer(engine: AnyEngine, session: Session, now: number): SessionTimer | undefined {
  if (session.status !== 'playing') return undefined;
  const phase = engine.timer(session.state);
  if (!phase || yieldsToPace(phase, session)) return undefined;
  if (session.timer?.key === phase.key) return session.timer;
  const reminder =
    phase.reminderBeforeMs !== undefined && phase.reminderBeforeMs < phase.durationMs
      ? { reminderBeforeMs: phase.reminderBeforeMs }
      : {};
  const base = { key: phase.key, label: phase.label, ...reminder };
  // A new phase that starts while the clock is paused waits, whole, for the resume.
  if (session.timer?.pausedRemaining !== undefined) return { ...base, pausedRemaining: phase.durationMs };
  return withDeadline(base, now + phase.durationMs, now);
}

/** Sets the deadline and, if it is still ahead, the reminder before it. */
export function withDeadline(timer: SessionTimer, due: number, now: number): SessionTimer {
  const { pausedRemaining: _p, remindAt: _r, ...rest } = timer;
  const next: SessionTimer = { ...rest, due };
  if (timer.reminderBeforeMs !== undefined && due - timer.reminderBeforeMs > now)
    next.remindAt = due - timer.reminderBeforeMs;
  return next;
}

/** Settles everything that follows a change of state: computers, outcome, timer. */
export function settle(engine: AnyEngine, session: Session, now: number, announce: string[]): Session {
  const paced = isPaced(engine, session);
  let next = runComputers(engine, session, now, announce, paced);
  if (next.status === 'playing' && engine.outcome(next.state))
    next = { ...next, status: 'ended', endedReason: 'finished' };
  const timer =
    paced && next.status === 'playing' ? paceTimer(engine, next, now) : nextTimer(engine, next, now);
  const { timer: _old, ...rest } = next;
  return timer ? { ...rest, timer } : rest;
}

/** The pause before a computer-only table plays its next round. */
function paceTimer(engine: AnyEngine, session: Session, now: number): SessionTimer {
  const base = {
    key: `${PACE_KEY}:${engine.roundOf?.(session.state) ?? 0}`,
    label: 'Pause before the next round',
  };
  if (session.timer?.pausedRemaining !== undefined) return { ...base, pausedRemaining: PACE_MS };
  return { ...base, due: now + PACE_MS };
}

/** When the pause between two computer rounds is over: the next round. */
export function nextPacedRound(engine: AnyEngine, session: Session, now: number): Step {
  const announce: string[] = [];
  const { timer: _pace, ...rest } = session;
  return { session: settle(engine, rest, now, announce), announce };
}

/** Applies a player's (or the system's) action and everything that follows it. */
export function playAction(
  engine: AnyEngine,
  session: Session,
  actor: PlayerId,
  action: AnyAction,
  now: number,
): StepResult {
  if (session.status !== 'playing')
    return { ok: false, error: { code: 'not-playing', message: 'This game is not in progress.' } };
  const result = engine.apply(session.state, actor, action);
  if (!result.ok) return result;
  const announce = [...result.value.announce];
  const history = appendHistory(session.history, [
    { at: now, actor, action, announce: result.value.announce },
  ]);
  const next = settle(engine, { ...session, state: result.value.state, history }, now, announce);
  return { ok: true, step: { session: next, announce } };
}
