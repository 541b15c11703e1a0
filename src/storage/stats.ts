/**
 * Per-server, per-game player records, updated once when a game ends (never recomputed by
 * scanning sessions): games played and won, score, and Item Collection's honesty and repaid
 * trust (from the game's `results`, src/bot/features/results.ts).
 *
 * A game counts once: the record keeps the session ids of the newest games it counted, so a
 * wrap-up resumed after a crash, or run by two processes, adds nothing the second time; and it
 * is written by compare-and-set, so two processes never drop each other's games. Records from
 * before (the lines alone) are read as they are.
 */
import type Keyv from 'keyv';
import { z } from 'zod';
import { atomicStore, type AtomicStore } from './atomic.ts';
import { KeyedMutex } from './mutex.ts';
import { readRecord, UNCHANGED, updateRecord } from './shared-record.ts';

const lineSchema = z.object({
  name: z.string(),
  played: z.number().int().default(0),
  won: z.number().int().default(0),
  scoreSum: z.number().default(0),
  /** Games that reported a score. */
  scored: z.number().int().default(0),
  claims: z.number().int().default(0),
  honest: z.number().int().default(0),
  trusting: z.number().int().default(0),
  repaid: z.number().int().default(0),
});
export type StatLine = z.infer<typeof lineSchema>;
const tableSchema = z.record(z.string(), lineSchema);
/** The record: the lines by user, and the sessions counted (newest last). */
const recordSchema = z.object({ lines: tableSchema, counted: z.array(z.string()) });
/** Games remembered as counted, per server and game: far more than can end at once. */
const COUNTED_MEMORY = 1000;

/** What one finished game adds to one player's line. */
export interface GameResult {
  userId: string;
  name: string;
  won: boolean;
  score?: number | undefined;
  claims?: number | undefined;
  honest?: number | undefined;
  trusting?: number | undefined;
  repaid?: number | undefined;
}

const key = (guildId: string, gameId: string) => `stats:${guildId}:${gameId}`;

/** A stored value as a record: the current shape, or the lines alone (before games were counted by id). */
function recordOf(value: unknown): z.infer<typeof recordSchema> {
  const current = recordSchema.safeParse(value);
  if (current.success) return current.data;
  const lines = tableSchema.safeParse(value ?? {});
  return { lines: lines.success ? lines.data : {}, counted: [] };
}

/**
 * Several processes (shards, replicas) may finish games of one server at once: each game's line
 * is added under compare-and-set (shared-record.ts), so no update overwrites another.
 */
export class StatsStore {
  /** One writer per record in this process, so its own updates do not race each other. */
  private readonly locks = new KeyedMutex();
  private readonly atomic: AtomicStore;

  constructor(keyv: Keyv) {
    this.atomic = atomicStore(keyv);
  }

  async table(guildId: string, gameId: string): Promise<Record<string, StatLine>> {
    return recordOf(await readRecord(this.atomic, key(guildId, gameId))).lines;
  }

  /** Adds a finished game (session `sessionId`) to the lines; a game already counted adds nothing. */
  async record(guildId: string, gameId: string, results: GameResult[], sessionId: string): Promise<void> {
    const k = key(guildId, gameId);
    await this.locks.run(k, () =>
      updateRecord(this.atomic, k, (value) => {
        const stored = recordOf(value);
        if (stored.counted.includes(sessionId)) return UNCHANGED;
        const lines = added(stored.lines, results);
        return { lines, counted: [...stored.counted, sessionId].slice(-COUNTED_MEMORY) };
      }),
    );
  }
}

/** The lines with one finished game's results added. */
function added(lines: Record<string, StatLine>, results: GameResult[]): Record<string, StatLine> {
  const table = { ...lines };
  for (const r of results) {
    const line = table[r.userId] ?? lineSchema.parse({ name: r.name });
    table[r.userId] = {
      name: r.name,
      played: line.played + 1,
      won: line.won + (r.won ? 1 : 0),
      scoreSum: line.scoreSum + (r.score ?? 0),
      scored: line.scored + (r.score === undefined ? 0 : 1),
      claims: line.claims + (r.claims ?? 0),
      honest: line.honest + (r.honest ?? 0),
      trusting: line.trusting + (r.trusting ?? 0),
      repaid: line.repaid + (r.repaid ?? 0),
    };
  }
  return table;
}
