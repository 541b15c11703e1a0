/** The bench's memory slope (bench/wave-memory.ts): one more table's cost, and each batch's as the spread. */
import { describe, expect, it } from 'vitest';
import { memorySlope, type MemorySnapshot } from '../../bench/wave-memory.ts';

const MiB = 2 ** 20;
/** A reading with `rss` and `uploads` in MiB, everything else zero. */
const reading = (rss: number, uploads = 0): MemorySnapshot => ({
  rss: rss * MiB,
  heapUsed: 0,
  external: 0,
  arrayBuffers: 0,
  mainHeap: 0,
  anonymous: 0,
  files: 0,
  workersHeap: 0,
  workersExternal: 0,
  emulatorUploads: uploads * MiB,
});

describe('GIVEN readings at 100, 200, … 500 tables', () => {
  it('WHEN one hundred jumps (an allocator step) THEN the slope spreads it over 400 tables and the steps show it', () => {
    // 0.4 MiB a table throughout, but the arenas step up 60 MiB between 300 and 400 tables.
    const later = [200, 300, 400, 500].map((tables) => ({
      tables,
      mem: reading(500 + 0.4 * (tables - 100) + (tables >= 400 ? 60 : 0)),
    }));
    const slope = memorySlope({ mem0: reading(0), mem1: reading(500), tables: 100, kept: 0 }, later);
    expect(slope.steps.map((s) => Number(s.toFixed(2)))).toEqual([0.4, 0.4, 1, 0.4]);
    expect(slope.perTable).toBeCloseTo(0.55, 5); // (160 + 60) / 400, where that hundred alone says 1.0
    expect(slope.tables).toBe(400);
  });

  it('WHEN the emulator keeps uploads THEN they are not the bot’s: only the rest counts', () => {
    const later = [200, 300].map((tables) => ({ tables, mem: reading(tables * 1.5, tables) }));
    const slope = memorySlope({ mem0: reading(0), mem1: reading(150, 100), tables: 100, kept: 0 }, later);
    expect(slope.perTable).toBeCloseTo(0.5, 5);
    expect(slope.breakdown.emulatorUploads).toBeCloseTo(1, 5);
    // The first 100 tables grew 50 MiB beyond uploads: 100 × 0.5, so nothing is fixed.
    expect(slope.fixed).toBeCloseTo(0, 5);
  });
});
