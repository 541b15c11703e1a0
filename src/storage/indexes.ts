/**
 * Indexes kept beside the sessions, so nothing has to scan every session:
 * - DeadlineIndex: when each channel's next decision clock (reminder or deadline) wakes, read
 *   whole at start-up. Sharded by channel, so a save rewrites a small record, not all of them.
 * - SeatIndex: the channels of one server where a user holds a seat (for `/game mine`).
 */
import type Keyv from 'keyv';
import { atomicStore, type AtomicStore } from './atomic.ts';
import { KeyedMutex } from './mutex.ts';

export const DEADLINE_SHARDS = 32;
const shardKey = (n: number) => `index:deadlines:${n}`;

function shardOf(channelId: string): number {
  let h = 0;
  for (let i = 0; i < channelId.length; i++) h = (h * 31 + channelId.charCodeAt(i)) >>> 0;
  return h % DEADLINE_SHARDS;
}

export class DeadlineIndex {
  private readonly locks = new KeyedMutex();
  private readonly atomic: AtomicStore;

  constructor(private readonly keyv: Keyv) {
    this.atomic = atomicStore(keyv);
  }

  /** Records when the channel next wakes (undefined: it has no clock). */
  set(channelId: string, at: number | undefined): Promise<void> {
    return this.update(shardKey(shardOf(channelId)), (shard) => {
      if (at !== undefined) shard[channelId] = at;
      else if (channelId in shard) delete shard[channelId];
      else return false;
      return true;
    });
  }

  /** Records many channels at once (a bulk import, the benchmark's setup): one write per shard. */
  async setMany(entries: Iterable<[string, number]>): Promise<void> {
    const shards = new Map<number, [string, number][]>();
    for (const e of entries) shards.set(shardOf(e[0]), [...(shards.get(shardOf(e[0])) ?? []), e]);
    for (const [n, list] of shards)
      await this.update(shardKey(n), (shard) => {
        for (const [channelId, at] of list) shard[channelId] = at;
        return true;
      });
  }

  /**
   * Read, change, write under compare-and-set: several processes (shards, replicas) write the
   * same index records, and a plain get-then-set would let one drop another's entry.
   */
  private update(key: string, change: (shard: Record<string, number>) => boolean): Promise<void> {
    return this.locks.run(key, async () => {
      for (;;) {
        const text = await this.atomic.get(key);
        const value = text === undefined ? {} : await this.atomic.decode(text).catch(() => ({}));
        const shard = (typeof value === 'object' && value !== null ? value : {}) as Record<string, number>;
        if (!change(shard)) return;
        if (await this.atomic.swap(key, text, await this.atomic.encode(shard))) return;
      }
    });
  }

  /** Every channel with a clock and when it wakes; `reads` is how many records were read. */
  async all(): Promise<{ entries: [string, number][]; reads: number }> {
    const entries: [string, number][] = [];
    for (let n = 0; n < DEADLINE_SHARDS; n++)
      entries.push(...Object.entries((await this.keyv.get<Record<string, number>>(shardKey(n))) ?? {}));
    return { entries, reads: DEADLINE_SHARDS };
  }
}

const seatKey = (guildId: string, userId: string) => `index:seats:${guildId}:${userId}`;
const seatedKey = (channelId: string) => `index:seated:${channelId}`;

export class SeatIndex {
  private readonly locks = new KeyedMutex();
  /** What this process last wrote per channel, to skip the read when nothing changed. */
  private readonly known = new Map<string, string>();

  constructor(private readonly keyv: Keyv) {}

  /** Records that exactly `users` hold seats in the channel (none once its game has ended). */
  async sync(guildId: string, channelId: string, users: string[]): Promise<void> {
    const wanted = [...new Set(users)].sort();
    if (this.known.get(channelId) === wanted.join()) return;
    const before = (await this.keyv.get<string[]>(seatedKey(channelId))) ?? [];
    for (const u of before.filter((u) => !wanted.includes(u)))
      await this.edit(guildId, u, (list) => list.filter((c) => c !== channelId));
    for (const u of wanted.filter((u) => !before.includes(u)))
      await this.edit(guildId, u, (list) => (list.includes(channelId) ? list : [...list, channelId]));
    if (wanted.length) await this.keyv.set(seatedKey(channelId), wanted);
    else await this.keyv.delete(seatedKey(channelId));
    this.known.set(channelId, wanted.join());
  }

  async channelsOf(guildId: string, userId: string): Promise<string[]> {
    return (await this.keyv.get<string[]>(seatKey(guildId, userId))) ?? [];
  }

  private edit(guildId: string, userId: string, change: (list: string[]) => string[]): Promise<void> {
    const key = seatKey(guildId, userId);
    return this.locks.run(key, async () => {
      const next = change((await this.keyv.get<string[]>(key)) ?? []);
      if (next.length) await this.keyv.set(key, next);
      else await this.keyv.delete(key);
    });
  }
}
