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

export interface GatewayWorld {
  world: World;
  clock: Clock;
  ids: SnowflakeFactory;
  token: string;
  applicationId: string;
  botUserId: string;
  heartbeatIntervalMs: number;
  gatewayUrl(): string;
}

export function newGateway(w: GatewayWorld): Gateway {
  const guildsOf = (shard: [number, number]): string[] =>
    [...w.world.guilds.keys()].filter((id) => shardOf(id, shard[1]) === shard[0]);
  return new Gateway({
    token: w.token,
    heartbeatIntervalMs: w.heartbeatIntervalMs,
    newSessionId: () => w.ids.next(),
    shardOf,
    guildsOf,
    guildCreate: (guildId) => apiGuild(w.world, guildId, w.clock.now(), true),
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
