/**
 * What a real network and a busy Discord do to a bot, on demand in tests: rate limits (429 with
 * `retry_after` and `global`, per route bucket and global, with X-RateLimit headers discord.js
 * reads) and injected faults (a route answering 500 a number of times, or answering slowly).
 * Off by default so the suite stays fast. Windows run on real time, as discord.js waits real time.
 */
export interface RateLimitSpec {
  /** Requests per bucket (method + route with its major parameter) per window. */
  perRoute?: { limit: number; windowMs: number };
  /** Requests per bot token per window across every route (Discord: 50 per second). */
  global?: { limit: number; windowMs: number };
}

export interface FaultSpec {
  method?: string;
  /** Matched against the path below /api/v10, e.g. /channels/123/messages. */
  path: RegExp;
  /** Answer this status (e.g. 500, 502) instead of handling the request. */
  status?: number;
  /** The error body to answer with (default `{code: 0, message: '<status>: Injected fault'}`). */
  body?: { code: number; message: string };
  /** Wait this long (real time) before handling (or failing) the request. */
  delayMs?: number;
  /** How many matching requests the fault applies to (default 1). */
  times?: number;
}

export interface Limited {
  status: 429;
  body: { message: string; retry_after: number; global: boolean; code?: number };
  headers: Record<string, string>;
}

interface Window {
  count: number;
  resetAt: number;
}

/** The bucket a request counts against: the route's shape with its major parameter kept. */
export function bucketOf(method: string, path: string): string {
  const major = /^\/(channels|guilds|webhooks)\/(\d+)(\/[^/]+)?/.exec(path);
  const shape = path.replace(/\/\d{5,}/g, '/:id').replace(/\/emu\.[^/]+/g, '/:token');
  return `${method} ${major ? `${major[1]}/${major[2]}${major[1] === 'webhooks' ? (major[3] ?? '') : ''}` : ''} ${shape}`;
}

export class Faults {
  #limits: RateLimitSpec | undefined;
  readonly #buckets = new Map<string, Window>();
  #global: Window = { count: 0, resetAt: 0 };
  readonly #faults: (FaultSpec & { left: number })[] = [];

  setRateLimits(spec: RateLimitSpec | undefined): void {
    this.#limits = spec;
    this.#buckets.clear();
    this.#global = { count: 0, resetAt: 0 };
  }

  inject(spec: FaultSpec): void {
    this.#faults.push({ ...spec, left: spec.times ?? 1 });
  }

  /** The fault that applies to this request, used up by one. */
  take(method: string, path: string): FaultSpec | undefined {
    const fault = this.#faults.find(
      (f) => f.left > 0 && (f.method === undefined || f.method === method) && f.path.test(path),
    );
    if (fault) fault.left -= 1;
    return fault;
  }

  /**
   * Counts the request; returns the 429 to send when over a limit, else the headers to add.
   * Interaction callbacks are exempt; interaction webhooks (edits and follow-ups through the
   * token) count only against their route, as on Discord: interaction endpoints are not bound
   * by the global limit.
   */
  count(
    method: string,
    path: string,
    now = Date.now(),
  ): { limited?: Limited; headers: Record<string, string> } {
    const limits = this.#limits;
    if (!limits || path.startsWith('/interactions/')) return { headers: {} };
    if (limits.global && !path.startsWith('/webhooks/')) {
      if (now >= this.#global.resetAt) this.#global = { count: 0, resetAt: now + limits.global.windowMs };
      this.#global.count += 1;
      if (this.#global.count > limits.global.limit)
        return { limited: limited(this.#global.resetAt - now, true, {}), headers: {} };
    }
    if (!limits.perRoute) return { headers: {} };
    const key = bucketOf(method, path);
    let w = this.#buckets.get(key);
    if (!w || now >= w.resetAt) {
      w = { count: 0, resetAt: now + limits.perRoute.windowMs };
      this.#buckets.set(key, w);
    }
    w.count += 1;
    const headers = {
      'X-RateLimit-Limit': String(limits.perRoute.limit),
      'X-RateLimit-Remaining': String(Math.max(0, limits.perRoute.limit - w.count)),
      'X-RateLimit-Reset': (w.resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': ((w.resetAt - now) / 1000).toFixed(3),
      'X-RateLimit-Bucket': Buffer.from(key).toString('base64url').slice(0, 32),
    };
    return w.count > limits.perRoute.limit
      ? { limited: limited(w.resetAt - now, false, headers), headers }
      : { headers };
  }
}

/** A 429 as Discord sends it: body `{message, retry_after, global}` and the rate-limit headers. */
export function limited(ms: number, global: boolean, headers: Record<string, string>): Limited {
  const seconds = Math.max(0.001, ms / 1000);
  return {
    status: 429,
    body: {
      message: 'You are being rate limited.',
      retry_after: Number(seconds.toFixed(3)),
      global,
      ...(global ? { code: 0 } : {}),
    },
    headers: {
      ...headers,
      // Fractional, so tests with short windows wait milliseconds (discord.js reads it as a number).
      'Retry-After': seconds.toFixed(3),
      'X-RateLimit-Scope': global ? 'global' : 'user',
      ...(global ? { 'X-RateLimit-Global': 'true' } : {}),
    },
  };
}
