/**
 * Where players wait (issue #25): waves of real Collection Deck moves with pictures at many
 * tables at once, under the emulator's realistic latency profile. Each table has two people and
 * a computer Analyst; in a wave, the person due at every table presses **My view** and makes the
 * move the computer strategy would, with the controls a player sees (src/sandbox/autoplay.ts),
 * all at once or spread over 3 seconds. Measured per move: click → the new board visible (the
 * first public message written in the channel after the click; a move after which the board
 * looks the same writes none and is counted apart) and click → the mover's own view
 * refreshed (the first write to their private view, for moves made there); the event loop's
 * delay; My view clicks and moves Discord would have shown as failed (no answer in 3 s); the
 * bot's waits for the global rate limit; memory per table (the bot's share: the process's less
 * the emulator's uploads and the driver's pictures). Then the pictures that one wave
 * needed (each table's board and its mover's view) are drawn alone, all at once, in a pool like
 * the bot's: the cost no pipeline avoids, which the latencies are compared with. The fixture
 * (Tally, no pictures) runs the same waves for the record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pictureOf } from '../src/bot/discord/board.ts';
import { PicturePool, pictureHash, rasterise } from '../src/bot/discord/pictures.ts';
import type { AnyEngine } from '../src/games/contract.ts';
import { GAMES } from '../src/games/index.ts';
import type { Picture } from '../src/games/picture.ts';
import { EmulatorError, type EmuMessage } from '../src/sandbox/emulator/index.ts';
import { Harness } from '../src/sandbox/harness.ts';
import type { Session } from '../src/storage/session.ts';
import { tally } from '../test/fixtures/tally.ts';
import { findControl, makeGesture, pressMyView } from '../scripts/stress/evening-clicks.ts';
import {
  memorySlope,
  memorySnapshot,
  planWave,
  playWaves,
  type MemorySlope,
  type MemorySnapshot,
} from './wave-memory.ts';

export interface WaveFigures {
  /** ms from each move's click to its new board, and to the mover's own view refreshed. */
  board: number[];
  ownView: number[];
  moves: number;
  /** Moves whose board looked the same after them: not edited, so no board sample. */
  boardUnchanged: number;
  myViewUnanswered: number;
  acksMissed: number;
  eventLoopDelayMaxMs: number;
  globalLimitWaits: number;
  /** Of those, requests the gate kept behind boards on purpose (old boards' retirements, lines below). */
  globalLimitWaitsBehindBoards: number;
  /**
   * Memory per table, opened and played, in MiB, after a full garbage collection. From after the
   * picture workers drew a tiny picture to after the waves (so the pool's first real use counts
   * as if it were the tables'): `rss` is the process's RSS growth with the emulator and this
   * driver in it (the figure's first definition); `bot` is that growth less what the emulator
   * keeps (every uploaded file, as Discord's CDN would) and the pictures this driver keeps for the
   * burst; the others are the process's heap, external and ArrayBuffer growth, and the emulator's
   * and the driver's bytes. `slope` is what one more table costs (see wave-memory.ts).
   */
  memoryPerTableMiB: {
    rss: number;
    bot: number;
    heapUsed: number;
    external: number;
    arrayBuffers: number;
    emulatorUploads: number;
    benchPictures: number;
  };
  /** One more table's cost and the bot's fixed cost, when `slopeTables` were asked for. */
  slope: MemorySlope | null;
  /**
   * Each table's board and its mover's private view after each wave, one list per wave: the
   * burst's first definition (every board, changed or not; not the views opened with My view).
   */
  pictures: Picture[][];
  /**
   * The pictures each wave's clicks needed, one list per wave: each mover's view as My view
   * opened it, each board whose picture the move changed, and each mover's view after the move.
   */
  needed: Picture[][];
  /** Requests each wave sent on the bot's global budget (Discord's 50 a second), one per wave. */
  globalRequests: number[];
}

const CD = GAMES.find((g) => g.id === 'collection-deck') as AnyEngine;
const WARM_UP: Picture = {
  kind: 'warm-up',
  width: 8,
  height: 8,
  alt: 'nothing',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8">a</text></svg>',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `found` every 20 ms for up to `ms`. */
async function waitFor<T>(found: () => T | null | undefined, ms = 20_000): Promise<T | null> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(20)) {
    const value = found();
    if (value) return value;
  }
  return null;
}

async function openCollectionDeck(h: Harness, i: number): Promise<string> {
  const channelId = h.emu.createChannel(h.guild.id, { name: `wave-${i}` }).id;
  const [alice, bob] = [h.user('alice').id, h.user('bob').id];
  const press = async (userId: string, gesture: Parameters<typeof findControl>[3]) => {
    const found = await waitFor(() => findControl(h, channelId, userId, gesture, false));
    if (!found) throw new Error(`no ${JSON.stringify(gesture)} in ${channelId}`);
    if (gesture.kind === 'select') await h.emu.select(userId, found.message.id, found.customId, found.values);
    else await h.emu.click(userId, found.message.id, found.customId);
  };
  await h.emu.slash(alice, channelId, 'game', {
    subcommand: 'start',
    options: { game: 'collection-deck', rounds: 2 },
  });
  await press(bob, { kind: 'click', label: 'Join' });
  await press(alice, { kind: 'select', labels: ['Analyst'] });
  await press(alice, { kind: 'click', label: 'Start' });
  return channelId;
}

/** Opens `count` Collection Deck tables, ten at a time, numbered from `from`, and lets them settle. */
async function openTables(h: Harness, from: number, count: number): Promise<string[]> {
  const tables: string[] = [];
  for (let i = 0; i < count; i += 10)
    tables.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, (_, k) => openCollectionDeck(h, from + i + k)),
      )),
    );
  await h.settle();
  return tables;
}

/** Watches the emulator for the first writes after each table's click. */
function watch(h: Harness) {
  const pending = new Map<string, { t0: number; mover: string; board?: number; view?: number }>();
  const seen = (m: EmuMessage) => {
    const p = pending.get(m.channelId);
    if (!p) return;
    const at = performance.now() - p.t0;
    if (m.ephemeralTo === undefined) p.board ??= at;
    else if (m.ephemeralTo === p.mover) p.view ??= at;
  };
  h.emu.events.on('messageCreate', seen);
  h.emu.events.on('messageUpdate', seen);
  return pending;
}

/** A click left unanswered for 3 s: Discord shows "This interaction failed". */
async function unanswered<T>(click: () => Promise<T>): Promise<T | 'missed'> {
  try {
    return await click();
  } catch (err) {
    if (err instanceof EmulatorError && err.code === 'no-response') return 'missed';
    throw err;
  }
}

/**
 * Waves of real Collection Deck moves at `channels` tables; `spreadMs` 0: all clicks at once.
 * `slopeTables` more tables are then opened and played the same way, untimed, for the memory slope.
 */
export async function benchWaves(
  channels: number,
  waves: number,
  spreadMs: number,
  slopeTables = 0,
): Promise<WaveFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  const h = await Harness.start({ storeUrl: `sqlite://${join(dir, 'bench.sqlite')}` });
  try {
    // The picture workers started (a fixed cost of the bot, not of a table), then the baseline.
    await Promise.all([rasterise(WARM_UP), rasterise(WARM_UP)]);
    const mem0 = await memorySnapshot(h);
    const tables = await openTables(h, 0, channels);
    h.emu.setLatency('realistic');
    const pending = watch(h);
    const f: WaveFigures = {
      board: [],
      ownView: [],
      moves: 0,
      boardUnchanged: 0,
      myViewUnanswered: 0,
      acksMissed: 0,
      eventLoopDelayMaxMs: 0,
      globalLimitWaits: 0,
      globalLimitWaitsBehindBoards: 0,
      memoryPerTableMiB: {
        rss: 0,
        bot: 0,
        heapUsed: 0,
        external: 0,
        arrayBuffers: 0,
        emulatorUploads: 0,
        benchPictures: 0,
      },
      slope: null,
      pictures: [],
      needed: [],
      globalRequests: [],
    };
    const waits0 = h.globalLimitWaits;
    const behind0 = h.globalLimitWaitsBehindBoards;
    // The event loop's delay while the clicks are answered: from a wave's first click until the bot
    // is quiet again. Between waves the driver works out the next moves and the pictures the
    // wave needed on this same thread; that is the bench's thinking, not the bot's, so it is left out.
    // A histogram per wave: one enabled again after a pause counts the pause as its first delay.
    let delayMax = 0;
    for (let w = 0; w < waves; w++) {
      const movers = new Map<string, string>();
      // Each table's move is worked out before the wave, so the driver's own thinking (the
      // computer strategy picks the move) is not inside the measured clicks.
      const planned = await planWave(h, tables);
      const opened = await wavePicturesBefore(h, planned);
      const globalBefore = h.emu.stats.globalBound;
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      await Promise.all(
        planned.map(async ({ channelId, mover, plan }) => {
          if (spreadMs > 0) await sleep(Math.random() * spreadMs);
          const view = await unanswered(() => pressMyView(h, channelId, mover));
          if (view === 'missed') f.myViewUnanswered++;
          pending.set(channelId, { t0: performance.now(), mover });
          const handle = await unanswered(() =>
            makeGesture(h, channelId, mover, plan, view === 'missed' ? null : view),
          );
          if (handle === 'missed') f.acksMissed++;
          if (handle === null || handle === 'missed') return pending.delete(channelId);
          f.moves++;
          movers.set(channelId, mover);
          const p = pending.get(channelId);
          await waitFor(() => p?.board !== undefined || (plan.inMyView && p?.view !== undefined), 30_000);
          // The move is committed (its view is refreshed). A board that would look the same is not
          // edited (publish.ts): once the table's publishing is done there is no write to wait for.
          if (p?.board === undefined) await h.bot.tables.publisher.flush(channelId);
          await waitFor(() => !plan.inMyView || p?.view !== undefined, 30_000);
          if (p?.board !== undefined) f.board.push(p.board);
          else f.boardUnchanged++;
          if (plan.inMyView && p?.view !== undefined) f.ownView.push(p.view);
          pending.delete(channelId);
        }),
      );
      await h.settle();
      delay.disable();
      delayMax = Math.max(delayMax, delay.max / 1e6);
      f.globalRequests.push(h.emu.stats.globalBound - globalBefore);
      f.pictures.push(await wavePictures(h, movers));
      f.needed.push(await wavePicturesNeeded(h, movers, opened));
    }
    f.eventLoopDelayMaxMs = delayMax;
    f.globalLimitWaits = h.globalLimitWaits - waits0;
    f.globalLimitWaitsBehindBoards = h.globalLimitWaitsBehindBoards - behind0;
    const mem1 = await memorySnapshot(h);
    const uploads = mem1.emulatorUploads - mem0.emulatorUploads;
    const kept = [...f.pictures.flat(), ...f.needed.flat()].reduce(
      (n, p) => n + stringBytes(p.svg) + stringBytes(p.alt),
      0,
    );
    const perTable = (bytes: number) => bytes / 2 ** 20 / channels;
    const grew = (key: 'rss' | 'heapUsed' | 'external' | 'arrayBuffers') => perTable(mem1[key] - mem0[key]);
    f.memoryPerTableMiB = {
      rss: grew('rss'),
      bot: perTable(mem1.rss - mem0.rss - uploads - kept),
      heapUsed: grew('heapUsed'),
      external: grew('external'),
      arrayBuffers: grew('arrayBuffers'),
      emulatorUploads: perTable(uploads),
      benchPictures: perTable(kept),
    };
    // The later tables `channels` at a time, each batch opened as the first were (no latency),
    // then played the same waves under the same profile, so no wave is larger than the first.
    // Memory is read after each batch too, for the spread of the batches' own growth.
    const later: { tables: number; mem: MemorySnapshot }[] = [];
    for (let from = channels; from < channels + slopeTables; from += channels) {
      h.emu.setLatency('instant');
      const batch = await openTables(h, from, Math.min(channels, channels + slopeTables - from));
      h.emu.setLatency('realistic');
      await playWaves(h, batch, waves);
      later.push({ tables: from + batch.length, mem: await memorySnapshot(h) });
    }
    if (slopeTables > 0) f.slope = memorySlope({ mem0, mem1, tables: channels, kept }, later);
    return f;
  } finally {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bytes V8 holds a string's characters in: one a character, two if any is beyond Latin-1. */
const stringBytes = (text: string): number => text.length * (/[\u0100-\uffff]/.test(text) ? 2 : 1);

/** The pictures a wave needed: each table's board and its mover's private view, as they are now. */
async function wavePictures(h: Harness, movers: Map<string, string>): Promise<Picture[]> {
  const out: Picture[] = [];
  for (const [channelId, mover] of movers) {
    const session: Session | null = await h.bot.tables.load(channelId);
    if (!session) continue;
    for (const viewer of [null, mover]) {
      const picture = pictureOf(CD, session, viewer);
      if (picture) out.push(picture);
    }
  }
  return out;
}

/** Before a wave: each table's board hash and its mover's view as My view will open it. */
async function wavePicturesBefore(
  h: Harness,
  planned: ReadonlyArray<{ channelId: string; mover: string }>,
): Promise<Map<string, { board: string | null; view: Picture | null }>> {
  const out = new Map<string, { board: string | null; view: Picture | null }>();
  for (const { channelId, mover } of planned) {
    const session = await h.bot.tables.load(channelId);
    if (!session) continue;
    const board = pictureOf(CD, session, null);
    out.set(channelId, { board: board && pictureHash(board), view: pictureOf(CD, session, mover) });
  }
  return out;
}

/**
 * What a wave's clicks needed drawn: each mover's view as opened, each board the move changed
 * (one whose picture is the same is not drawn again: publish.ts), each mover's view after.
 */
async function wavePicturesNeeded(
  h: Harness,
  movers: Map<string, string>,
  opened: Map<string, { board: string | null; view: Picture | null }>,
): Promise<Picture[]> {
  const out: Picture[] = [];
  for (const [channelId, mover] of movers) {
    const session = await h.bot.tables.load(channelId);
    const before = opened.get(channelId);
    if (!session || !before) continue;
    const board = pictureOf(CD, session, null);
    const view = pictureOf(CD, session, mover);
    for (const picture of [before.view, board && pictureHash(board) !== before.board ? board : null, view])
      if (picture) out.push(picture);
  }
  return out;
}

/** Draws `pictures` all at once in a fresh pool the size of the bot's: ms to the last PNG. */
export async function pictureBurst(pictures: readonly Picture[]): Promise<number> {
  const pool = new PicturePool();
  try {
    await pool.draw(pictures[0] as Picture); // the workers started and their fonts loaded
    const t0 = performance.now();
    await Promise.all(pictures.map((p) => pool.draw(p)));
    return performance.now() - t0;
  } finally {
    await pool.close();
  }
}

/** The fixture game (Tally, no pictures) under the same profile: click → new board, per move. */
export async function benchFixtureWaves(channels: number, waves: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  const h = await Harness.start({ storeUrl: `sqlite://${join(dir, 'bench.sqlite')}`, games: [tally] });
  try {
    const [alice, bob] = [h.user('alice').id, h.user('bob').id];
    const tables: string[] = [];
    for (let i = 0; i < channels; i++) {
      const channelId = h.emu.createChannel(h.guild.id, { name: `tally-${i}` }).id;
      await h.emu.slash(alice, channelId, 'game', {
        subcommand: 'start',
        options: { game: 'tally', target: '50' },
      });
      const join = await waitFor(() =>
        findControl(h, channelId, bob, { kind: 'click', label: 'Join' }, false),
      );
      if (join) await h.emu.click(bob, join.message.id, join.customId);
      const start = await waitFor(() =>
        findControl(h, channelId, alice, { kind: 'click', label: 'Start' }, false),
      );
      if (start) await h.emu.click(alice, start.message.id, start.customId);
      tables.push(channelId);
    }
    await h.settle();
    h.emu.setLatency('realistic');
    const pending = watch(h);
    const board: number[] = [];
    for (let w = 0; w < waves; w++) {
      const player = w % 2 === 0 ? alice : bob;
      await Promise.all(
        tables.map(async (channelId) => {
          const add = findControl(h, channelId, player, { kind: 'click', label: 'Add 1' }, false);
          if (!add) return;
          pending.set(channelId, { t0: performance.now(), mover: player });
          await unanswered(() => h.emu.click(player, add.message.id, add.customId));
          const p = pending.get(channelId);
          await waitFor(() => p?.board !== undefined, 30_000);
          if (p?.board !== undefined) board.push(p.board);
          pending.delete(channelId);
        }),
      );
      await h.settle();
    }
    return board;
  } finally {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time per picture (SVG → PNG), per kind: drawn one at a time in a pool of one worker. */
export async function pictureCpu(pictures: readonly Picture[]): Promise<Map<string, number[]>> {
  const pool = new PicturePool(1);
  const byKind = new Map<string, number[]>();
  try {
    if (pictures[0]) await pool.draw(pictures[0]); // the worker started and its fonts loaded
    for (const picture of pictures) {
      const cpu = process.cpuUsage();
      await pool.draw(picture);
      const used = process.cpuUsage(cpu);
      byKind.set(picture.kind, [...(byKind.get(picture.kind) ?? []), (used.user + used.system) / 1000]);
    }
    return byKind;
  } finally {
    await pool.close();
  }
}
