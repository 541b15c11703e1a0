/**
 * Picture figures: for every game that draws pictures, the time to draw a fresh picture (the
 * engine's SVG plus the PNG rasterising, no cache) and the PNG's size, per picture kind, over
 * the states of seeded games.
 */
import { performance } from 'node:perf_hooks';
import { rasterise } from '../src/bot/discord/pictures.ts';
import type { AnyEngine } from '../src/games/contract.ts';
import { playthrough, tableOf } from '../src/games/playthrough.ts';

export interface PictureSamples {
  game: string;
  kind: string;
  ms: number[];
  /** CPU time for the SVG → PNG step alone (the process's, while nothing else runs). */
  cpuMs: number[];
  bytes: number[];
}

/** Draws the public and every seat's picture at every `stride`-th state of `games` seeded games. */
export async function benchPictures(
  engines: readonly AnyEngine[],
  games = 2,
  stride = 4,
): Promise<PictureSamples[]> {
  const samples = new Map<string, PictureSamples>();
  for (const engine of engines) {
    if (!engine.picture) continue;
    const seats = tableOf(Math.max(engine.minPlayers, Math.min(engine.maxPlayers, 4)));
    for (let g = 0; g < games; g++) {
      let step = 0;
      for (const state of playthrough(engine, seats, { seed: `pictures-${g}` })) {
        if (step++ % stride !== 0) continue;
        for (const viewer of [null, ...seats.map((s) => s.id)]) {
          const start = performance.now();
          const picture = engine.picture(engine.view(state, viewer), { viewer });
          if (!picture) continue;
          const cpu = process.cpuUsage();
          const png = await rasterise(picture);
          const ms = performance.now() - start;
          const used = process.cpuUsage(cpu);
          const key = `${engine.id}/${picture.kind}`;
          const entry = samples.get(key) ?? {
            game: engine.id,
            kind: picture.kind,
            ms: [],
            cpuMs: [],
            bytes: [],
          };
          entry.ms.push(ms);
          entry.cpuMs.push((used.user + used.system) / 1000);
          entry.bytes.push(png.length);
          samples.set(key, entry);
        }
      }
    }
  }
  return [...samples.values()];
}
