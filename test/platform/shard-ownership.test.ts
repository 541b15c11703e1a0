/**
 * Which guilds a process serves, by Discord's formula `(guild_id >> 22) % shard_count`: a shard
 * fires only its own guilds' timers and deadlines (docs/architecture.md, *Growing past one
 * process*); a process with one shard, or all of them, serves every guild.
 */
import { Client, GatewayIntentBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ownsGuild, shardOfGuild } from '../../src/bot/kernel/shard-ownership.ts';

const client = (options: { shards?: number[]; shardCount?: number } = {}) =>
  new Client({ intents: [GatewayIntentBits.Guilds], ...options });

describe('GIVEN guilds and shards', () => {
  it('THEN a guild belongs to shard (id >> 22) % count, as Discord documents (81384788765712384 on 17 shards → 7)', () => {
    expect(shardOfGuild('81384788765712384', 17)).toBe(7);
    expect(shardOfGuild(String(3n << 22n), 2)).toBe(1);
    expect(shardOfGuild(String(2n << 22n), 2)).toBe(0);
    // A made-up id (tests, old fixtures) goes to shard 0 rather than throwing.
    expect(shardOfGuild('g1', 4)).toBe(0);
  });

  it('WHEN the process runs one shard of two THEN it owns only that shard’s guilds; WHEN it runs every shard or no sharding THEN every guild', () => {
    const odd = String(3n << 22n);
    const even = String(2n << 22n);
    expect([
      ownsGuild(client({ shards: [1], shardCount: 2 }), odd),
      ownsGuild(client({ shards: [1], shardCount: 2 }), even),
    ]).toEqual([true, false]);
    expect([
      ownsGuild(client({ shards: [0], shardCount: 2 }), odd),
      ownsGuild(client({ shards: [0], shardCount: 2 }), even),
    ]).toEqual([false, true]);
    expect(ownsGuild(client({ shards: [0, 1], shardCount: 2 }), odd)).toBe(true);
    expect(ownsGuild(client(), odd)).toBe(true);
  });
});
