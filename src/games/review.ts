/**
 * Post-game review (issue #18), pure: replays a finished game from its seed and history (engines
 * are deterministic), and at each move of a player asks the computer strategy what it would have
 * done. Where it differs, the rest of the game is played out by the computers twice, once after
 * each move: a move after which the player would have won with the computer's choice and did
 * not with their own is a moment that decided the game.
 */
import type { AnyEngine, PlayerId, Seat } from './contract.ts';
import { SYSTEM_ACTOR } from './contract.ts';
import { describeAction } from './describe.ts';

export interface ReviewRecord {
  seats: Seat[];
  /** Options as the game was started with (already parsed). */
  options: unknown;
  seed: string;
  facilitator?: PlayerId;
  /** The fixed deal the game was set up with (a tutorial table), if any. */
  arrangement?: unknown;
  history: readonly { seq: number; actor: PlayerId; action: unknown }[];
}

export interface ReviewMoment {
  seq: number;
  actor: PlayerId;
  /** What the player's own view showed just before the move (the game is over: nothing is secret now). */
  saw: string;
  did: string;
  /** Set where the computer strategy would have chosen otherwise. */
  computer?: { would: string; why: string; decisive: boolean };
}

export interface Review {
  moments: ReviewMoment[];
  /** Up to three moments that decided the game, earliest first. */
  decisive: ReviewMoment[];
  /** Moments whose alternative was not played out (the budget ran out); reported, not hidden. */
  unexplored: number;
}

const SAW_MAX = 300;
/** Alternatives played out per review: each costs two games to the end (30-80 ms each here), so a review blocks for at most a few seconds. */
const PLAYOUT_BUDGET = 20;
const MAX_STEPS = 3000;

/** The state before each history entry, and the final state. Throws if the history does not replay. */
export function replay(engine: AnyEngine, record: ReviewRecord): { before: unknown[]; final: unknown } {
  const setup = engine.setup({
    players: record.seats,
    options: record.options,
    seed: record.seed,
    ...(record.facilitator !== undefined ? { facilitator: record.facilitator } : {}),
    ...(record.arrangement !== undefined ? { arrangement: record.arrangement } : {}),
  });
  if (!setup.ok) throw new Error(`review: setup refused: ${setup.error.message}`);
  let state: unknown = setup.value;
  const before: unknown[] = [];
  for (const entry of record.history) {
    before.push(state);
    const action = entry.action as { type?: string; seat?: Seat };
    const result =
      action.type === '@join' && action.seat && engine.join
        ? engine.join(state, action.seat)
        : engine.apply(state, entry.actor, entry.action);
    if (!result.ok) throw new Error(`review: move ${entry.seq} does not replay: ${result.error.code}`);
    state = result.value.state;
  }
  return { before, final: state };
}

/** The winners when the computers play on from `state` (every seat by its strategy). */
export function playOn(engine: AnyEngine, state: unknown): PlayerId[] {
  let s = state;
  for (let step = 0; step < MAX_STEPS; step++) {
    const done = engine.outcome(s);
    if (done) return done.winners;
    const actor = engine.activePlayers(s).find((p: string) => engine.computerAction(s, p) !== null);
    const action: unknown = actor ? engine.computerAction(s, actor) : engine.timer(s)?.action;
    if (action === undefined) return [];
    const result = engine.apply(s, actor ?? SYSTEM_ACTOR, action);
    if (!result.ok) return [];
    s = result.value.state;
  }
  return [];
}

function sawAt(engine: AnyEngine, state: unknown, actor: PlayerId): string {
  const panel = engine.present(engine.view(state, actor), { viewer: actor });
  const text = [panel.title, panel.description ?? ''].join(' — ').replace(/\s+/g, ' ').trim();
  return text.length <= SAW_MAX ? text : `${text.slice(0, SAW_MAX - 1)}…`;
}

export function reviewGame(engine: AnyEngine, record: ReviewRecord): Review {
  const { before } = replay(engine, record);
  const seated = new Set(record.seats.map((s) => s.id));
  const people = new Set(record.seats.filter((s) => !s.computer).map((s) => s.id));
  const moments: ReviewMoment[] = [];
  let budget = PLAYOUT_BUDGET;
  let unexplored = 0;
  record.history.forEach((entry, i) => {
    if (!seated.has(entry.actor)) return;
    const state = before[i];
    const moment: ReviewMoment = {
      seq: entry.seq,
      actor: entry.actor,
      saw: sawAt(engine, state, entry.actor),
      did: describeAction(engine, entry.action),
    };
    moments.push(moment);
    if (!people.has(entry.actor)) return;
    const alt: unknown = engine.computerAction(state, entry.actor);
    if (alt === null || JSON.stringify(alt) === JSON.stringify(entry.action)) return;
    const would = describeAction(engine, alt);
    if (budget <= 0) {
      unexplored++;
      moment.computer = { would, why: 'not played out (review budget spent)', decisive: false };
      return;
    }
    budget--;
    const applied = engine.apply(state, entry.actor, alt);
    if (!applied.ok) return;
    const next = engine.apply(state, entry.actor, entry.action);
    const withAlt = playOn(engine, applied.value.state).includes(entry.actor);
    const withOwn = next.ok ? playOn(engine, next.value.state).includes(entry.actor) : false;
    const decisive = withAlt && !withOwn;
    const why = decisive
      ? 'played on by the computer strategies from here, this wins the game for this seat; the move made does not'
      : withAlt
        ? 'either move wins when the computers play on from here'
        : 'neither move wins when the computers play on from here';
    moment.computer = { would, why, decisive };
  });
  const decisive = moments.filter((m) => m.computer?.decisive).slice(0, 3);
  return { moments, decisive, unexplored };
}
