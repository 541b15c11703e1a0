/**
 * The layers read top to bottom (docs/architecture.md): src/main.ts, deploy-commands and
 * src/sandbox drive the bot; src/commands stands on src/bot; src/bot on src/storage and src/games;
 * src/games imports no other folder. Inside src/bot the same rule holds between its layers:
 * app > features > table > discord > kernel. No module, type imports included, may reach itself
 * through its imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each folder and the folders it may import from. */
const MAY_IMPORT: Record<string, string[]> = {
  games: [],
  storage: ['games'],
  bot: ['storage', 'games'],
  commands: ['bot', 'storage', 'games'],
  sandbox: ['commands', 'bot', 'storage', 'games'],
};

/** src/bot's layers, lowest first: each may import only the ones before it. */
const BOT_LAYERS = ['kernel', 'discord', 'table', 'features', 'app'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

const IMPORT = /(?:from|import)\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every module of a tree and the modules it imports (relative imports, types included). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(root))
    graph.set(
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => normalize(join(dirname(file), m[1] ?? ''))),
    );
  return graph;
}

/** The import circles of a graph: its strongly connected components of more than one module. */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.push(w);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const part = (path: string, at: number): string => relative('src', path).split(sep)[at] ?? '';

describe('GIVEN the source tree', () => {
  const graph = importGraph('src');

  it('THEN every folder imports only the folders below it', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const allowed = MAY_IMPORT[part(file, 0)];
      if (!allowed) continue; // src/main.ts, the composition root, stands above every folder
      for (const target of targets)
        if (part(target, 0) !== part(file, 0) && !allowed.includes(part(target, 0)))
          wrong.push(`${file} imports src/${part(target, 0)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('THEN every layer of src/bot imports only the layers below it', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      if (part(file, 0) !== 'bot') continue;
      const layer = BOT_LAYERS.indexOf(part(file, 1));
      expect(layer, `${file} is in no layer of src/bot`).toBeGreaterThanOrEqual(0);
      for (const target of targets)
        if (part(target, 0) === 'bot' && BOT_LAYERS.indexOf(part(target, 1)) > layer)
          wrong.push(`${file} imports ${target}`);
    }
    expect(wrong).toEqual([]);
  });

  it('THEN no module reaches itself through its imports, type imports included', () => {
    expect(circles(graph)).toEqual([]);
  });
});

describe('GIVEN a tree with a circle through a type import', () => {
  it('THEN the circle check names its modules', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
