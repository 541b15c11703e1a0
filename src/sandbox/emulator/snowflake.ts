/** Snowflake ids as Discord makes them: ms since the Discord epoch, shifted left 22 bits. */
const DISCORD_EPOCH = 1_420_070_400_000n;

export class SnowflakeFactory {
  #increment = 0n;

  constructor(private readonly now: () => number) {}

  next(): string {
    const ms = BigInt(Math.max(0, Math.floor(this.now()))) - DISCORD_EPOCH;
    this.#increment = (this.#increment + 1n) & 0xfffn;
    return ((ms << 22n) | this.#increment).toString();
  }
}

/** The shard a guild belongs to: (guild_id >> 22) % shardCount. */
export function shardOf(guildId: string, shardCount: number): number {
  let id: bigint;
  try {
    id = BigInt(guildId);
  } catch {
    return 0;
  }
  return Number((id >> 22n) % BigInt(shardCount));
}
