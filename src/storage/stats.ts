/**
 * Per-server, per-game player records, updated once when a game ends (never recomputed by
 * scanning sessions): games played and won, score, and Item Collection's honesty and repaid
 * trust (from the game's `results`, src/bot/features/results.ts).
 */
import type Keyv from 'keyv';
import { z } from 'zod';
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

export class StatsStore {
  private readonly locks = new KeyedMutex();

  constructor(private readonly keyv: Keyv) {}

  async table(guildId: string, gameId: string): Promise<Record<string, StatLine>> {
    const parsed = tableSchema.safeParse((await this.keyv.get(key(guildId, gameId))) ?? {});
    return parsed.success ? parsed.data : {};
  }

  record(guildId: string, gameId: string, results: GameResult[]): Promise<void> {
    return this.locks.run(key(guildId, gameId), async () => {
      const table = await this.table(guildId, gameId);
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
      await this.keyv.set(key(guildId, gameId), table);
    });
  }
}
