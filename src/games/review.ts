/**
 * Post-game review (issue #18), pure: replays a finished game from its seed and history (engines
 * are deterministic), and at each move of a player asks the computer strategy what it would have
 * done. Where it differs, the rest of the game is played out by the computers twice, once after
 * each move: a move after which the player would have won with the computer's choice and did
 * not with their own is a moment that decided the game.
 */
import type { AnyAction, AnyEngine, Outcome, PlayerId, Seat } from './contract.ts';
import { isAction, SYSTEM_ACTOR } from './contract.ts';
import { describeAction } from './describe.ts';
import { TUTORIALS } from './index.ts';

export interface ReviewRecord {
  seats: Seat[];
  /** Options as the game was started with (already parsed). */
  options: Record<string, unknown>;
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
  computer?: {
    would: string;
    /** What that move would have achieved, in the game's terms (absent when the game has nothing concrete). */
    why?: string;
    /** The two playouts' results side by side (who won, with what score); absent if not played out. */
    result?: string;
    /** Played on by the computers, the alternative wins for this seat and the move made does not. */
    decisive: boolean;
  };
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
    const action = entry.action;
    if (!isAction(action)) throw new Error(`review: move ${entry.seq} is not an action`);
    const joined = action.type === '@join' ? (action as { seat?: Seat }).seat : undefined;
    const result =
      joined && engine.join ? engine.join(state, joined) : engine.apply(state, entry.actor, action);
    if (!result.ok) throw new Error(`review: move ${entry.seq} does not replay: ${result.error.code}`);
    state = result.value.state;
  }
  return { before, final: state };
}

/** How the game ends when the computers play on from `state` (every seat by its strategy); null if it does not end. */
export function playOn(engine: AnyEngine, state: unknown): Outcome | null {
  let s = state;
  for (let step = 0; step < MAX_STEPS; step++) {
    const done = engine.outcome(s);
    if (done) return done;
    const actor = engine.activePlayers(s).find((p: string) => engine.computerAction(s, p) !== null);
    const action = actor ? engine.computerAction(s, actor) : engine.timer(s)?.action;
    if (!action) return null;
    const result = engine.apply(s, actor ?? SYSTEM_ACTOR, action);
    if (!result.ok) return null;
    s = result.value.state;
  }
  return null;
}

/** The two playouts' results side by side, in the game's own words (its outcome summaries). */
export function resultDifference(withAlt: Outcome | null, withOwn: Outcome | null): string {
  const said = (o: Outcome | null): string => (o ? o.summary.replace(/\.$/, '') : 'the game does not finish');
  if (withAlt && withOwn && withAlt.summary === withOwn.summary)
    return `played on by the computers, either move ends the same way: ${said(withAlt)}`;
  return `played on by the computers: with that move, ${said(withAlt)}; with the move made, ${said(withOwn)}`;
}

/**
 * What the computer's move would have achieved: the game's own explanation where it has one,
 * else the tutorial's reason for that kind of move (src/games/tutorial), else nothing.
 */
function achieved(
  engine: AnyEngine,
  state: unknown,
  actor: PlayerId,
  alt: AnyAction,
  own: AnyAction,
): string | null {
  const said = engine.explainAlternative?.(state, actor, alt, own);
  if (said) return said;
  return TUTORIALS.find((t) => t.game === engine.id && t.reasons[alt.type])?.reasons[alt.type] ?? null;
}

function sawAt(engine: AnyEngine, state: unknown, actor: PlayerId): string {
  const panel = engine.present(engine.view(state, actor), { viewer: actor });
  const text = [panel.title, panel.description ?? ''].join(' — ').replace(/\s+/g, ' ').trim();
  return text.length <= SAW_MAX ? text : `${text.slice(0, SAW_MAX - 1)}…`;
}

/**
 * The verdict of a moment: decisive only when the computer's move would have won for the seat and
 * its own did not, and the seat did not win the game itself (a move cannot have lost a game that
 * was won); when the computers' playout of the move made has other winners than the game itself,
 * the game's own result is said beside it, so the review never reads against the result.
 */
function verdict(
  actor: PlayerId,
  withAlt: Outcome | null,
  withOwn: Outcome | null,
  real: Outcome | null,
): { result: string; decisive: boolean } {
  const decisive =
    !!withAlt?.winners.includes(actor) && !withOwn?.winners.includes(actor) && !real?.winners.includes(actor);
  const said = resultDifference(withAlt, withOwn);
  const winners = (o: Outcome | null): string => JSON.stringify([...(o?.winners ?? [])].sort());
  const differs = real && winners(withOwn) !== winners(real);
  return {
    result: differs ? `${said} (in the game itself: ${real.summary.replace(/\.$/, '')})` : said,
    decisive,
  };
}

export function reviewGame(engine: AnyEngine, record: ReviewRecord): Review {
  const { before, final } = replay(engine, record);
  const real = engine.outcome(final);
  const partial = new Set(engine.halfMoves ?? []);
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
    const own = entry.action;
    if (!people.has(entry.actor) || !isAction(own)) return;
    // Half of a two-click move (Kingpin: the Defense picked before its Location) is no decision
    // to weigh: the click that completes it is.
    if (partial.has(own.type)) return;
    const alt = engine.computerAction(state, entry.actor);
    if (alt === null || JSON.stringify(alt) === JSON.stringify(own) || partial.has(alt.type)) return;
    const would = describeAction(engine, alt);
    if (budget <= 0) {
      unexplored++;
      const why = achieved(engine, state, entry.actor, alt, own);
      moment.computer = { would, ...(why ? { why } : {}), decisive: false };
      return;
    }
    budget--;
    const applied = engine.apply(state, entry.actor, alt);
    if (!applied.ok) return;
    const next = engine.apply(state, entry.actor, own);
    const withAlt = playOn(engine, applied.value.state);
    const withOwn = next.ok ? playOn(engine, next.value.state) : null;
    const why = achieved(engine, state, entry.actor, alt, own);
    const { result, decisive } = verdict(entry.actor, withAlt, withOwn, real);
    moment.computer = { would, ...(why ? { why } : {}), result, decisive };
  });
  const decisive = moments.filter((m) => m.computer?.decisive).slice(0, 3);
  return { moments, decisive, unexplored };
}
