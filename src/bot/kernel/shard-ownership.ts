/**
 * Which guilds this process serves. Discord sends a guild's events (interactions included) only
 * to shard `(guild_id >> 22) % shard_count`, so a process also fires only its own guilds'
 * timers and deadlines: the process that receives a table's clicks is the one that runs its
 * clock. A single process (one shard, or every shard in one client) owns every guild.
 */
import { ShardClientUtil, type Client } from 'discord.js';

export function shardOfGuild(guildId: string, shardCount: number): number {
  try {
    return ShardClientUtil.shardIdForGuildId(guildId, shardCount);
  } catch {
    // Not a snowflake (a test's made-up id): Discord would route it nowhere; shard 0 takes it.
    return 0;
  }
}

export function ownsGuild(client: Client, guildId: string): boolean {
  const { shards, shardCount = 1 } = client.options;
  return (
    ownsEveryGuild(client) || (Array.isArray(shards) && shards.includes(shardOfGuild(guildId, shardCount)))
  );
}

/** Whether this process runs every shard (one shard, or all of them in one client). */
export function ownsEveryGuild(client: Client): boolean {
  const { shards, shardCount = 1 } = client.options;
  return shardCount <= 1 || !Array.isArray(shards) || shards.length >= shardCount;
}
