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
 */
import { REST, type InternalRequest, type RESTOptions, type ResponseLike } from 'discord.js';

/** Requests a second the exempt path allows itself: Discord sets no global limit on these routes. */
const EXEMPT_PER_SECOND = 10_000;

/** A request addressed by an interaction token (sent without the bot's token). */
export function isInteractionTokenRoute(request: Pick<InternalRequest, 'fullRoute' | 'auth'>): boolean {
  return request.auth === false && /^\/(webhooks|interactions)\//.test(request.fullRoute);
}

export class BudgetedREST extends REST {
  /** The path for interaction-token requests, outside the global 50/s. */
  readonly exempt: REST;

  constructor(options: Partial<RESTOptions>) {
    super(options);
    this.exempt = new REST({ ...options, globalRequestsPerSecond: EXEMPT_PER_SECOND });
  }

  override queueRequest(request: InternalRequest): Promise<ResponseLike> {
    return isInteractionTokenRoute(request) ? this.exempt.queueRequest(request) : super.queueRequest(request);
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
