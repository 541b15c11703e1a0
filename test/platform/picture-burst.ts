/**
 * Child process for picture-burst.test.ts (issue #22): draws `count` pictures at once, every
 * picture kind of every game in turn, for `rounds` rounds, making garbage and collecting it
 * while each round is drawn and between rounds. Run: node --expose-gc --import tsx test/platform/picture-burst.ts [count] [rounds]
 * It prints one line per round and exits 0 by itself (idle picture workers hold no process open);
 * before the fix a picture encoded from freed memory killed it with SIGSEGV within a few rounds.
 */
import { rasterise } from '../../src/bot/discord/pictures.ts';
import { GAMES } from '../../src/games/index.ts';
import type { Picture } from '../../src/games/picture.ts';
import { playthrough, tableOf } from '../../src/games/playthrough.ts';

/** One mid-game picture of every kind every game draws (the public one and each seat's). */
function everyKind(): Picture[] {
  const kinds = new Map<string, Picture>();
  for (const engine of GAMES) {
    if (!engine.picture) continue;
    const seats = tableOf(Math.max(engine.minPlayers, Math.min(engine.maxPlayers, 4)));
    let step = 0;
    for (const state of playthrough(engine, seats, { seed: 'burst', maxSteps: 120 })) {
      if (step++ % 10 !== 0) continue;
      for (const viewer of [null, ...seats.map((s) => s.id)]) {
        const picture = engine.picture(engine.view(state, viewer), { viewer });
        if (picture) kinds.set(`${engine.id}/${picture.kind}`, picture);
      }
    }
  }
  return [...kinds.values()];
}

const count = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 15);
const gc = (globalThis as { gc?: () => void }).gc;

/** Garbage for the collector, and a collection when node runs with --expose-gc. */
function makeGarbage(objects: number): void {
  let junk: unknown[] = [];
  for (let i = 0; i < objects; i++) junk.push({ i, s: `junk ${i}` });
  junk = [];
  gc?.();
}

const pictures = everyKind();
console.log(`${pictures.length} kinds: ${pictures.map((p) => p.kind).join(', ')}`);
for (let round = 1; round <= rounds; round++) {
  const start = performance.now();
  const drawn = Promise.all(
    Array.from({ length: count }, (_, i) => rasterise(pictures[i % pictures.length] as Picture)),
  );
  // Collections while the round's pictures are being drawn, as a busy bot's would happen.
  const churn = setInterval(() => makeGarbage(20_000), 100);
  const pngs = await drawn.finally(() => clearInterval(churn));
  for (const [i, png] of pngs.entries()) {
    const picture = pictures[i % pictures.length] as Picture;
    // A PNG's width and height are the big-endian words at bytes 16 and 20.
    if (png.readUInt32BE(16) !== picture.width || png.readUInt32BE(20) !== picture.height)
      throw new Error(`round ${round}: picture ${i} (${picture.kind}) came back the wrong size`);
  }
  makeGarbage(200_000);
  console.log(`round ${round}: ${count} pictures in ${Math.round(performance.now() - start)} ms`);
}
