/**
 * Refusals that teach (issue #18): every error code an engine can return has a rule reference,
 * found by scanning each engine's source, and the registered engines attach it to the error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES, RULE_REFS } from '../../src/games/index.ts';
import { explain, SHARED_CODES } from '../../src/games/rule-refs.ts';
import { parseRulings } from '../../src/games/rulings.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The first argument of a call starting at `open` (the index just after its parenthesis). */
function firstArgument(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(open, i);
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(open, i);
  }
  return text.slice(open);
}

/**
 * Every code in the source: the string literals of each `fail(`/`refuse(`/`refusal(` call's first argument
 * (a conditional names both), and the keys of an `ERROR_CODES` table. A call whose code is not a
 * literal cannot be checked, so it is reported as unresolved rather than skipped.
 */
export function scanCodes(files: string[]): { codes: Set<string>; unresolved: string[] } {
  const codes = new Set<string>();
  const unresolved: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(^|[^\w.])(function\s+)?(fail|refuse|refusal)\s*\(/g)) {
      const arg = firstArgument(text, m.index + m[0].length).trim();
      if (m[2] || /^\w+\s*:/.test(arg) || arg === '') continue; // the helper's own definition
      // In `x === 'a' ? 'code-1' : 'code-2'` only the branches are codes.
      const branches = arg.includes('?') ? arg.slice(arg.indexOf('?') + 1) : arg;
      const literals = [...branches.matchAll(/'([^']+)'|"([^"]+)"/g)].map((l) => l[1] ?? l[2] ?? '');
      if (literals.length === 0) unresolved.push(`${file}: ${arg}`);
      for (const code of literals) codes.add(code);
    }
    const table = /ERROR_CODES\s*=\s*\{([\s\S]*?)\}/.exec(text);
    for (const k of table?.[1]?.matchAll(/['"]?([a-z][a-z0-9-]*)['"]?\s*:/g) ?? []) codes.add(k[1] ?? '');
  }
  return { codes, unresolved };
}

const rulings = (game: string): string => readFileSync(`docs/rules/${game}.md`, 'utf8');

describe('the source scan', () => {
  it('finds a code in a conditional, in a multi-line call and in a code table, and flags a dynamic one', () => {
    const dir = 'test/fixtures/rule-scan';
    const { codes, unresolved } = scanCodes(sources(dir));
    expect([...codes].sort()).toEqual(['from-table', 'multi-line', 'one-way', 'other-way', 'plain']);
    expect(unresolved).toHaveLength(1);
  });
});

describe.each(GAMES.map((g) => [g.id] as const))('rule references of %s', (id) => {
  const refs = RULE_REFS[id];
  const { codes, unresolved } = scanCodes(sources(`src/games/${id}`));

  it('has a rule-refs module registered with the engine', () => {
    expect(refs).toBeDefined();
  });

  it('every fail/refuse call names its code literally, so the scan sees it', () => {
    expect(unresolved).toEqual([]);
    expect(codes.size).toBeGreaterThan(3);
  });

  it('every error code the engine can return has a section and what to do instead', () => {
    const missing = [...codes].filter((c) => !refs?.codes[c]);
    expect(missing).toEqual([]);
    for (const c of codes) {
      const found = refs && explain(refs, c);
      expect(found?.reference.section, c).toMatch(/\w{3}/);
      expect(found?.instead, c).toMatch(/\w{3}.*\.$/);
    }
  });

  it('no reference names a code the engine does not have', () => {
    expect(Object.keys(refs?.codes ?? {}).filter((c) => !codes.has(c))).toEqual([]);
  });

  it('every ruling cited exists in docs/rules', () => {
    const text = rulings(refs?.rulings ?? id);
    for (const [code, ref] of Object.entries(refs?.codes ?? {}))
      if (ref.ruling) expect(text, `${code} cites ${ref.ruling}`).toContain(`**${ref.ruling} `);
  });
});

describe('the shared helpers', () => {
  it('every code of src/games/waits.ts has a reference', () => {
    const { codes } = scanCodes(['src/games/waits.ts']);
    expect([...codes].sort()).toEqual(Object.keys(SHARED_CODES).sort());
  });
});

describe.each(GAMES.map((g) => [g.id, g] as const))('a refusal of %s, as registered', (_id, engine) => {
  it('carries its rulebook section and what to do instead', () => {
    const result = engine.setup({
      players: [],
      options: engine.optionsSchema.parse({}),
      seed: 's',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.reference?.book).toBe(RULE_REFS[engine.id]?.book);
    expect(result.error.reference?.section).toBeTruthy();
    expect(result.error.instead).toMatch(/\.$/);
  });
});

it('Collect It All refusals cite the Collect It All rulebook', () => {
  const cd = GAMES.find((g) => g.id === 'collection-deck');
  const players = [{ id: 'a', name: 'A' }];
  const cia = cd?.setup({ players, options: cd.optionsSchema.parse({}), seed: 's' });
  const ciai = cd?.setup({
    players,
    options: cd.optionsSchema.parse({ edition: 'collect-it-all' }),
    seed: 's',
  });
  expect(cia?.ok === false && cia.error.reference).toMatchObject({
    book: 'Collection Deck (CIA, v4.3, May 2012)',
  });
  expect(ciai?.ok === false && ciai.error.reference).toMatchObject({
    book: 'CIA: Collect It All (2018)',
    section: 'Playing the Game',
  });
});

describe('rulings named in a game’s how-to-play', () => {
  const ranged = GAMES.filter((g) => /\(R1-R\d+\)/.test(g.rulesSummary));
  it('GIVEN the how-to-play texts THEN COLLECTION’s names a range of its rulings', () => {
    expect(ranged.map((g) => g.id)).toContain('collection');
  });
  it.each(ranged.map((g) => [g.id, g] as const))(
    'GIVEN %s THEN the range of rulings its how-to-play names ends at the last ruling of its docs/rules page',
    (id, engine) => {
      const doc = readFileSync(join('docs/rules', `${id}.md`), 'utf8');
      const numbers = parseRulings(doc).flatMap((r) => (/^R\d+$/.test(r.id) ? [Number(r.id.slice(1))] : []));
      for (const m of engine.rulesSummary.matchAll(/\(R1-R(\d+)\)/g))
        expect(Number(m[1])).toBe(Math.max(...numbers));
    },
  );
});
