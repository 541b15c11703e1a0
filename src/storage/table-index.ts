/**
 * The tables of each server (issue #25, *Scale*), so that a shard finds its own tables without
 * reading any other shard's records. Discord serves a server on shard `(guild_id >> 22) % n`,
 * so an index by server lets each shard list its own, whatever the shard count:
 * - `index:guilds:<0-31>`: the servers that have had a table record, bucketed by server id;
 * - `index:tables:<guild>`: each channel of that server with a table record, and when its entry
 *   was written.
 * A shard reads the 32 server buckets, keeps its own servers and reads only their lists, then
 * only their records. Entries are written before the record they name (SessionStore.save), so a
 * crash between the two leaves an entry without a record, never a record nobody finds; such an
 * entry is removed by the sweep once it is older than STALE_ENTRY_MS (`removeIfStale`).
 * Both kinds of record change under compare-and-set (shared-record.ts): several processes add
 * tables of one server at once.
 */
import type { AtomicStore } from './atomic.ts';
import { storeCall } from './errors.ts';
import { bucketOf } from './indexes.ts';
import { KeyedMutex } from './mutex.ts';
import { SESSION_PREFIX } from './session.ts';
import { readRecord, UNCHANGED, updateRecord } from './shared-record.ts';

export const GUILD_BUCKETS = 32;
const guildsKey = (n: number) => `index:guilds:${n}`;
const tablesKey = (guildId: string) => `index:tables:${guildId}`;
/** Written once every table record of the store is in the index (SessionStore.indexExisting). */
export const TABLE_INDEX_BUILT_KEY = 'index:tables-built';
/**
 * How old an entry whose record is gone must be before it is removed. A table being opened
 * writes its entry just before its record: an entry younger than this may be one.
 */
export const STALE_ENTRY_MS = 60 * 60 * 1000;
/**
 * Where a record that names no server is listed (an unreadable record found by the first
 * indexing): not a snowflake, so shard 0 owns it (shard-ownership.ts) and quarantines it.
 */
export const UNKNOWN_GUILD = 'unknown';

export interface IndexedTable {
  channelId: string;
  guildId: string;
  /** When the entry was written (a table opened anew writes it again). */
  since: number;
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const entriesOf = (value: unknown): Record<string, number> => {
  const out: Record<string, number> = {};
  if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) if (typeof v === 'number') out[k] = v;
  return out;
};

export class TableIndex {
  private readonly locks = new KeyedMutex();
  /** Servers this process has seen in their bucket: a server is never removed from it. */
  private readonly listed = new Set<string>();

  constructor(
    private readonly atomic: AtomicStore,
    private readonly now: () => number,
  ) {}

  /**
   * Lists the table in its server. `fresh`: a record is about to be created, so the entry is
   * written again with the current time even when present (a sweep that found the channel
   * empty a moment ago must not remove it: `removeIfStale` compares that time).
   */
  async add(guildId: string, channelId: string, fresh: boolean): Promise<void> {
    await this.listGuilds([guildId]);
    const at = this.now();
    await this.edit(guildId, (entries) => {
      if (!fresh && channelId in entries) return false;
      entries[channelId] = at;
      return true;
    });
  }

  /** Lists many tables at once (the first indexing of an existing store): one write per server. */
  async addMany(tables: Iterable<{ guildId: string; channelId: string }>): Promise<void> {
    const byGuild = new Map<string, string[]>();
    for (const { guildId, channelId } of tables)
      byGuild.set(guildId, [...(byGuild.get(guildId) ?? []), channelId]);
    await this.listGuilds([...byGuild.keys()]);
    const at = this.now();
    for (const [guildId, channels] of byGuild)
      await this.edit(guildId, (entries) => {
        const missing = channels.filter((c) => !(c in entries));
        for (const c of missing) entries[c] = at;
        return missing.length > 0;
      });
  }

  /**
   * The tables of the servers `owns` accepts, and how many index records were read: the 32
   * server buckets, then the list of each server kept.
   */
  async tables(owns: (guildId: string) => boolean): Promise<{ tables: IndexedTable[]; reads: number }> {
    const guilds: string[] = [];
    for (let n = 0; n < GUILD_BUCKETS; n++)
      guilds.push(...listOf(await readRecord(this.atomic, guildsKey(n))).filter(owns));
    const tables: IndexedTable[] = [];
    for (const guildId of guilds)
      for (const [channelId, since] of Object.entries(
        entriesOf(await readRecord(this.atomic, tablesKey(guildId))),
      ))
        tables.push({ channelId, guildId, since });
    return { tables, reads: GUILD_BUCKETS + guilds.length };
  }

  /**
   * Removes an entry read by `tables` whose record was then found absent, when it is older than
   * STALE_ENTRY_MS and unchanged since (a table opened meanwhile wrote it again). Returns
   * whether it was removed.
   */
  async removeIfStale(entry: IndexedTable): Promise<boolean> {
    if (this.now() - entry.since <= STALE_ENTRY_MS) return false;
    let removed = false;
    await this.edit(entry.guildId, (entries) => {
      removed = entries[entry.channelId] === entry.since;
      if (removed) delete entries[entry.channelId];
      return removed;
    });
    return removed;
  }

  /**
   * Start-up: lists every table record written before the index existed, once per store (an
   * install upgraded from a build without it). Returns how many records it read, or null when
   * the store was indexed already. Each record is read raw, schema unchecked, for its server
   * only; one naming none is listed under UNKNOWN_GUILD, so shard 0's recovery reads (and sets
   * aside) it, as recovery always did. Two processes doing it at once write the same entries.
   */
  async indexExisting(): Promise<number | null> {
    if ((await readRecord(this.atomic, TABLE_INDEX_BUILT_KEY)) !== undefined) return null;
    const keys = await storeCall('listing sessions', () => this.atomic.keys(SESSION_PREFIX));
    const tables: { guildId: string; channelId: string }[] = [];
    for (const key of keys) {
      const text = await storeCall('a read', () => this.atomic.get(key));
      if (text === undefined) continue;
      const value = await this.atomic.decode(text).catch(() => undefined);
      const guildId =
        typeof value === 'object' && value !== null && 'guildId' in value && typeof value.guildId === 'string'
          ? value.guildId
          : UNKNOWN_GUILD;
      tables.push({ guildId, channelId: key.slice(SESSION_PREFIX.length) });
    }
    await this.addMany(tables);
    await this.markBuilt();
    return keys.length;
  }

  /** Says every table record of the store is in the index (a store written by this build). */
  async markBuilt(): Promise<void> {
    const at = this.now();
    await updateRecord(this.atomic, TABLE_INDEX_BUILT_KEY, (current) =>
      current === undefined ? { at } : UNCHANGED,
    );
  }

  /** Adds the servers missing from their buckets (a server is never removed: see `listed`). */
  private async listGuilds(guildIds: string[]): Promise<void> {
    const byBucket = new Map<number, string[]>();
    for (const g of guildIds.filter((g) => !this.listed.has(g)))
      byBucket.set(bucketOf(g, GUILD_BUCKETS), [...(byBucket.get(bucketOf(g, GUILD_BUCKETS)) ?? []), g]);
    for (const [n, wanted] of byBucket) {
      const key = guildsKey(n);
      await this.locks.run(key, () =>
        updateRecord(this.atomic, key, (value) => {
          const list = listOf(value);
          const missing = wanted.filter((g) => !list.includes(g));
          return missing.length ? [...list, ...missing] : UNCHANGED;
        }),
      );
      for (const g of wanted) this.listed.add(g);
    }
  }

  /** Changes a server's list under compare-and-set; an empty list is removed. */
  private async edit(guildId: string, change: (entries: Record<string, number>) => boolean): Promise<void> {
    const key = tablesKey(guildId);
    await this.locks.run(key, () =>
      updateRecord(this.atomic, key, (value) => {
        const entries = entriesOf(value);
        if (!change(entries)) return UNCHANGED;
        return Object.keys(entries).length ? entries : undefined;
      }),
    );
  }
}
