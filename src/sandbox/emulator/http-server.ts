/**
 * The emulator's HTTP side: REST requests under /api (faults and rate limits first, then the
 * matching route), attachment downloads, and the counters tests use to wait for quiet.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from './faults.ts';
import { readRequest, RestError, sendJson } from './rest-router.ts';
import type { Route } from './rest-router.ts';
import type { World } from './world.ts';

export class RestServer {
  #restRequests = 0;
  #inFlight = 0;
  #lastActivity = 0;

  constructor(
    private readonly deps: {
      world: World;
      events: EventEmitter;
      faults: Faults;
      token: string;
      routes: Route[];
    },
  ) {}

  get restRequests(): number {
    return this.#restRequests;
  }

  /**
   * Resolves when no REST request is in flight and none arrived for `quietMs` of real time,
   * counted from the call at the earliest so that a bot about to answer gets the chance.
   */
  async waitForIdle(quietMs: number): Promise<void> {
    const calledAt = performance.now();
    for (;;) {
      const quietFor = performance.now() - Math.max(this.#lastActivity, calledAt);
      if (this.#inFlight === 0 && quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(2, quietMs - quietFor)));
    }
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { events, faults } = this.deps;
    this.#inFlight += 1;
    this.#lastActivity = performance.now();
    const method = req.method ?? 'GET';
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (!rawPath.startsWith('/api/')) {
        this.#serveAttachment(rawPath, res);
        return;
      }
      this.#restRequests += 1;
      const parsed = await readRequest(req, this.deps.token);
      const fault = faults.take(method, parsed.path);
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault?.status) {
        events.emit('fault', { method, path: rawPath, status: fault.status });
        sendJson(res, fault.status, fault.body ?? { code: 0, message: `${fault.status}: Injected fault` });
        return;
      }
      const counted = faults.count(method, parsed.path);
      if (counted.limited) {
        events.emit('rateLimited', { method, path: rawPath, ...counted.limited.body });
        sendJson(res, 429, counted.limited.body, counted.limited.headers);
        return;
      }
      const match = this.#match(method, parsed.path);
      if (!match) throw new RestError(404, { code: 0, message: '404: Not Found' });
      if (match.route.botAuth && !parsed.botAuthorized)
        throw new RestError(401, { code: 0, message: '401: Unauthorized' });
      const response = await match.route.handler({ ...parsed, params: match.params });
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
      sendJson(res, restError.status, restError.body);
    } finally {
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
