/**
 * Indexes kept beside the sessions, so nothing has to scan every session:
 * - DeadlineIndex: when each channel's next decision clock (reminder or deadline) wakes, read
 *   whole at start-up. Sharded by channel, so a save rewrites a small record, not all of them.
 * - SeatIndex: the channels of one server where a user holds a seat (for `/game mine`).
 */
import type Keyv from 'keyv';
import { atomicStore, type AtomicStore } from './atomic.ts';
import { KeyedMutex } from './mutex.ts';
import { readRecord, UNCHANGED, updateRecord } from './shared-record.ts';

export const DEADLINE_SHARDS = 32;
const shardKey = (n: number) => `index:deadlines:${n}`;

/** Which of `buckets` records an id's entry lives in (a stable string hash). */
export function bucketOf(id: string, buckets: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % buckets;
}

const shardOf = (channelId: string): number => bucketOf(channelId, DEADLINE_SHARDS);

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
      await updateRecord(this.atomic, key, (value) => {
        const shard = { ...(typeof value === 'object' && value !== null ? value : {}) } as Record<
          string,
          number
        >;
        return change(shard) ? shard : UNCHANGED;
      });
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

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Both records are changed under compare-and-set (shared-record.ts): two processes seating one
 * user at two tables at once must both be listed.
 */
export class SeatIndex {
  private readonly locks = new KeyedMutex();
  private readonly atomic: AtomicStore;
  /** What this process last wrote per channel, to skip the read when nothing changed. */
  private readonly known = new Map<string, string>();

  constructor(keyv: Keyv) {
    this.atomic = atomicStore(keyv);
  }

  /** Records that exactly `users` hold seats in the channel (none once its game has ended). */
  async sync(guildId: string, channelId: string, users: string[]): Promise<void> {
    const wanted = [...new Set(users)].sort();
    if (this.known.get(channelId) === wanted.join()) return;
    const before = listOf(await readRecord(this.atomic, seatedKey(channelId)));
    for (const u of before.filter((u) => !wanted.includes(u)))
      await this.edit(guildId, u, (list) => list.filter((c) => c !== channelId));
    for (const u of wanted.filter((u) => !before.includes(u)))
      await this.edit(guildId, u, (list) => (list.includes(channelId) ? list : [...list, channelId]));
    // Written last: a failure before this leaves the channel's list behind, so the next sync
    // edits the users' lists again.
    await this.locks.run(seatedKey(channelId), () =>
      updateRecord(this.atomic, seatedKey(channelId), () => (wanted.length ? wanted : undefined)),
    );
    this.known.set(channelId, wanted.join());
  }

  async channelsOf(guildId: string, userId: string): Promise<string[]> {
    return listOf(await readRecord(this.atomic, seatKey(guildId, userId)));
  }

  private async edit(guildId: string, userId: string, change: (list: string[]) => string[]): Promise<void> {
    const key = seatKey(guildId, userId);
    await this.locks.run(key, () =>
      updateRecord(this.atomic, key, (value) => {
        const next = change(listOf(value));
        return next.length ? next : undefined;
      }),
    );
  }
}
