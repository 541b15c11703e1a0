/**
 * The emulator's HTTP side: REST requests under /api (the network's delay, faults and rate
 * limits first, then the matching route, then the delay back), attachment downloads, and the
 * counters tests use to wait for quiet.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../clock.ts';
import type { Faults, Limited } from './faults.ts';
import type { Latency } from './latency.ts';
import { readRequest, RestError, sendJson } from './rest-router.ts';
import type { Route } from './rest-router.ts';
import type { World } from './world.ts';

/**
 * A client answered 429 that has not sent its request again this long after Retry-After has
 * dropped it (it was destroyed, or it was a plain fetch): waitForIdle stops waiting for it.
 * discord.js always comes back, as soon as its event loop lets it; this only bounds the wait for
 * one that never will.
 */
const RETRY_GIVE_UP_MS = 10_000;

export class RestServer {
  #restRequests = 0;
  /** Requests counted against the bot's global 50/s (bot token, not an interaction endpoint). */
  #globalBound = 0;
  /** Requests to interaction endpoints (callbacks, and webhooks by interaction token): exempt. */
  #interactionRoutes = 0;
  #inFlight = 0;
  #lastActivity = 0;
  /**
   * Requests answered 429 whose retry has not arrived yet, per method and path: when each stops
   * being waited for (performance.now()). A client waiting out a 429 is not idle, however long
   * its event loop takes to read the 429 and to wake after Retry-After.
   */
  readonly #owedRetries = new Map<string, number[]>();
  readonly #sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  constructor(
    private readonly deps: {
      world: World;
      events: EventEmitter;
      faults: Faults;
      latency: Latency;
      clock: Clock;
      token: string;
      routes: Route[];
    },
  ) {}

  /**
   * Ends every network delay at once and resolves when every request has been answered (or after
   * `maxMs`), so that stopping does not cut a response off and make its client retry.
   */
  async drain(maxMs = 2_000): Promise<void> {
    const until = performance.now() + maxMs;
    for (;;) {
      for (const s of this.#sleeping) {
        clearTimeout(s.timer);
        s.wake();
      }
      this.#sleeping.clear();
      if (this.#inFlight === 0 || performance.now() >= until) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // Let the last responses reach their sockets.
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Waits `ms` of real time: the network is not on the adjustable clock. */
  #sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.#sleeping.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.#sleeping.add(entry);
    });
  }

  #sendLimited(res: ServerResponse, method: string, rawPath: string, limit: Limited): void {
    const key = `${method} ${rawPath}`;
    const giveUpAt = performance.now() + limit.body.retry_after * 1000 + RETRY_GIVE_UP_MS;
    this.#owedRetries.set(key, [...(this.#owedRetries.get(key) ?? []), giveUpAt]);
    this.deps.events.emit('rateLimited', { method, path: rawPath, ...limit.body });
    sendJson(res, 429, limit.body, limit.headers);
  }

  get restRequests(): number {
    return this.#restRequests;
  }

  get globalBound(): number {
    return this.#globalBound;
  }

  get interactionRoutes(): number {
    return this.#interactionRoutes;
  }

  /**
   * Resolves when no REST request is in flight (network delays included), every request answered
   * 429 has come again (or its client gave up, RETRY_GIVE_UP_MS), and no request arrived for
   * `quietMs` of real time, counted from the call at the earliest so that a bot about to answer
   * gets the chance.
   */
  async waitForIdle(quietMs: number): Promise<void> {
    const calledAt = performance.now();
    for (;;) {
      const now = performance.now();
      const quietFor = now - Math.max(this.#lastActivity, calledAt);
      if (this.#inFlight === 0 && !this.#awaitingRetry(now) && quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(2, quietMs - quietFor)));
    }
  }

  /** Whether a client still owes the retry of a request answered 429 (given-up ones are dropped). */
  #awaitingRetry(now: number): boolean {
    for (const [key, giveUps] of this.#owedRetries) {
      const owed = giveUps.filter((at) => at > now);
      if (owed.length) this.#owedRetries.set(key, owed);
      else this.#owedRetries.delete(key);
    }
    return this.#owedRetries.size > 0;
  }

  /** A request arrived: if its method and path were answered 429, this is (taken as) the retry. */
  #retried(method: string, rawPath: string): void {
    const key = `${method} ${rawPath}`;
    const [, ...rest] = this.#owedRetries.get(key) ?? [];
    if (rest.length) this.#owedRetries.set(key, rest);
    else this.#owedRetries.delete(key);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { events, faults, latency, clock } = this.deps;
    this.#inFlight += 1;
    this.#lastActivity = performance.now();
    // When the request reached Discord: deadlines (3 s, 15 min) count to here, not to the end of
    // the network delay below.
    const receivedAt = clock.now();
    const method = req.method ?? 'GET';
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    this.#retried(method, rawPath);
    let downstreamMs = 0;
    let finished: (() => void) | undefined;
    try {
      if (!rawPath.startsWith('/api/')) {
        this.#serveAttachment(rawPath, res);
        return;
      }
      this.#restRequests += 1;
      const parsed = await readRequest(req, this.deps.token);
      if (/^\/(interactions|webhooks)\//.test(parsed.path)) this.#interactionRoutes += 1;
      else if (parsed.botAuthorized) this.#globalBound += 1;
      const match = this.#match(method, parsed.path);
      finished = match?.route.arrived?.(match.params);
      const uploaded = parsed.files.reduce((n, f) => n + f.data.length, 0);
      const plan = latency.plan(method, parsed.path, uploaded, match?.route.botAuth ?? true);
      downstreamMs = plan.downstreamMs;
      if (plan.upstreamMs + plan.downstreamMs > 0)
        events.emit('latency', {
          method,
          path: rawPath,
          upstreamMs: plan.upstreamMs,
          downstreamMs: plan.downstreamMs,
        });
      await this.#sleep(plan.upstreamMs);
      const fault = faults.take(method, parsed.path);
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault?.status) {
        events.emit('fault', { method, path: rawPath, status: fault.status });
        await this.#sleep(downstreamMs);
        sendJson(res, fault.status, fault.body ?? { code: 0, message: `${fault.status}: Injected fault` });
        return;
      }
      const counted = faults.count(method, parsed.path);
      const refused = counted.limited ?? plan.limited;
      if (refused) {
        await this.#sleep(downstreamMs);
        this.#sendLimited(res, method, rawPath, refused);
        return;
      }
      if (!match) throw new RestError(404, { code: 0, message: '404: Not Found' });
      if (match.route.botAuth && !parsed.botAuthorized)
        throw new RestError(401, { code: 0, message: '401: Unauthorized' });
      const response = await match.route.handler({ ...parsed, params: match.params, receivedAt });
      await this.#sleep(downstreamMs);
      sendJson(res, response.status, response.body, counted.headers);
    } catch (error) {
      const restError =
        error instanceof RestError
          ? error
          : new RestError(500, {
              code: 0,
              message: `Emulator error: ${error instanceof Error ? error.message : String(error)}`,
            });
      events.emit('restError', { method, path: rawPath, status: restError.status, body: restError.body });
      await this.#sleep(downstreamMs);
      sendJson(res, restError.status, restError.body);
    } finally {
      finished?.();
      this.#inFlight -= 1;
      this.#lastActivity = performance.now();
    }
  }

  #match(method: string, path: string): { route: Route; params: string[] } | undefined {
    for (const route of this.deps.routes) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (m) return { route, params: m.slice(1) };
    }
    return undefined;
  }

  /** Attachment URLs in message payloads point here, so a bot can download what it uploaded. */
  #serveAttachment(path: string, res: ServerResponse): void {
    const m = /^\/attachments\/(\d+)\/(\d+)\//.exec(path);
    const attachment = m
      ? this.deps.world
          .messagesIn(m[1] ?? '')
          .flatMap((msg) => msg.attachments)
          .find((a) => a.id === m[2])
      : undefined;
    if (!attachment) throw new RestError(404, { code: 0, message: '404: Not Found' });
    res.writeHead(200, {
      'Content-Type': attachment.contentType ?? 'application/octet-stream',
      'Content-Length': attachment.data.length,
    });
    res.end(attachment.data);
  }
}
