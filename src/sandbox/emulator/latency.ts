/**
 * A network as slow and moody as the real one, on demand: each REST request waits a delay drawn
 * for its kind of route (with jitter and the odd slow spike, uploads longer in proportion to
 * their size), and now and then a request is answered 429 with `retry_after`, as Discord does.
 *
 * Everything is drawn from a seed, per route shape and per request number on that shape, so the
 * same run draws the same delays and the same 429s. Delays are real time (they model the
 * network, which the adjustable clock does not move). Instant by default.
 *
 * Profiles: `instant`, `realistic` (below; docs/emulator.md gives its sources), or a JSON file
 * of the same shape. `DISCORD_LATENCY` picks one when the emulator's constructor is not told.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { limited, type Limited } from './faults.ts';

export const ROUTE_KINDS = [
  'messageCreate',
  'messageEdit',
  'interactionCallback',
  'webhookEdit',
  'webhookFollowUp',
  'read',
  'other',
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

const band = z
  .tuple([z.number().min(0), z.number().min(0)])
  .refine(([lo, hi]) => lo <= hi, 'a band is [min, max] with min ≤ max');

const profileSchema = z.strictObject({
  name: z.string().optional(),
  /** Seeds every draw; `DISCORD_LATENCY_SEED` overrides it. */
  seed: z.number().int().optional(),
  /** Round-trip delay per kind of route, drawn uniformly in [min, max] ms. */
  routes: z.partialRecord(z.enum(ROUTE_KINDS), band),
  /** Upload speed: a request carrying files waits bytes / this longer (upstream). */
  uploadBytesPerSecond: z.number().positive().optional(),
  /** Now and then a request is much slower (a tail latency): probability and extra ms. */
  spikes: z.strictObject({ probability: z.number().min(0).max(1), extraMs: band }).optional(),
  /** Now and then a request is answered 429 instead (never an interaction callback). */
  rateLimits: z
    .strictObject({
      probability: z.number().min(0).max(1),
      retryAfterMs: band,
      /** The share of those 429s that are the global limit (bot-token routes only). */
      globalShare: z.number().min(0).max(1).default(0),
    })
    .optional(),
  /** The share of the round trip spent before the request is handled (default 0.5). */
  upstreamShare: z.number().min(0).max(1).optional(),
});

export type LatencyProfile = z.input<typeof profileSchema>;

/** No delay and no 429: what the emulator does unless asked. */
export const INSTANT: LatencyProfile = { name: 'instant', routes: {} };

/**
 * Figures a bot on a good connection meets on Discord: see docs/emulator.md, *Latency*, for
 * where each comes from (measured where a measurement is published, estimates otherwise).
 */
export const REALISTIC: LatencyProfile = {
  name: 'realistic',
  seed: 22,
  routes: {
    messageCreate: [130, 300],
    messageEdit: [100, 250],
    interactionCallback: [80, 200],
    webhookEdit: [100, 250],
    webhookFollowUp: [130, 300],
    read: [60, 150],
    other: [100, 250],
  },
  uploadBytesPerSecond: 2 * 1024 * 1024,
  spikes: { probability: 0.02, extraMs: [200, 800] },
  rateLimits: { probability: 0.01, retryAfterMs: [100, 1000], globalShare: 0.1 },
  upstreamShare: 0.5,
};

/**
 * The profile named by `spec`: `instant` (also empty, `off`, `0`), `realistic`, or a path to a
 * JSON profile. Throws with the reason when the file is missing or malformed.
 */
export function resolveLatency(spec: string | LatencyProfile | undefined): LatencyProfile {
  if (spec === undefined) return INSTANT;
  if (typeof spec !== 'string') return parseProfile(spec, 'the latency option');
  const name = spec.trim();
  if (name === '' || name === 'instant' || name === 'off' || name === '0') return INSTANT;
  if (name === 'realistic') return REALISTIC;
  if (!name.endsWith('.json'))
    throw new Error(`DISCORD_LATENCY=${name}: use instant, realistic or a path to a .json profile.`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(name, 'utf8'));
  } catch (err) {
    throw new Error(`DISCORD_LATENCY=${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseProfile(raw, name);
}

function parseProfile(raw: unknown, where: string): LatencyProfile {
  const parsed = profileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${where}: not a latency profile: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Which delay band a request falls in. */
export function routeKind(method: string, path: string): RouteKind {
  if (method === 'GET') return 'read';
  if (/^\/interactions\/[^/]+\/[^/]+\/callback$/.test(path)) return 'interactionCallback';
  if (/^\/webhooks\/[^/]+\/[^/]+$/.test(path)) return method === 'POST' ? 'webhookFollowUp' : 'other';
  if (/^\/webhooks\/[^/]+\/[^/]+\/messages\/[^/]+$/.test(path))
    return method === 'PATCH' ? 'webhookEdit' : 'other';
  if (/^\/channels\/[^/]+\/messages$/.test(path)) return method === 'POST' ? 'messageCreate' : 'other';
  if (/^\/channels\/[^/]+\/messages\/[^/]+$/.test(path)) return method === 'PATCH' ? 'messageEdit' : 'other';
  return 'other';
}

/** The route's shape without ids or tokens: the same from run to run, so draws repeat. */
const shapeOf = (method: string, path: string): string =>
  `${method} ${path.replace(/\/\d{5,}/g, '/:id').replace(/\/emu\.[^/]+/g, '/:token')}`;

/** FNV-1a, then a murmur-style finaliser: a well-spread 32-bit hash of a string. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Plan {
  /** Real ms to wait before handling (the request travelling, the upload). */
  upstreamMs: number;
  /** Real ms to wait before answering (the response travelling back). */
  downstreamMs: number;
  /** Answer this 429 instead of handling the request. */
  limited?: Limited;
}

export class Latency {
  profile: LatencyProfile;
  #seed: number;
  /** Requests seen per route shape: the draw for the nth request of a shape is fixed by the seed. */
  readonly #counts = new Map<string, number>();
  /** Route shapes whose last request was answered 429: their retry goes through. */
  readonly #retrying = new Set<string>();

  constructor(profile: LatencyProfile, seed?: number) {
    this.profile = profile;
    this.#seed = seed ?? profile.seed ?? 0;
  }

  /** Another profile from now on (a world set up instantly, then measured on a slow network). */
  use(profile: LatencyProfile, seed?: number): void {
    this.profile = profile;
    this.#seed = seed ?? profile.seed ?? 0;
    this.#counts.clear();
    this.#retrying.clear();
  }

  /** A number in [0, 1) fixed by the seed, the route shape, the request's number and what it is for. */
  #draw(shape: string, n: number, what: string): number {
    return hash32(`${this.#seed}|${shape}|${n}|${what}`) / 0x1_0000_0000;
  }

  #within([lo, hi]: readonly [number, number], u: number): number {
    return lo + (hi - lo) * u;
  }

  /**
   * The delays (and maybe a 429) for one request. `botAuth` routes may meet the global limit;
   * interaction callbacks never get a 429 (Discord exempts interaction endpoints from the global
   * limit, and the emulator has no per-route limit on them).
   */
  plan(method: string, path: string, uploadBytes: number, botAuth: boolean): Plan {
    const shape = shapeOf(method, path);
    const n = (this.#counts.get(shape) ?? 0) + 1;
    this.#counts.set(shape, n);
    const p = this.profile;
    const kind = routeKind(method, path);
    const routeBand = p.routes[kind];
    let roundTrip = routeBand ? this.#within(routeBand, this.#draw(shape, n, 'delay')) : 0;
    if (p.spikes && this.#draw(shape, n, 'spike') < p.spikes.probability)
      roundTrip += this.#within(p.spikes.extraMs, this.#draw(shape, n, 'spike-ms'));
    const share = p.upstreamShare ?? 0.5;
    const upload = p.uploadBytesPerSecond ? (uploadBytes / p.uploadBytesPerSecond) * 1000 : 0;
    const plan: Plan = {
      upstreamMs: Math.round(roundTrip * share + upload),
      downstreamMs: Math.round(roundTrip * (1 - share)),
    };
    const rl = p.rateLimits;
    if (!rl || kind === 'interactionCallback') return plan;
    if (this.#retrying.delete(shape)) return plan;
    if (this.#draw(shape, n, '429') >= rl.probability) return plan;
    this.#retrying.add(shape);
    const retryAfterMs = Math.round(this.#within(rl.retryAfterMs, this.#draw(shape, n, 'retry-after')));
    const global = botAuth && this.#draw(shape, n, 'global') < (rl.globalShare ?? 0);
    const bucket = Buffer.from(shape).toString('base64url').slice(0, 32);
    const now = Date.now();
    const headers = global
      ? {}
      : {
          'X-RateLimit-Limit': '5',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': ((now + retryAfterMs) / 1000).toFixed(3),
          'X-RateLimit-Reset-After': (retryAfterMs / 1000).toFixed(3),
          'X-RateLimit-Bucket': bucket,
        };
    return { ...plan, limited: limited(retryAfterMs, global, headers) };
  }
}
