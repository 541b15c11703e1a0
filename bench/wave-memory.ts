/**
 * Where the memory of tables with pictures goes (issue #25), for the waves section: a snapshot of
 * the process's memory split by where it lives, and tables opened and played without timing them,
 * so the cost of one more table is the slope between two table counts in one process.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pictureWorkersMemory, type WorkerMemory } from '../src/bot/discord/pictures.ts';
import type { AnyEngine } from '../src/games/contract.ts';
import { GAMES } from '../src/games/index.ts';
import { planHumanMove } from '../src/sandbox/autoplay.ts';
import type { Harness } from '../src/sandbox/harness.ts';
import { makeGesture, pressMyView } from '../scripts/stress/evening-clicks.ts';

const CD = GAMES.find((g) => g.id === 'collection-deck') as AnyEngine;

/** Bytes, each from one reading after a full garbage collection. */
export interface MemorySnapshot {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The RSS in glibc's main heap (`[heap]`), in anonymous mappings, and in files (code, fonts). */
  mainHeap: number;
  anonymous: number;
  files: number;
  /** The picture workers' own V8 heaps and external memory (their RSS is the process's). */
  workersHeap: number;
  workersExternal: number;
  /** The emulator's uploaded files (Discord's CDN's, not the bot's). */
  emulatorUploads: number;
}

/** A full garbage collection, so the memory figures count what is kept, not garbage not yet collected. */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The RSS of this process's mappings, by kind (Linux: /proc/self/smaps; zeros elsewhere). */
function mappings(): Pick<MemorySnapshot, 'mainHeap' | 'anonymous' | 'files'> {
  const out = { mainHeap: 0, anonymous: 0, files: 0 };
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return out;
  }
  let kind: keyof typeof out = 'anonymous';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      kind = name === '[heap]' ? 'mainHeap' : name.startsWith('/') ? 'files' : 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]) * 1024;
  }
  return out;
}

export async function memorySnapshot(h: Harness): Promise<MemorySnapshot> {
  collectGarbage();
  const workers: WorkerMemory[] = await pictureWorkersMemory();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    rss,
    heapUsed,
    external,
    arrayBuffers,
    ...mappings(),
    workersHeap: workers.reduce((n, w) => n + w.heapUsed, 0),
    workersExternal: workers.reduce((n, w) => n + w.external, 0),
    emulatorUploads: h.emu.attachmentBytes(),
  };
}

/** `b - a`, figure by figure, over `count` (per table), in MiB. */
export function perTable(a: MemorySnapshot, b: MemorySnapshot, count: number): MemorySnapshot {
  const out = { ...b };
  for (const key of Object.keys(out) as (keyof MemorySnapshot)[])
    out[key] = (b[key] - a[key]) / 2 ** 20 / Math.max(1, count);
  return out;
}

/** The move the person due at each table would make, worked out before a wave (tables not playing left out). */
export async function planWave(h: Harness, tables: readonly string[]) {
  const planned = [];
  for (const channelId of tables) {
    const move = planHumanMove(CD, await h.bot.tables.load(channelId));
    if (move) planned.push({ channelId, ...move });
  }
  return planned;
}

/**
 * Plays `waves` waves at `tables` as benchWaves does (the person due presses My view and makes the
 * computer strategy's move), all at once, without timing anything: only what the tables keep counts.
 */
export async function playWaves(h: Harness, tables: readonly string[], waves: number): Promise<void> {
  for (let w = 0; w < waves; w++) {
    const planned = await planWave(h, tables);
    await Promise.all(
      planned.map(async ({ channelId, mover, plan }) => {
        const view = await pressMyView(h, channelId, mover).catch(() => null);
        await makeGesture(h, channelId, mover, plan, view).catch(() => null);
      }),
    );
    await h.settle();
  }
}

/** What one more table costs the bot, and what its first tables cost beyond that. */
export interface MemorySlope {
  /**
   * MiB per table over the later tables: the process's RSS growth less the emulator's uploads,
   * from the first tables to the last, over the later tables' count (the pool is warm and the
   * allocator's arenas have seen a wave as large, so this is what a table keeps).
   */
  perTable: number;
  /**
   * MiB the first tables' growth (from the warm-up picture, less the emulator's uploads and the
   * driver's pictures) holds beyond `perTable` each: the picture pool's and the caches' first
   * real use, and the allocator's high-water mark of a wave. Paid once, not per table.
   */
  fixed: number;
  /** How many later tables the slope is taken over. */
  tables: number;
  /** Per later table, in MiB, by where it lives. */
  breakdown: MemorySnapshot;
  /**
   * The same growth per table over each batch of later tables, in order: the spread. The
   * arenas climb to their high-water mark in steps, so one batch can be far from the slope.
   */
  steps: number[];
}

/**
 * The slope over table counts in one process: `first` holds the snapshots before and after the
 * first `tables` were opened and played (and the bytes of pictures the driver kept); `later` the
 * snapshots after each later batch, opened and played the same waves, with the count of tables
 * open by then.
 */
export function memorySlope(
  first: { mem0: MemorySnapshot; mem1: MemorySnapshot; tables: number; kept: number },
  later: ReadonlyArray<{ tables: number; mem: MemorySnapshot }>,
): MemorySlope {
  const { mem0, mem1 } = first;
  const last = later.at(-1) ?? { tables: first.tables, mem: mem1 };
  const tables = last.tables - first.tables;
  const breakdown = perTable(mem1, last.mem, tables);
  const bot = (m: MemorySnapshot) => m.rss - m.emulatorUploads;
  const steps = later.map((p, i) => {
    const before = i === 0 ? { tables: first.tables, mem: mem1 } : (later[i - 1] as typeof p);
    return (bot(p.mem) - bot(before.mem)) / 2 ** 20 / (p.tables - before.tables);
  });
  const slope = breakdown.rss - breakdown.emulatorUploads;
  const firstGrowth = perTable(mem0, mem1, 1);
  const firstBot = firstGrowth.rss - firstGrowth.emulatorUploads - first.kept / 2 ** 20;
  return { perTable: slope, fixed: firstBot - first.tables * slope, tables, breakdown, steps };
}
