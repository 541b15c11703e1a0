/**
 * The contract every game engine implements. Engines are pure: plain-JSON state, seeded
 * randomness kept inside the state (see rng.ts), no clock, no I/O, no Discord.
 * The platform (src/bot, src/commands) drives them only through this interface.
 */
import type { z } from 'zod';
import type { Panel } from './panel.ts';
import type { Picture } from './picture.ts';

/** A Discord user id for humans; `cpu:<n>` for computer players. */
export type PlayerId = string;

/** Acts on behalf of the table when a timer runs out (see GameEngine.timer). */
export const SYSTEM_ACTOR = '@system';
/** The host who runs a table without a seat (study groups). */
export const FACILITATOR_ACTOR = '@facilitator';

export interface Seat {
  id: PlayerId;
  name: string;
  /** Strategy id from GameEngine.computerStrategies when a computer plays this seat. */
  computer?: string | undefined;
  /** Team play: the users who act for this seat and see its hand. Defaults to [id]. */
  members?: PlayerId[] | undefined;
}

/** Where a rule lives: the rulebook, its section, and our ruling (docs/rules/<game>.md) if we made one. */
export interface RuleReference {
  book: string;
  section: string;
  /** e.g. "collection-deck R12". */
  ruling?: string;
}

/**
 * A rule violation: a stable code for tests and a sentence a player understands. `reference`
 * and `instead` teach: which rule refused the move and what the player can do instead. Engines
 * may set them; otherwise the registry fills them from the game's rule-refs data
 * (src/games/rule-refs.ts), so every refusal the platform shows carries them.
 */
export interface RuleError {
  code: string;
  message: string;
  reference?: RuleReference;
  instead?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: string, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

export interface Applied<S> {
  state: S;
  /**
   * Public lines the platform posts in the channel, in order (a reveal, a round summary).
   * Markdown: a player's name or words in them go through `literal` (src/games/text.ts).
   */
  announce: string[];
}

export interface Outcome {
  winners: PlayerId[];
  /** One public sentence: who won and why. Markdown, players' names through `literal` (a picture takes it back with `plain`). */
  summary: string;
}

/**
 * A phase that ends on its own after a while (a negotiation round, a disruption window).
 * The platform keeps the deadline (engines have no clock): when `key` first appears it
 * schedules `durationMs` from now, may post a reminder `reminderBeforeMs` before the end, and
 * when time runs out applies `action` as SYSTEM_ACTOR, unless `key` has changed meanwhile.
 * At a table with a pace the platform runs it only when the host set it (`option`): otherwise the
 * decisions' own deadlines (`waits`) pace the phase, one deadline per decision.
 */
export interface PhaseTimer<A> {
  key: string;
  durationMs: number;
  reminderBeforeMs?: number;
  /** Shown with the time left, e.g. "Negotiation". */
  label: string;
  action: A;
  /** The game option that sets `durationMs` (Collection Deck's `window`), if the host may set it. */
  option?: string;
}

/**
 * A decision the game is waiting for: who owes it, what it is, and what happens if they never
 * answer. The platform may put a deadline on each (per-decision clocks, reserves, reminders,
 * a computer taking a seat after missed decisions); engines only describe the decision.
 *
 * - `key` names one decision. It stays the same while that decision is pending (other players
 *   acting meanwhile do not change it), and once it has gone from `waits()` it never comes back,
 *   so the platform keeps one deadline per key: new key, new deadline; key gone, deadline gone.
 * - At the deadline the platform applies `default` with `player` as the actor, exactly as if
 *   they had chosen it (a vote counts as theirs, a pass as their pass). It is legal in the state
 *   that listed it; the platform re-reads `waits()` at the deadline and uses the default listed
 *   then. A decision may take more than one action (Item Collection's starting player turns the
 *   joker, then presses Ready): the key then stays and the next default is listed, and the
 *   platform applies defaults until the key is gone (`runOutWait` in waits.ts does this).
 * - Computer seats are listed like any other; the platform answers for them at once.
 */
export interface Wait<A> {
  /** A seat's id (Seat.id, also for team seats), or FACILITATOR_ACTOR for the host judging. */
  player: PlayerId;
  /** What they are asked to do, for the board and reminders, e.g. "declare a card". */
  for: string;
  /** The action applied as `player` when their time runs out; always legal when listed. */
  default: A;
  /** The ruling that explains the default, e.g. "item-collection R18". */
  rule: string;
  /** Names this decision (see above); unique within one `waits()` list. */
  key: string;
}

export interface SetupArgs<O> {
  players: Seat[];
  options: O;
  /** Any string; the same seed and players give the same deal. */
  seed: string;
  /** Fixed deck orders / dice for tests and prepared scenarios; validated by the engine. */
  arrangement?: unknown;
  /** Set when the host runs the table without a seat. */
  facilitator?: PlayerId;
}

export interface Autocomplete {
  name: string;
  value: string;
}

export interface PresentContext {
  /** null for the public board. */
  viewer: PlayerId | null;
}

export interface Debrief {
  /** Markdown for the channel and the export. */
  markdown: string;
  /** Figures as plain JSON for the export. */
  data: unknown;
}

/** One figure of one table in a study session's combined debrief (see `sessionFigures`). */
export interface SessionFigure {
  /** The row's name, the same at every table of the game, e.g. "Trust kept". */
  name: string;
  /** This table's value, e.g. "75%" or "3/4"; Markdown. */
  value: string;
}

/** A z.object; the platform reads its fields (`shape`) to build `/game start`'s options. */
export type OptionsSchema<O> = z.ZodType<O> & { shape: Readonly<Record<string, z.ZodType>> };

/** One z.object of an action union: its `type` literal and the fields a slash subcommand offers. */
export interface ActionVariantSchema {
  shape: { type: { value: unknown } } & Readonly<Record<string, z.ZodType>>;
  description?: string | undefined;
}

/** A z.discriminatedUnion of z.objects on `type`. */
export type ActionSchema<A> = z.ZodType<A> & { options: readonly ActionVariantSchema[] };

/**
 * One seat's result in a finished game, for the server's stats (`/game stats`, the leaderboard).
 * The optional figures are added up per player and shown when a game reports them.
 */
export interface SeatResult {
  /** Seat.id. */
  seat: PlayerId;
  won: boolean;
  /** For games that score: averaged over the games that reported one. */
  score?: number;
  /** Claims made and how many were true (shown as honesty). */
  claims?: { made: number; honest: number };
  /** Plays that trusted the others' claims, and how many of them scored (shown as cooperation). */
  trust?: { plays: number; repaid: number };
}

/**
 * What a game writes: what only the game knows. `defineGame` (define.ts) fills every optional
 * member the platform needs with a default (derived from `waits` and `legalActions`), the way
 * boardgame.io's ProcessGameConfig fills a Game. Every member is pure.
 */
export interface GameDefinition<S, A extends { type: string }, O, V> {
  /** Lowercase, also the slash command name for in-game actions. */
  id: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  /** Rules summary shown by `/game help <game>`; Markdown, at most 4000 characters. */
  rulesSummary: string;
  /** Each top-level field becomes an option of `/game start`; `{}` must parse (defaults). */
  optionsSchema: OptionsSchema<O>;
  actionSchema: ActionSchema<A>;
  /** Action types offered as slash subcommands of `/<id>`; fields become options. Default: none. */
  slashActions?: readonly A['type'][];
  /** The lobby's *Add a computer player* menu. Default: a random player, if `legalActions`. */
  computerStrategies?: readonly { id: string; name: string; description: string }[];
  /** Team play: up to `maxMembers` users may share one seat (its hand, its moves). */
  teams?: { maxMembers: number };
  /**
   * A line the lobby shows for the seats taken so far (e.g. that solo play is much harder), or
   * null when there is nothing to say. Seats are those of the lobby: a computer has `computer`.
   */
  lobbyNote?(seats: readonly Seat[]): string | null;

  setup(args: SetupArgs<O>): Result<S>;
  apply(state: S, actor: PlayerId, action: A): Result<Applied<S>>;
  /** viewer null is the public view; a player sees their own hidden information only. */
  view(state: S, viewer: PlayerId | null): V;
  /** Renders a view to a Discord-agnostic panel (see panel.ts). */
  present(view: V, ctx: PresentContext): Panel;
  outcome(state: S): Outcome | null;
  /**
   * Every decision the game waits for now, each with a default (see Wait). Empty only when
   * the game is over: no phase may wait on someone without saying what happens if they never
   * answer.
   */
  waits(state: S): Wait<A>[];
  /** Markdown and figures posted at the end and exported (null while there is nothing to say). */
  debrief(state: S): Debrief | null;
  /**
   * Every action `player` may take now (apply accepts each), for autocomplete, the random
   * computer and the contract test's checks. An action with a free-text field is left out or
   * listed once without the text; one that takes a subset of cards may be listed by examples.
   */
  legalActions?(state: S, player: PlayerId): A[];
  /** The name a choice list shows for `value`, a field of `action` (a card id: the card's name). */
  label?(state: S, action: A, value: string): string;
  /** Who must act now (mentioned on the board). Default: the players `waits` lists, in order. */
  activePlayers?(state: S): PlayerId[];
  /**
   * A clock on the whole phase, from the game's options (a negotiation of N minutes, a
   * disruption window): when it runs out SYSTEM_ACTOR applies its action, which settles every
   * decision still pending in that phase. Independent of `waits`, which are per-player
   * decisions the platform's pace puts deadlines on; both may run, whichever comes first acts,
   * and after any action the platform reads both again. With no pace only the timer runs.
   * Default: none.
   */
  timer?(state: S): PhaseTimer<A> | null;
  /** The move a computer seat makes now, or null. Default: a random legal action. */
  computerAction?(state: S, player: PlayerId): A | null;
  /** Choices for a slash option the player is typing, legal ones first. Default: from legalActions. */
  autocomplete?(state: S, player: PlayerId, actionType: string, field: string, typed: string): Autocomplete[];
  /** Each seat's result once the game is over (null before), for the server's stats. */
  results?(state: S): SeatResult[] | null;
  /** Ids of the glossary entries (glossary/entries.ts) this game uses; its private views name them. */
  glossary?: readonly string[];
  /**
   * Draws a view as a picture (see picture.ts), or null when this view has none. Pure: the same
   * view gives the same SVG. Shown above the panel's text, which stays as the text summary.
   */
  picture?(view: V, ctx: PresentContext): Picture | null;
  /**
   * The debrief's chart (issue #29): the game over rounds or turns, drawn from the finished
   * game's state (chart.ts). Posted publicly once the game is over, so it shows only what the
   * end reveal shows. Null while the game runs or when there is nothing to plot.
   */
  chart?(state: S): Picture | null;
  /**
   * For games whose players write a story together: the whole story so far as a readable
   * Markdown document (who wrote what, which card decided what). `/game export` adds it as its
   * own file beside the transcript.
   */
  story?(state: S): string;
  /** The game's card reference, for games with cards. */
  reference?: CardReference;
  /**
   * For games whose cards are hidden information: the reference one asker may read, given the
   * game in the channel (null when there is none). Wins over `reference` when present.
   */
  viewerReference?(state: S | null, viewer: PlayerId | null): CardReference;
  /**
   * The round number, for games that count rounds. A table of computers only then plays one
   * round at a time, with a pause between rounds, so people can follow it.
   */
  roundOf?(state: S): number;
  /** One line for a facilitator following several tables: round, phase and scores. */
  glance?(state: S): string;
  /**
   * The figures that make this game's point when several tables of one deal are compared (a
   * study session's combined debrief): one row per figure, the platform puts the tables side by
   * side on it and exports them as CSV. Markdown values (a name goes through `literal`).
   */
  sessionFigures?(state: S): SessionFigure[];
  /** The question a combined debrief ends with, for the class to discuss. */
  sessionPrompt?: string;
  /** Late arrivals, for games that allow them (e.g. at the start of a round). */
  join?(state: S, seat: Seat): Result<Applied<S>>;
  /**
   * The post-game review: what `alternative` (the computer strategy's choice) would have achieved
   * where `actor` played `played` from `state`, in the game's own terms ("a strategy worth 3 points
   * on Submarines was passed up"); null when the game has nothing concrete to say. Pure; the game
   * is over when it is asked, so nothing in `state` is secret any more.
   */
  explainAlternative?(state: S, actor: PlayerId, alternative: A, played: A): string | null;
  /**
   * Action types that are the first click of a two-click move (a card picked before its place):
   * the review weighs the move when it is completed, never its first half.
   */
  halfMoves?: readonly string[];
}

/** A game as the platform drives it: a definition with every default filled (`defineGame`). */
export interface GameEngine<S, A extends { type: string }, O, V> extends GameDefinition<S, A, O, V> {
  slashActions: readonly A['type'][];
  computerStrategies: readonly { id: string; name: string; description: string }[];
  activePlayers(state: S): PlayerId[];
  timer(state: S): PhaseTimer<A> | null;
  computerAction(state: S, player: PlayerId): A | null;
  autocomplete(state: S, player: PlayerId, actionType: string, field: string, typed: string): Autocomplete[];
}

/**
 * A game's public card reference: every card's full text, for `/<game id> card name:`. Cards are
 * public knowledge (the rulebook lists them), so anyone may look them up, seated or not.
 */
export interface CardReference {
  /** Cards whose name matches what the user typed, at most 25. */
  search(typed: string): Autocomplete[];
  /** One card in full (Markdown), or null for an unknown id. */
  show(id: string): { title: string; text: string } | null;
}

/** An action of some game, as the platform handles it without knowing which. */
export type AnyAction = { type: string; [field: string]: unknown };

/** Is `x` shaped like an action (a stored move, a parsed option)? The engine still judges it. */
export const isAction = (x: unknown): x is AnyAction =>
  typeof x === 'object' && x !== null && typeof (x as { type?: unknown }).type === 'string';

/**
 * The registry stores engines with their types erased: states and views are `unknown` to the
 * platform, which only passes them back to the engine that made them.
 */
export type AnyEngine = GameEngine<unknown, AnyAction, Record<string, unknown>, unknown>;
