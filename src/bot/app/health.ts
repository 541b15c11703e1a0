/**
 * The health endpoint an orchestrator polls (issue #32), off unless HEALTH_PORT is set:
 * - `GET /health`: 200 `{"status":"ready"}` once the gateway session is up and start-up recovery
 *   has finished, while the store answers a ping; otherwise 503 with the reason (`starting`,
 *   `recovering`, `gateway down`, `store unreachable`, `stopping`).
 * - `GET /metrics`: the Prometheus metrics of kernel/metrics.ts and the process (prom-client's
 *   default metrics: CPU, memory, event loop lag, handles).
 * node's own http server: two read-only routes need no framework.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../kernel/logger.ts';
import { registry } from '../kernel/metrics.ts';
import type { Bot } from './app.ts';

/** A store that does not answer a health ping within this is reported unreachable. */
const PING_TIMEOUT_MS = 2000;

export interface HealthServer {
  /** The port it listens on (HEALTH_PORT, or the one the system chose for port 0). */
  port: number;
  /** Reports `stopping` from now on (graceful shutdown). */
  drain(): void;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  status: string;
}

let defaultMetrics = false;

/** Whether the bot can take work now, and if not, why. */
export async function readiness(bot: Bot, stopping: boolean): Promise<Readiness> {
  if (stopping) return { ready: false, status: 'stopping' };
  if (!bot.startup) return { ready: false, status: 'starting' };
  if (!bot.recovered) return { ready: false, status: 'recovering' };
  if (!bot.client.isReady()) return { ready: false, status: 'gateway down' };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      bot.tables.deps.store.ping(),
      new Promise((_, reject) => (timer = setTimeout(reject, PING_TIMEOUT_MS))),
    ]);
  } catch {
    return { ready: false, status: 'store unreachable' };
  } finally {
    clearTimeout(timer);
  }
  return { ready: true, status: 'ready' };
}

export async function startHealthServer(
  bot: Bot,
  opts: { port: number; host: string; logger: Logger },
): Promise<HealthServer> {
  if (!defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'tradecraft_' });
  defaultMetrics = true;
  let stopping = false;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    const answer = async (): Promise<void> => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
      } else if (path === '/health') {
        const r = await readiness(bot, stopping);
        res
          .writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          .end(JSON.stringify({ status: r.status }));
      } else if (path === '/metrics') {
        const body = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType }).end(body);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try /health or /metrics.\n');
      }
    };
    answer().catch((err: unknown) => {
      opts.logger.error({ err, path }, 'health endpoint failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  opts.logger.info({ host: opts.host, port }, 'health endpoint listening');
  return {
    port,
    drain: () => {
      stopping = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
