/**
 * `npm run stress`: the audit of issue #14 as a script kept in the repository (not part of
 * `npm test`): simultaneous clicks, SIGKILLed bot processes, store faults and fuzzed input.
 * `--json` prints one JSON object per figure; `--quick` runs a smaller version of each;
 * `--only clicks,kills` runs some sections (clicks, kills, faults, evening, fuzz, records; args.ts:
 * a misspelt flag or section is refused); STRESS_SEED
 * changes the seed of the kills and the fuzz. Exits 1 when any failure column is above zero.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clicks } from './clicks.ts';
import { evening } from './evening.ts';
import { storeFaults } from './faults.ts';
import { fuzz } from './fuzz.ts';
import { kills } from './kills.ts';
import { printFigures, type Figure } from './figures.ts';
import { records, storeTargets } from './records.ts';
import { parseStressArgs, SECTIONS, type Section, type StressArgs } from './args.ts';

let parsed: StressArgs;
try {
  parsed = parseStressArgs(process.argv.slice(2));
} catch (err) {
  process.stderr.write(
    `${err instanceof Error ? err.message : String(err)}\nUsage: npm run stress -- [--quick] [--json] [--only ${SECTIONS.join(',')}]\n`,
  );
  process.exit(2);
}
const { json, quick, only } = parsed;
const wanted = (section: Section) => !only || only.has(section);
const note = (line: string) => {
  if (!json) process.stderr.write(`${line}\n`);
};

const seed = Number(process.env['STRESS_SEED'] ?? 14);
const dir = mkdtempSync(join(tmpdir(), 'tradecraft-stress-'));
const sqlite = (name: string) => `sqlite://${join(dir, `${name}.sqlite`)}`;
const figures: Figure[] = [];
const started = performance.now();
const timed = async (section: Section, run: () => Promise<Figure[]>) => {
  if (!wanted(section)) return;
  const t0 = performance.now();
  note(`${section}…`);
  figures.push(...(await run()));
  note(`${section} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

try {
  await timed('clicks', () =>
    clicks({ channels: quick ? 20 : 100, perChannel: 10, storeUrl: sqlite('clicks') }),
  );
  await timed('kills', () => kills({ kills: quick ? 6 : 28, channels: 4, seed, storeUrl: sqlite('kills') }));
  await timed('faults', () => storeFaults({ perKind: quick ? 5 : 25, storeUrl: sqlite('faults') }));
  await timed('evening', () => evening({ tables: quick ? 20 : 100, seed, storeUrl: sqlite('evening') }));
  await timed('fuzz', () => fuzz({ interactions: quick ? 1_000 : 10_000, seed, batch: 25 }));
  await timed('records', async () => records({ targets: await storeTargets(dir), quick }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

note(`all done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
printFigures(figures, json);
const failed = figures.filter((f) => f.failure && f.value > 0);
process.exit(failed.length ? 1 : 0);
