/**
 * Rasterises game pictures (SVG documents drawn by the engines, see src/games/picture.ts) to PNG.
 *
 * @napi-rs/canvas (Skia) renders the SVG with the two DejaVu Sans faces in assets/fonts, so a
 * machine without system fonts draws the same picture. Fonts are the reason for
 * this choice over resvg: resvg-js loads its fonts again for every picture (about 100 ms for two
 * faces here), Skia keeps them.
 *
 * Every picture is drawn in a small pool of worker threads (picture-worker.mjs), never on the
 * main thread: decoding the SVG, drawing and compressing take up to about 25 ms of CPU a picture,
 * and a table moving must not wait on another table's picture. The pool uses node's
 * `worker_threads` directly rather than a library such as piscina: it needs one kind of job, a
 * queue, a timeout and a replacement for a worker that dies (about a hundred lines), not a
 * library's task scheduling, and it keeps the dependencies as they are. It also bounds
 * memory and CPU: at most `size` canvases exist at once (two workers, or one on a single core),
 * however many tables move together; later pictures wait in the queue as SVG text.
 * Drawing there also fixes issue #22: `canvas.encode()` on the main thread left the encode queued
 * on libuv's pool with no reference to its canvas, and a collection in between crashed the
 * process (SIGSEGV) when eight or more pictures were drawn at once (test/platform/picture-burst).
 *
 * A picture is a pure function of a view, so its SVG identifies it: drawn pictures are cached by
 * a hash of the SVG, and the same board at the same version is drawn once.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PICTURE_FONT, type Picture } from '../../games/picture.ts';
import { boardPace, type BoardPace } from '../kernel/board-pace.ts';

export interface DrawnPicture {
  kind: string;
  /** The attachment's file name, e.g. `field.png`. */
  filename: string;
  alt: string;
  width: number;
  height: number;
  png: Buffer;
}

/** Discord's limit on an attachment's description (alt text). */
export const ALT_TEXT_MAX = 1024;

export interface DrawOptions {
  /** Ahead of the ordinary pictures waiting: a private view the person who clicked watches for. */
  first?: boolean;
  /**
   * A board bound for the bot's global budget: drawn ahead of the private views while the budget
   * has room for it, else held back until it has (kernel/board-pace.ts), never earlier.
   */
  paced?: boolean;
  /**
   * A table's board (a paced one is one too): while private views wait, it goes ahead of them
   * once every VIEWS_PER_BOARD views, so that neither the boards nor the views of a wave wait for
   * all of the other kind. Other pictures (a debrief's chart) wait for the views.
   */
  board?: boolean;
}

/** While views wait, a board goes ahead of them once every this many views. */
const VIEWS_PER_BOARD = 2;

/** The worker's answer to one job: the PNG, or why it could not be drawn. */
type WorkerReply = { id: number; png: Uint8Array } | { id: number; error: string };

/** One picture worker's own memory, in bytes (its V8 heap; Skia's memory is native, not in it). */
export interface WorkerMemory {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Canvases the worker keeps to draw on again, and its scanline buffer's bytes. */
  canvases: number;
  scratch: number;
}

interface Job {
  id: number;
  picture: Picture;
  /** Drawn ahead of the ordinary pictures waiting (see `draw`). */
  first: boolean;
  /** Drawn at the global budget's pace (see `DrawOptions.paced`). */
  paced: boolean;
  /** A table's board, which goes ahead of waiting views now and then (see `DrawOptions.board`). */
  board: boolean;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/**
 * Worker threads that draw pictures, one picture per worker at a time; pictures beyond that wait
 * in order. Idle workers are unref'd, so they never keep a process alive; a worker that dies or
 * takes longer than `timeoutMs` is replaced and only its own picture fails.
 */
export class PicturePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Views started since the last board (which may go ahead of views every VIEWS_PER_BOARD). */
  private viewsSinceBoard = VIEWS_PER_BOARD;
  /** Armed while a paced board waits for its slot and nothing else is to be drawn. */
  private paceTimer: NodeJS.Timeout | undefined;
  /** Resolves `closing` once the last picture is drawn and the workers are stopped. */
  private onClosed: (() => void) | null = null;
  private closing: Promise<void> | null = null;
  /** Answers awaited from `memory()`, by request number. */
  private readonly asked = new Map<number, (m: WorkerMemory) => void>();

  constructor(
    readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly timeoutMs = 30_000,
    private readonly pace: BoardPace = boardPace,
  ) {}

  /**
   * Draws one picture to PNG bytes. A picture drawn `first` (a player's private view: the person
   * who clicked watches for it) waits only behind the pictures already being drawn and the other
   * `first` ones, not behind the queued boards; both kinds keep their own order.
   */
  draw(picture: Picture, { first = false, paced = false, board = false }: DrawOptions = {}): Promise<Buffer> {
    if (this.closing) return Promise.reject(new Error('The picture pool is closed.'));
    return new Promise((resolve, reject) => {
      const job = {
        id: this.nextId++,
        picture,
        first,
        paced: paced && !first,
        board: (board || paced) && !first,
        resolve,
        reject,
      };
      if (job.paced) this.pace.boardWaiting(1);
      const at = first ? this.queue.findIndex((j) => !j.first) : -1;
      if (at < 0) this.queue.push(job);
      else this.queue.splice(at, 0, job);
      this.pump();
    });
  }

  /** Pictures waiting for a worker or being drawn. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job).length;
  }

  /**
   * Each running worker's own memory (for benchmarks: RSS is the process's, shared by every
   * thread). A worker drawing answers between two pictures' steps.
   */
  memory(): Promise<WorkerMemory[]> {
    return Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<WorkerMemory>((resolve, reject) => {
            const memory = this.nextId++;
            const gone = () => {
              this.asked.delete(memory);
              reject(new Error('The picture worker stopped before telling its memory.'));
            };
            slot.worker.once('exit', gone);
            this.asked.set(memory, (figures) => {
              slot.worker.off('exit', gone);
              resolve(figures);
            });
            slot.worker.postMessage({ memory });
          }),
      ),
    );
  }

  /** Draws what was asked already, then stops the workers; later draws are refused. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.onClosed = resolve;
      this.pump();
    });
    return this.closing;
  }

  /**
   * The next job to draw: a board (after every VIEWS_PER_BOARD views, while views wait), else the
   * oldest private view, else the oldest other picture. A paced board also waits for its slot (a
   * timer wakes the pool), unless the pool is closing.
   */
  private take(): Job | undefined {
    const wait = this.onClosed ? 0 : this.pace.wait();
    const board = this.queue.findIndex((j) => j.board && (!j.paced || wait === 0));
    const view = this.queue.findIndex((j) => j.first);
    if (board >= 0 && (view < 0 || this.viewsSinceBoard >= VIEWS_PER_BOARD)) {
      const [job] = this.queue.splice(board, 1);
      if (job?.paced) {
        this.pace.take();
        this.pace.boardWaiting(-1);
      }
      this.viewsSinceBoard = 0;
      return job;
    }
    if (view >= 0) {
      this.viewsSinceBoard++;
      return this.queue.splice(view, 1)[0];
    }
    const other = this.queue.findIndex((j) => !j.paced);
    if (other >= 0) return this.queue.splice(other, 1)[0];
    if (!this.queue.some((j) => j.paced)) return undefined;
    this.paceTimer ??= setTimeout(() => {
      this.paceTimer = undefined;
      this.pump();
    }, wait);
    return undefined;
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.job) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const job = this.take();
      if (!job) break;
      this.start(slot, job);
    }
    if (this.onClosed && this.pending === 0) {
      const done = this.onClosed;
      this.onClosed = null;
      const workers = this.slots.splice(0).map((s) => s.worker.terminate());
      void Promise.allSettled(workers).then(() => done());
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./picture-worker.mjs', import.meta.url), {
      workerData: { font: PICTURE_FONT },
      // Plain JavaScript: the worker needs none of the parent's loaders (tsx) or flags.
      execArgv: [],
    });
    const slot: Slot = { worker, job: null };
    worker.unref();
    worker.on('message', (reply: WorkerReply | ({ memory: number } & WorkerMemory)) => {
      if ('memory' in reply) {
        const { memory, ...figures } = reply;
        this.asked.get(memory)?.(figures);
        return this.asked.delete(memory);
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      this.finish(slot);
      if ('png' in reply)
        job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else job.reject(new Error(`Could not draw the ${job.picture.kind} picture: ${reply.error}`));
      this.pump();
    });
    const lost = (why: string) => this.lose(slot, new Error(`The picture worker ${why}.`));
    worker.on('error', (err) => lost(`failed: ${err.message}`));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    job.timer = setTimeout(
      () =>
        this.lose(slot, new Error(`Drawing the ${job.picture.kind} picture took over ${this.timeoutMs} ms.`)),
      this.timeoutMs,
    );
    const { id, picture } = job;
    slot.worker.postMessage({ id, svg: picture.svg, width: picture.width, height: picture.height });
  }

  /** The slot's job is over: the worker is free, and does not keep the process alive. */
  private finish(slot: Slot): void {
    clearTimeout(slot.job?.timer);
    slot.job = null;
    slot.worker.unref();
  }

  /** The worker is gone (or given up on): its picture fails, the others go to a new worker. */
  private lose(slot: Slot, err: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    const job = slot.job;
    this.finish(slot);
    void slot.worker.terminate();
    job?.reject(err);
    this.pump();
  }
}

let shared: PicturePool | null = null;

/** Draws one picture to PNG bytes, in the process's picture pool. */
export function rasterise(picture: Picture, options?: DrawOptions): Promise<Buffer> {
  shared ??= new PicturePool();
  return shared.draw(picture, options);
}

/** The process's picture workers' own memory (none before the first picture). */
export function pictureWorkersMemory(): Promise<WorkerMemory[]> {
  return shared?.memory() ?? Promise.resolve([]);
}

/**
 * Closes the process's picture pool once the pictures asked for are drawn (the bot's shutdown).
 * A later `rasterise` starts a new pool.
 */
export async function closePictures(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

function clipAlt(alt: string): string {
  const points = [...alt];
  return points.length <= ALT_TEXT_MAX ? alt : `${points.slice(0, ALT_TEXT_MAX - 1).join('')}…`;
}

/** A picture's identity: the hash of its SVG (the same hash is the same PNG). */
export function pictureHash(picture: Picture): string {
  return createHash('sha256').update(picture.svg).digest('base64url');
}

/** One drawn picture in the cache; `bytes` is its PNG's size once drawn. */
interface Drawn {
  png: Promise<Buffer>;
  bytes: number;
}

/**
 * Drawn pictures keyed by their SVG, least recently used dropped first, within `maxBytes` of PNG
 * (pictures being drawn count once drawn). Bounded in bytes, not entries: a board's PNG is
 * 100-150 KB, so 128 entries held 16 MB (issue #25).
 */
export class PictureCache {
  private readonly drawn = new Map<string, Drawn>();
  /** The PNG bytes the cache holds. */
  bytes = 0;
  /** How many pictures were rasterised (cache misses), for tests and benchmarks. */
  rasterised = 0;

  constructor(private readonly maxBytes = 4 * 2 ** 20) {}

  async draw(picture: Picture, options?: DrawOptions): Promise<DrawnPicture> {
    const key = pictureHash(picture);
    let entry = this.drawn.get(key);
    if (entry) this.drawn.delete(key);
    else {
      const drawn: Drawn = { png: rasterise(picture, options), bytes: 0 };
      this.rasterised++;
      drawn.png.then(
        (png) => {
          if (this.drawn.get(key) !== drawn) return; // dropped while it was drawn
          drawn.bytes = png.byteLength;
          this.bytes += drawn.bytes;
          this.trim();
        },
        () => this.forget(key, drawn),
      );
      entry = drawn;
    }
    // Re-inserted so the map's order is least recently used first.
    this.drawn.set(key, entry);
    return {
      kind: picture.kind,
      filename: `${picture.kind}.png`,
      alt: clipAlt(picture.alt),
      width: picture.width,
      height: picture.height,
      png: await entry.png,
    };
  }

  get size(): number {
    return this.drawn.size;
  }

  /** Drops the least recently used pictures until the cache is within its bytes (the newest stays). */
  private trim(): void {
    for (const [key, entry] of this.drawn) {
      if (this.bytes <= this.maxBytes || this.drawn.size <= 1) return;
      this.forget(key, entry);
    }
  }

  private forget(key: string, entry: Drawn): void {
    if (this.drawn.get(key) !== entry) return;
    this.drawn.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * The attachment a drawing of `picture` was uploaded as, without drawing it: an edit that keeps
 * a message's picture points at the existing upload by file name and sends no file.
 */
export function uploadedAs(picture: Picture): DrawnPicture {
  const { kind, alt, width, height } = picture;
  return { kind, filename: `${kind}.png`, alt: clipAlt(alt), width, height, png: Buffer.alloc(0) };
}
