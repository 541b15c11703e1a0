/**
 * The tables this process serves, found through the table index (src/storage/table-index.ts):
 * the servers of its shards, then their tables, and no other shard's records (issue #25).
 */
import type { IndexedTable } from '../../storage/table-index.ts';
import { ownsGuild } from '../kernel/shard-ownership.ts';
import type { TableService } from './service.ts';

export async function ownTables(tables: TableService): Promise<IndexedTable[]> {
  const { client, store } = tables.deps;
  return (await store.tableIndex.tables((guildId) => ownsGuild(client, guildId))).tables;
}
