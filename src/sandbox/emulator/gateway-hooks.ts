/**
 * What the gateway tells each session about the world: READY with the shard's guilds (as
 * unavailable, then one GUILD_CREATE each), following Discord's sharding formula
 * `(guild_id >> 22) % num_shards`.
 */
import type { Clock } from '../clock.ts';
import { apiGuild, apiUser } from './api-shapes.ts';
import { Gateway } from './gateway.ts';
import type { SnowflakeFactory } from './snowflake.ts';
import { shardOf } from './snowflake.ts';
import type { World } from './world.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Discord's session start limit: `total` IDENTIFYs a day across all shards, counted from the
 * first; GET /gateway/bot reports what remains. Discord gives most bots `max_concurrency` 1 (one
 * IDENTIFY per 5 s); the emulator reports at least 16 so that shards start without waiting.
 */
export class SessionStarts {
  readonly total = 1000;
  #used = 0;
  #resetAt: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly maxConcurrency: number,
  ) {}

  /** Counts one IDENTIFY; false when none remain. */
  take(): boolean {
    this.#roll();
    if (this.#used >= this.total) return false;
    this.#used += 1;
    this.#resetAt ??= this.clock.now() + DAY_MS;
    return true;
  }

  info(): { total: number; remaining: number; reset_after: number; max_concurrency: number } {
    this.#roll();
    return {
      total: this.total,
      remaining: this.total - this.#used,
      reset_after: this.#resetAt === undefined ? 0 : Math.max(0, this.#resetAt - this.clock.now()),
      max_concurrency: this.maxConcurrency,
    };
  }

  #roll(): void {
    if (this.#resetAt !== undefined && this.clock.now() >= this.#resetAt) {
      this.#used = 0;
      this.#resetAt = undefined;
    }
  }
}

export interface GatewayWorld {
  world: World;
  clock: Clock;
  ids: SnowflakeFactory;
  token: string;
  applicationId: string;
  botUserId: string;
  heartbeatIntervalMs: number;
  starts: SessionStarts;
  gatewayUrl(): string;
}

export function newGateway(w: GatewayWorld): Gateway {
  const guildsOf = (shard: [number, number]): string[] =>
    [...w.world.guilds.keys()].filter((id) => shardOf(id, shard[1]) === shard[0]);
  return new Gateway({
    token: w.token,
    heartbeatIntervalMs: w.heartbeatIntervalMs,
    newSessionId: () => w.ids.next(),
    startSession: () => w.starts.take(),
    shardOf,
    guildsOf,
    guildCreate: (guildId) => apiGuild(w.world, guildId, w.clock.now(), true, w.botUserId),
    ready: (session) => ({
      v: 10,
      user: { ...apiUser(w.world.user(w.botUserId)), verified: true, mfa_enabled: false },
      guilds: guildsOf(session.shard).map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: w.gatewayUrl(),
      shard: session.shard,
      application: { id: w.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      user_settings: {},
      geo_ordered_rtc_regions: [],
      _trace: ['discord-emulator'],
    }),
  });
}
