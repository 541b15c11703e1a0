/**
 * Boards drawn at the pace the global budget lets them leave (issue #25). A board posted, or
 * edited by the channel's route, spends the bot's global 50 requests a second
 * (app/rest-budget.ts); a private view goes by its interaction's token, outside it. When a
 * hundred tables moved at once, every mover's view was drawn before any board: the budget stood
 * idle for the first second of the wave, then the boards reached it faster than it let them go.
 *
 * So a board bound for the global budget is drawn just in time for its slot: the picture pool
 * (discord/pictures.ts) starts one ahead of the private views (one for every two views while
 * views wait) only while the budget's coming quarter of a second has room for it; beyond that it
 * waits as SVG text and the views get the workers. Requests that may wait for boards (an old
 * board's retirement, lines below a board: `behindBoards`) leave the budget only while the
 * window has a slot no waiting board could take (`spare`; or after the budget's longest wait for
 * them), and take slots of the same window. Boards then leave at the budget's steady rate from
 * the start of a wave, nothing else takes their slots, and the budget seldom has to hold a
 * request back.
 */

/** Discord's global limit on a bot's requests (discord.com/developers/docs/topics/rate-limits). */
export const GLOBAL_PER_SECOND = 50;
/** How far ahead boards are drawn: the budget of the next quarter of a second. */
export const LEAD_MS = 250;

export class BoardPace {
  /** When each slot of the last `leadMs` was taken (a board's drawing, a request behind boards). */
  private readonly spent: number[] = [];
  /** Paced boards asked for and not yet started. */
  private boards = 0;
  /** How many a `leadMs` window holds: below the global rate, so the budget rarely holds any. */
  readonly perLead: number;

  constructor(
    perSecond = GLOBAL_PER_SECOND,
    readonly leadMs = LEAD_MS,
  ) {
    // 2 a second spare: a board is sent a few ms after its drawing starts, not at the same instant.
    this.perLead = Math.max(1, Math.floor(((perSecond - 2) * leadMs) / 1000));
  }

  /** Milliseconds until the window has a free slot (0: now). */
  wait(now = performance.now()): number {
    this.prune(now);
    if (this.spent.length < this.perLead) return 0;
    return Math.max(1, (this.spent[this.spent.length - this.perLead] ?? now) + this.leadMs - now);
  }

  /** A paced board waits to be drawn (+1), or was started (-1). */
  boardWaiting(change: 1 | -1): void {
    this.boards = Math.max(0, this.boards + change);
  }

  /** Paced boards waiting for their slot: requests behind boards wait for them (rest-budget.ts). */
  get waiting(): number {
    return this.boards;
  }

  /**
   * Slots of the window no waiting board can take now: free slots less the boards waiting. A
   * request behind boards may take one (rest-budget.ts): while the workers draw private views,
   * boards wait for a worker, not for the budget, and the budget would stand idle.
   */
  spare(now = performance.now()): number {
    this.prune(now);
    return this.perLead - this.spent.length - this.boards;
  }

  /** Forgets the slots taken longer than `leadMs` ago. */
  private prune(now: number): void {
    while (this.spent.length && (this.spent[0] ?? 0) <= now - this.leadMs) this.spent.shift();
  }

  /** A board's drawing starts, or a request behind boards leaves: a slot is taken. */
  take(now = performance.now()): void {
    this.spent.push(now);
  }
}

/** The process's pace: its picture pool draws boards by it; the global budget's gate reads it. */
export const boardPace = new BoardPace();
