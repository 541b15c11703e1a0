/**
 * A game's move history, kept apart from its session record (issue #15): the record holds only
 * the newest entries (`recent`); older ones are stored in immutable chunks of HISTORY_CHUNK
 * entries under their own keys, so a record's size does not grow with the game and a move
 * rewrites only the record. The full history is read only for export, replay, review and debrief.
 *
 * Chunks are written before the save that drops their entries from the record, and only ever
 * hold entries a previous save committed: every process that writes a chunk writes the same
 * text, so a crash or a lost race between the two writes leaves nothing inconsistent.
 */
import { z } from 'zod';

export const historyEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  actor: z.string(),
  action: z.unknown(),
  announce: z.array(z.string()),
});

export const historySchema = z.object({
  /** Entries stored apart (seq 1..stored), in chunks of HISTORY_CHUNK. */
  stored: z.number().int().nonnegative(),
  /** The newest entries, seq stored+1 onwards, in order. */
  recent: z.array(historyEntrySchema),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type SessionHistory = z.infer<typeof historySchema>;
/** An entry before it has its place (seq) in the history. */
export type NewHistoryEntry = Omit<HistoryEntry, 'seq'>;

/** Entries per stored chunk: a chunk is written once every HISTORY_CHUNK moves. */
export const HISTORY_CHUNK = 8;

export const emptyHistory = (): SessionHistory => ({ stored: 0, recent: [] });

/** How many moves the game has recorded. */
export const historyLength = (h: SessionHistory): number => h.stored + h.recent.length;

/** The history with `entries` appended, each numbered after the last. */
export function appendHistory(h: SessionHistory, entries: readonly NewHistoryEntry[]): SessionHistory {
  if (entries.length === 0) return h;
  const first = historyLength(h) + 1;
  return { stored: h.stored, recent: [...h.recent, ...entries.map((e, i) => ({ ...e, seq: first + i }))] };
}

/** The key of one stored chunk: per channel and game, so a new game never reads an old one's. */
export const historyChunkKey = (channelId: string, sessionId: string, chunk: number): string =>
  `${historyPrefix(channelId)}${sessionId}:${chunk}`;

export const historyPrefix = (channelId: string): string => `history:${channelId}:`;

/**
 * What a save moves out of the record: whole chunks of the `committed` oldest recent entries
 * (those a previous save already stored). Returns the chunks to write and the history to keep.
 */
export function chunksToStore(
  h: SessionHistory,
  committed: number,
): { chunks: { index: number; entries: HistoryEntry[] }[]; kept: SessionHistory } {
  const movable = Math.floor(Math.min(committed, h.recent.length) / HISTORY_CHUNK) * HISTORY_CHUNK;
  if (movable === 0 || h.stored % HISTORY_CHUNK !== 0) return { chunks: [], kept: h };
  const chunks = [];
  for (let i = 0; i < movable; i += HISTORY_CHUNK)
    chunks.push({ index: (h.stored + i) / HISTORY_CHUNK, entries: h.recent.slice(i, i + HISTORY_CHUNK) });
  return { chunks, kept: { stored: h.stored + movable, recent: h.recent.slice(movable) } };
}
