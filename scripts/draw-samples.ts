/**
 * Draws one sample of each game picture from a seeded mid-game state into docs/pictures/, and
 * each game's debrief chart from a seeded finished game (<game>-chart.png).
 * Run: npx tsx scripts/draw-samples.ts [out-dir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rasterise } from '../src/bot/discord/pictures.ts';
import type { Picture } from '../src/games/picture.ts';
import type { AnyEngine } from '../src/games/contract.ts';
import { collection } from '../src/games/collection/index.ts';
import { kingpin } from '../src/games/kingpin/index.ts';
import { chartSample, sampleStates } from '../src/games/picture-samples.ts';
import { MODULES } from '../src/games/index.ts';
import { playthrough, tableOf } from '../src/games/playthrough.ts';

/** The public picture of a seeded game its computers play, `steps` moves in. */
function midGame(engine: AnyEngine, seats: number, seed: string, steps: number): Picture | null {
  let state: unknown = null;
  let n = 0;
  for (const s of playthrough(engine, tableOf(seats), { seed })) {
    state = s;
    if (++n > steps) break;
  }
  return engine.picture?.(engine.view(state, null), { viewer: null }) ?? null;
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'docs/pictures';
  mkdirSync(out, { recursive: true });
  const samples = sampleStates();
  const pictures: [string, Picture | null][] = [
    ['item-collection-table', samples.icg.picture(null)],
    ['item-collection-table-private', samples.icg.picture(samples.icg.viewer)],
    ['collection-deck-field', samples.cd.picture(null)],
    ['collection-deck-hand', samples.cd.picture(samples.cd.viewer)],
    ['collection-board', midGame(collection, 5, 'pictures', 60)],
    ['kingpin-board', midGame(kingpin, 2, 'pictures', 150)],
    ...MODULES.map((m): [string, Picture | null] => [`${m.engine.id}-chart`, chartSample(m.engine).chart]),
  ];
  for (const [name, picture] of pictures) {
    if (!picture) throw new Error(`${name}: no picture`);
    const start = performance.now();
    const png = await rasterise(picture);
    const ms = Math.round(performance.now() - start);
    writeFileSync(join(out, `${name}.png`), png);
    console.log(`${name}: ${picture.width}×${picture.height}, ${png.length} bytes, ${ms} ms`);
  }
}

await main();
