/**
 * The REST budget, on purpose. Discord limits a bot to 50 requests a second across its
 * bot-token routes (the global limit), but "interaction endpoints are not bound to the bot's
 * Global Rate Limit" (discord.com/developers/docs/topics/rate-limits, *Global Rate Limit*): the
 * callback, and the webhook routes addressed by the interaction's token (edits of the original
 * response or of the message a button belongs to, follow-ups).
 *
 * discord.js's REST exempts only the callback; `editReply`, `followUp` and the like go through
 * the same client-side 50/s queue as board posts, so a busy evening's private views waited
 * behind public boards (issue #25). This REST sends every request addressed by an interaction
 * token (`/webhooks/<app>/<token>…` without the bot's Authorization) through a second REST of
 * its own whose global allowance is Discord's for those routes (none); everything else, board
 * posts and edits by channel included, spends the global budget as before. Per-route limits
 * (429s with `retry_after`) are honoured on both.
 *
 * It is the client's REST (`client.rest`), so every interaction method — deferReply, editReply,
 * followUp, deleteReply, update — takes the exempt path without each call site knowing.
 *
 * The global budget is spent in an order of our choosing (`BudgetGate`): when 100 tables move at
 * once, each table's new board goes before other tables' retirements of old boards and lines
 * posted below a board (marked with `behindBoards`, kernel/rest-priority.ts), which wait at most
 * `LATER_MAX_WAIT_MS`; within a channel, requests keep the order they were made in. Boards are
 * drawn at the pace the budget lets them go (kernel/board-pace.ts), so they seldom queue here;
 * a request behind boards also waits while the boards waiting to be drawn need every free slot of
 * the pace's window.
 */
import { REST, RESTEvents, type InternalRequest, type RESTOptions, type ResponseLike } from 'discord.js';
import { isBehindBoards } from '../kernel/rest-priority.ts';
import { boardPace, type BoardPace } from '../kernel/board-pace.ts';

/** Requests a second the exempt path allows itself: Discord sets no global limit on these routes. */
const EXEMPT_PER_SECOND = 10_000;
/** The `hash` of the rate-limit event for a request the gate held because it goes behind boards. */
export const GATE_BEHIND_BOARDS = 'gate:behind-boards';
/** The longest a request marked to go behind boards waits for them before it goes anyway. */
const LATER_MAX_WAIT_MS = 3_000;
/** How often a request behind boards looks again whether the boards it waits for were drawn. */
const BOARDS_POLL_MS = 20;

interface Waiting {
  later: boolean;
  since: number;
  channel: string | undefined;
  go: () => void;
}

/**
 * Releases requests at most `perSecond` in any second (discord.js's own limiter then seldom
 * holds one back), boards first: a request marked `later` goes only when no other waits here and
 * the boards waiting to be drawn leave the pace's window a slot (`pace.spare()`), or once it has
 * waited `LATER_MAX_WAIT_MS`;
 * one made after it in the same channel lifts it first. A `later` request that goes takes a slot
 * of the boards' pace.
 */
export class BudgetGate {
  private readonly sent: number[] = [];
  private readonly queue: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly perSecond: number,
    private readonly held: (later: boolean) => void = () => undefined,
    private readonly pace: BoardPace = boardPace,
  ) {}

  /** Resolves when the request may leave; counted as held (`held`) only when it cannot leave at once. */
  take(later: boolean, channel: string | undefined): Promise<void> {
    // Order within a channel: what was asked before this request there goes no later than it.
    if (!later && channel !== undefined)
      for (const w of this.queue) if (w.channel === channel) w.later = false;
    return new Promise((go) => {
      const waiting: Waiting = { later, since: performance.now(), channel, go };
      this.queue.push(waiting);
      this.pump();
      if (this.queue.includes(waiting)) this.held(later);
    });
  }

  /** Whether a request may leave now (fewer than `perSecond` in the last second). */
  private room(): boolean {
    const now = performance.now();
    while (this.sent.length && (this.sent[0] ?? 0) <= now - 1000) this.sent.shift();
    return this.sent.length < this.perSecond;
  }

  private leave(later: boolean): void {
    this.sent.push(performance.now());
    if (later) this.pace.take();
  }

  /**
   * The oldest request that may go first: not marked later, or waited long enough; else the
   * oldest, unless boards waiting to be drawn need every free slot of the pace's window (-1: none
   * may go yet). While they wait for a worker rather than for the budget, it has slots to spare.
   */
  private next(): number {
    const now = performance.now();
    const i = this.queue.findIndex((w) => !w.later || now - w.since >= LATER_MAX_WAIT_MS);
    return i >= 0 ? i : this.pace.waiting > 0 && this.pace.spare() <= 0 ? -1 : 0;
  }

  private pump(): void {
    let blocked = false;
    while (this.queue.length && this.room()) {
      const at = this.next();
      if (at < 0) {
        blocked = true;
        break;
      }
      const [w] = this.queue.splice(at, 1);
      if (w) this.leave(w.later);
      w?.go();
    }
    if (!this.queue.length || this.timer) return;
    const wait = blocked ? BOARDS_POLL_MS : Math.max(1, (this.sent[0] ?? 0) + 1000 - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, wait);
  }
}

/** The channel a bot-token route addresses, for keeping a channel's requests in order. */
const channelOf = (route: string): string | undefined => /^\/channels\/(\d+)/.exec(route)?.[1];

/** A request addressed by an interaction token (sent without the bot's token). */
export function isInteractionTokenRoute(request: Pick<InternalRequest, 'fullRoute' | 'auth'>): boolean {
  return request.auth === false && /^\/(webhooks|interactions)\//.test(request.fullRoute);
}

export class BudgetedREST extends REST {
  /** The path for interaction-token requests, outside the global 50/s. */
  readonly exempt: REST;

  /** The global budget's order: boards first. */
  readonly gate: BudgetGate;

  constructor(options: Partial<RESTOptions>) {
    super(options);
    this.exempt = new REST({ ...options, globalRequestsPerSecond: EXEMPT_PER_SECOND });
    // A request held by the gate waited for the global limit, as one discord.js holds back does.
    this.gate = new BudgetGate(this.options.globalRequestsPerSecond, (later) =>
      this.emit(RESTEvents.RateLimited, {
        global: true,
        method: 'gate',
        url: '',
        route: '',
        majorParameter: 'global',
        // Which kind waited: one kept behind boards on purpose (a retirement, a line below), or any.
        hash: later ? GATE_BEHIND_BOARDS : 'gate',
        limit: this.options.globalRequestsPerSecond,
        timeToReset: 0,
        retryAfter: 0,
        sublimitTimeout: 0,
        scope: 'user',
      }),
    );
  }

  override async queueRequest(request: InternalRequest): Promise<ResponseLike> {
    if (isInteractionTokenRoute(request)) return this.exempt.queueRequest(request);
    await this.gate.take(isBehindBoards(), channelOf(request.fullRoute));
    return super.queueRequest(request);
  }

  override clearHashSweeper(): void {
    super.clearHashSweeper();
    this.exempt.clearHashSweeper();
  }

  override clearHandlerSweeper(): void {
    super.clearHandlerSweeper();
    this.exempt.clearHandlerSweeper();
  }
}
