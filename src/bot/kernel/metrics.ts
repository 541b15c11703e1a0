/**
 * The bot's Prometheus metrics (prom-client), served by the health endpoint (app/health.ts) when
 * HEALTH_PORT is set. One registry per process, as Prometheus scrapes a process: every layer
 * counts into it directly and nothing is exported unless the endpoint is on. Labels are bounded
 * (a game id, an interaction type, a refusal's code), never a channel, user or table id.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

/** Seconds: Discord wants an answer within 3 s, so the buckets are fine below that. */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30];

export const metrics = {
  moves: new Counter({
    name: 'tradecraft_moves_total',
    help: 'Moves players made that a game applied and the store saved, by game.',
    labelNames: ['game'] as const,
    registers: [registry],
  }),
  refusals: new Counter({
    name: 'tradecraft_refusals_total',
    help: 'Interactions answered with a refusal, by kind: a rule or user error code, store, permission or error.',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
  interactionSeconds: new Histogram({
    name: 'tradecraft_interaction_seconds',
    help: 'Time from receiving an interaction to finishing with it, by type.',
    labelNames: ['type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  boardSeconds: new Histogram({
    name: 'tradecraft_board_seconds',
    help: 'Time from a saved change to its board shown on Discord (posted or edited, picture included).',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  rest429: new Counter({
    name: 'tradecraft_discord_rest_429_total',
    help: 'Discord REST answers with status 429 (rate limited).',
    registers: [registry],
  }),
  storeErrors: new Counter({
    name: 'tradecraft_store_errors_total',
    help: 'Errors from the session store (failed reads and writes, failed health pings).',
    registers: [registry],
  }),
  runningTables: new Gauge({
    name: 'tradecraft_tables_running',
    help: 'Tables in play (started, not ended) that this process has loaded or saved since it started.',
    registers: [registry],
    collect() {
      this.set(running.size);
    },
  }),
};

/** Channels whose table this process last saw in play. */
const running = new Set<string>();

/** Notes whether a table just loaded or saved is in play. */
export function trackTable(session: { channelId: string; status: string }): void {
  if (session.status === 'playing') running.add(session.channelId);
  else running.delete(session.channelId);
}
