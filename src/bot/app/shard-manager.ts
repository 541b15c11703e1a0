/**
 * `npm start` with SHARDS set: discord.js's ShardingManager runs one child process per shard,
 * each the whole bot (src/main.ts again, which sees SHARDING_MANAGER and runs one shard). The
 * children share the session store, so it must be one every process can reach (Redis or
 * PostgreSQL; SQLite only on one machine). A child that crashes is started again by the
 * manager; one that exits because of bad configuration or an unreachable store (status 1 or
 * 2) stops them all, so a supervisor sees the failure instead of a restart loop.
 */
import type { ChildProcess } from 'node:child_process';
import { ShardingManager, type Shard } from 'discord.js';
import type { Logger } from '../kernel/logger.ts';

/** Discord's answer to GET /gateway/bot, the fields sharding needs. */
interface GatewayBot {
  shards: number;
  session_start_limit: { remaining: number; max_concurrency: number };
}

/** Discord lets `max_concurrency` shards identify together, then wants 5 s before the next ones. */
const IDENTIFY_SPACING_MS = 5_500;
/** How long a shard may take from spawn to ready (loading, connecting, start-up reads). */
const READY_TIMEOUT_MS = 60_000;

export interface ShardPlan {
  total: number;
  /** Pause between starting two shards. */
  delayMs: number;
}

export class ShardingError extends Error {}

/** How many shards to run and how fast to start them, from SHARDS and Discord's recommendation. */
export async function planShards(setting: string, apiUrl: string, token: string): Promise<ShardPlan> {
  let info: GatewayBot | undefined;
  try {
    const res = await fetch(`${apiUrl.replace(/\/$/, '')}/v10/gateway/bot`, {
      headers: { Authorization: `Bot ${token}` },
    });
    if (res.status === 401) throw new ShardingError('Discord refused the token (401): check DISCORD_TOKEN.');
    if (res.ok) info = (await res.json()) as GatewayBot;
  } catch (err) {
    if (err instanceof ShardingError || setting === 'auto') throw err;
  }
  if (setting === 'auto' && !info?.shards)
    throw new ShardingError('SHARDS=auto, but Discord did not say how many shards to use.');
  const total = setting === 'auto' ? (info?.shards ?? 1) : Number(setting);
  const limit = info?.session_start_limit;
  if (limit && limit.remaining < total)
    throw new ShardingError(
      `Discord allows only ${limit.remaining} more session starts today; ${total} shards need ${total}.`,
    );
  const together = limit?.max_concurrency ?? 1;
  return { total, delayMs: together >= total ? 0 : IDENTIFY_SPACING_MS };
}

export interface ShardManagerHandle {
  manager: ShardingManager;
  /** Spawns every shard, one after another; resolves when all are ready. */
  start(): Promise<void>;
  /** Stops every shard (SIGTERM: each finishes what is in flight) and resolves when all exited. */
  stop(): Promise<void>;
}

/**
 * The shards of `file` (the entry point, run again in each child with the same Node flags, so
 * tsx loads TypeScript there too). `onFatal` is told when a child exits with status 1 or 2.
 */
export function shardManager(opts: {
  file: string;
  plan: ShardPlan;
  token: string;
  logger: Logger;
  onFatal(code: number): void;
}): ShardManagerHandle {
  const { logger, plan } = opts;
  const manager = new ShardingManager(opts.file, {
    totalShards: plan.total,
    token: opts.token,
    mode: 'process',
    respawn: true,
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard: Shard) => {
    // mode 'process': the events carry ChildProcesses, never Workers.
    shard.on('spawn', (child) =>
      logger.info({ shard: shard.id, pid: (child as ChildProcess).pid }, 'shard process started'),
    );
    shard.on('ready', () => logger.info({ shard: shard.id }, 'shard ready'));
    shard.on('death', (child) => {
      const { pid, exitCode: code, signalCode: signal } = child as ChildProcess;
      logger.warn({ shard: shard.id, pid, code, signal }, 'shard process exited');
      if ((code === 1 || code === 2) && manager.respawn) opts.onFatal(code);
    });
  });
  return {
    manager,
    async start() {
      logger.info(plan, 'starting shards');
      await manager.spawn({ amount: plan.total, delay: plan.delayMs, timeout: READY_TIMEOUT_MS });
    },
    async stop() {
      manager.respawn = false;
      await Promise.all(
        [...manager.shards.values()].map(
          (shard) =>
            new Promise<void>((resolve) => {
              const child = shard.process;
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
