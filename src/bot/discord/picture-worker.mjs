// @ts-check
/**
 * The picture worker (one thread of the pool in pictures.ts): SVG in, PNG out, one picture at a
 * time. Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader its
 * parent runs under (vitest's vite transform in particular), and this file imports only
 * @napi-rs/canvas and node builtins, so it starts the same under tsx, `node --import tsx` and vitest.
 *
 * Memory safety (issue #22): @napi-rs/canvas's `encode()` queues its work on libuv's pool with a
 * pointer to the canvas's pixels and no reference to the canvas, so a collection before the work
 * runs frees pixels still to be read. Here nothing is queued: the pixels are read and compressed
 * synchronously on this thread, and the canvas and the image stay reachable from `drawing` until
 * their pixels are copied out (`canvas.data()` is a view of the canvas's own memory, not a copy).
 *
 * The PNG is written here (node's zlib, filter None) rather than by Skia's encoder, which at its
 * defaults tries every row filter: the same pixels, byte for byte, in about half the CPU time and
 * a file 20-30% smaller (figures in the commit adding this file, issue #25). Compression level 1,
 * not zlib's default 6: compressing took as long as drawing, and level 1 takes about a third of
 * that for files about 30% larger (docs/architecture.md, *Pictures*; scripts/picture-settings.ts).
 */
import { Buffer } from 'node:buffer';
import { memoryUsage, platform } from 'node:process';
import { setPriority } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';

/** @typedef {{ id: number, svg: string, width: number, height: number }} Job */
/** @typedef {{ memory: number }} MemoryAsk */

/**
 * This thread yields the CPU to the main thread (issue #25): on two cores, two workers drawing
 * flat out left the event loop, which answers every click, a third of the time it needed, and
 * its turns stalled 60-130 ms in a wave of 100 moves. A nice value of 10 makes the kernel run the
 * main thread first whenever it has work; the pictures take what is left, so a burst takes as
 * long as before. Linux only: there a nice value belongs to a thread (setpriority(2) with pid 0
 * is the calling thread), elsewhere it would lower the whole process. Raising one's own nice
 * value needs no privilege, and a refusal (a sandbox forbidding it) just leaves the default.
 */
const WORKER_NICE = 10;
if (platform === 'linux') {
  try {
    setPriority(WORKER_NICE);
  } catch {
    // Drawing at the default priority is slower for clicks, not wrong.
  }
}

const { font } = /** @type {{ font: string }} */ (workerData);

// Fonts are registered per worker: a machine without system fonts draws the same picture. They
// are the repository's assets/fonts (the two DejaVu Sans faces the pictures use, with their
// licence), found from the package root, so the compiled worker in dist/ finds the same files.
const fontDir = join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'assets', 'fonts');
for (const face of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
  if (!GlobalFonts.registerFromPath(join(fontDir, face), font))
    throw new Error(`Could not load the picture font ${face} from ${fontDir}.`);

/**
 * The nearest folder at or above `dir` with a package.json.
 * @param {string} dir
 * @returns {string}
 */
function packageRoot(dir) {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) throw new Error(`No package.json above ${dir}.`);
  }
}

/** The images and canvases being drawn, kept reachable until their pixels are copied out. */
const drawing = new Set();

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** zlib's fastest level: the pixels are the same at every level, only the file's size changes. */
const LEVEL = 1;

/**
 * @param {string} type
 * @param {Uint8Array} data
 */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return [head, data, crc];
}

/**
 * The canvases of the picture sizes drawn lately, drawn over again rather than allocated anew:
 * @napi-rs/canvas does not tell V8 about a canvas's pixels (3-4 MB for a board), so canvases
 * left to the garbage collector piled up, hundreds of MB of RSS after a few hundred pictures
 * (issue #25), while a game draws pictures of two or three sizes.
 * @type {Map<string, import('@napi-rs/canvas').Canvas>}
 */
const canvases = new Map();
const KEPT_CANVASES = 4;

/**
 * A transparent canvas of this size, as `createCanvas` gives.
 * @param {number} width
 * @param {number} height
 */
function blankCanvas(width, height) {
  const key = `${width}x${height}`;
  let canvas = canvases.get(key);
  if (canvas) canvases.delete(key);
  else canvas = createCanvas(width, height);
  canvases.set(key, canvas); // the most recently used last
  for (const oldest of canvases.keys()) {
    if (canvases.size <= KEPT_CANVASES) break;
    canvases.delete(oldest);
  }
  canvas.getContext('2d').clearRect(0, 0, width, height);
  return canvas;
}

/** The scanlines' buffer, reused from picture to picture (deflateSync reads it synchronously). */
let scratch = Buffer.alloc(0);

/**
 * PNG scanlines of `pixels` (RGBA, rows top to bottom), each row after its filter type, None (0).
 * @param {Uint8Array} pixels
 * @param {number} width
 * @param {number} height
 */
function scanlines(pixels, width, height) {
  const stride = width * 4;
  const size = (stride + 1) * height;
  if (scratch.length < size) scratch = Buffer.alloc(size);
  const rows = scratch.subarray(0, size);
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return rows;
}

/**
 * An 8-bit RGBA PNG file of `rows` (see scanlines).
 * @param {Buffer} rows
 * @param {number} width
 * @param {number} height
 */
function pngFile(rows, width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const parts = [
    SIGNATURE,
    ...chunk('IHDR', header),
    ...chunk('IDAT', deflateSync(rows, { level: LEVEL })),
    ...chunk('IEND', Buffer.alloc(0)),
  ];
  // One ArrayBuffer of its own, so it can be transferred to the main thread without a copy.
  const out = Buffer.from(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An empty source: giving it to an image frees the pixels it decoded, there and then. */
const NOTHING = Buffer.alloc(0);

/**
 * Frees the image's decoded pixels now (3-4 MB for a board) rather than when the collector gets
 * to it: @napi-rs/canvas does not tell V8 about them, and its finalizers run only once the event
 * loop turns after a collection, so a burst of pictures left dozens of them waiting, which
 * glibc's per-thread arena then kept as RSS (issue #25, docs/architecture.md).
 * @param {import('@napi-rs/canvas').Image} image
 */
function release(image) {
  image.onerror = () => {}; // an empty source is "no image", not a failure to report
  image.src = NOTHING;
}

/** @param {Job} job */
async function draw(job) {
  const image = await loadImage(Buffer.from(job.svg));
  const canvas = blankCanvas(job.width, job.height);
  const held = { image, canvas };
  drawing.add(held);
  let rows;
  try {
    canvas.getContext('2d').drawImage(image, 0, 0, job.width, job.height);
    rows = scanlines(canvas.data(), job.width, job.height);
  } finally {
    drawing.delete(held);
    release(image);
  }
  return pngFile(rows, job.width, job.height);
}

/**
 * This thread's memory, for the pool's `memory()` (benchmarks): the V8 heap is per thread, while
 * RSS is the process's; Skia's pixels and glyph caches are outside V8 and not in these figures.
 */
function memory() {
  const heap = getHeapStatistics();
  const { heapUsed, external, arrayBuffers } = memoryUsage();
  return {
    heapUsed,
    heapTotal: heap.total_heap_size,
    external,
    arrayBuffers,
    canvases: canvases.size,
    scratch: scratch.length,
  };
}

const port = parentPort;
if (!port) throw new Error('picture-worker.mjs runs as a worker thread (see pictures.ts).');
port.on('message', (/** @type {Job | MemoryAsk} */ job) => {
  if ('memory' in job) return port.postMessage({ memory: job.memory, ...memory() });
  draw(job).then(
    (bytes) => port.postMessage({ id: job.id, png: bytes }, [bytes.buffer]),
    (/** @type {unknown} */ err) =>
      port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
