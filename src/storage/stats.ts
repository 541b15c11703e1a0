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
function readRecord(value: unknown): z.infer<typeof recordSchema> {
  const current = recordSchema.safeParse(value);
  if (current.success) return current.data;
  const lines = tableSchema.safeParse(value ?? {});
  return { lines: lines.success ? lines.data : {}, counted: [] };
}

export class StatsStore {
  private readonly locks = new KeyedMutex();
  private readonly atomic: AtomicStore;

  constructor(private readonly keyv: Keyv) {
    this.atomic = atomicStore(keyv);
  }

  async table(guildId: string, gameId: string): Promise<Record<string, StatLine>> {
    return readRecord(await this.keyv.get(key(guildId, gameId))).lines;
  }

  /** Adds a finished game (session `sessionId`) to the lines; a game already counted adds nothing. */
  record(guildId: string, gameId: string, results: GameResult[], sessionId: string): Promise<void> {
    const k = key(guildId, gameId);
    return this.locks.run(k, async () => {
      for (;;) {
        const text = await this.atomic.get(k);
        const stored = readRecord(
          text === undefined ? undefined : await this.atomic.decode(text).catch(() => ({})),
        );
        if (stored.counted.includes(sessionId)) return;
        const lines = add(stored.lines, results);
        const counted = [...stored.counted, sessionId].slice(-COUNTED_MEMORY);
        if (await this.atomic.swap(k, text, await this.atomic.encode({ lines, counted }))) return;
      }
    });
  }
}

function add(lines: Record<string, StatLine>, results: GameResult[]): Record<string, StatLine> {
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
