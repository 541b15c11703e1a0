/**
 * The stored chunks of move histories (see history.ts for the scheme): written before the save
 * that drops their moves from the record, read back whole for export, review and debrief, and
 * removed with their game.
 */
import type { AtomicStore } from './atomic.ts';
import { HistoryDamagedError, type StoreCall } from './errors.ts';
import {
  HISTORY_CHUNK,
  historyChunkKey,
  historyEntrySchema,
  historyPrefix,
  type HistoryEntry,
} from './history.ts';
import type { Session } from './session.ts';

const chunkSchema = historyEntrySchema.array().length(HISTORY_CHUNK);

export class HistoryChunks {
  constructor(
    private readonly atomic: AtomicStore,
    private readonly call: StoreCall,
  ) {}

  async write(
    session: Session,
    chunks: readonly { index: number; entries: HistoryEntry[] }[],
  ): Promise<void> {
    for (const chunk of chunks) {
      const text = await this.atomic.encode(chunk.entries);
      const key = historyChunkKey(session.channelId, session.id, chunk.index);
      // Insert-if-absent: a chunk already there holds these same committed moves.
      await this.call('storing the move history', () => this.atomic.swap(key, undefined, text), true);
    }
  }

  async read(session: Session): Promise<HistoryEntry[]> {
    const { stored, recent } = session.history;
    const texts = await this.call('reading the move history', () =>
      Promise.all(
        Array.from({ length: stored / HISTORY_CHUNK }, (_, i) =>
          this.atomic.get(historyChunkKey(session.channelId, session.id, i)),
        ),
      ),
    );
    const chunks = await Promise.all(
      texts.map(async (text) => {
        const value = text === undefined ? undefined : await this.atomic.decode(text).catch(() => undefined);
        const parsed = chunkSchema.safeParse(value);
        return parsed.success ? parsed.data : null;
      }),
    );
    // The store answered: a chunk missing or unreadable is damage no retry mends. What can be
    // read is handed on with the error, so export can give it.
    const damaged = chunks.flatMap((c, i) =>
      c === null ? [{ from: i * HISTORY_CHUNK + 1, to: (i + 1) * HISTORY_CHUNK }] : [],
    );
    const readable = [...chunks.flatMap((c) => c ?? []), ...recent];
    if (damaged.length) throw new HistoryDamagedError(session.channelId, session.id, damaged, readable);
    return readable;
  }

  async prune(channelId: string, keepSessionId: string | null): Promise<number> {
    const prefix = historyPrefix(channelId);
    const keys = await this.call('listing the move history', () => this.atomic.keys(prefix));
    const old = keys.filter((k) => keepSessionId === null || !k.startsWith(`${prefix}${keepSessionId}:`));
    await this.call('removing old move history', () =>
      Promise.all(
        old.map(async (k) => {
          const text = await this.atomic.get(k);
          if (text !== undefined) await this.atomic.swap(k, text, undefined);
        }),
      ),
    );
    return old.length;
  }
}
