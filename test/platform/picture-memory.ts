/**
 * Run by picture-memory.test.ts in a child process of its own, so its RSS is the pool's: one
 * worker draws `count` Collection Deck fields, all asked for at once, and the RSS growth from
 * after the first picture to after the last is printed in MiB.
 */
import { PicturePool } from '../../src/bot/discord/pictures.ts';
import { sampleStates } from '../../src/games/picture-samples.ts';

const count = Number(process.argv[2] ?? 60);
const picture = sampleStates().cd.picture(null);
if (!picture) throw new Error('no sample picture');
const pool = new PicturePool(1);
await pool.draw(picture);
const before = process.memoryUsage().rss;
await Promise.all(Array.from({ length: count }, () => pool.draw(picture)));
const grew = (process.memoryUsage().rss - before) / 2 ** 20;
await pool.close();
console.log(`grew ${grew.toFixed(1)} MiB over ${count} pictures of ${picture.width}x${picture.height}`);
