/**
 * The layers read top to bottom (docs/architecture.md): src/main.ts, deploy-commands and
 * src/sandbox drive the bot; src/commands stands on src/bot; src/bot on src/storage and src/games;
 * src/games imports no other folder. A folder importing one above it would be a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each folder and the folders it may import from. */
const MAY_IMPORT: Record<string, string[]> = {
  games: [],
  storage: ['games'],
  bot: ['storage', 'games'],
  commands: ['bot', 'storage', 'games'],
  sandbox: ['commands', 'bot', 'storage', 'games'],
};

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

const IMPORT = /(?:from|import)\s+['"](\.{1,2}\/[^'"]+)['"]/g;

describe('GIVEN the source tree', () => {
  it('THEN every folder imports only the folders below it', () => {
    const wrong: string[] = [];
    for (const file of files('src')) {
      const folder = relative('src', file).split(sep)[0] ?? '';
      const allowed = MAY_IMPORT[folder];
      if (!allowed) continue; // src/main.ts, the composition root, stands above every folder
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = relative('src', normalize(join(file, '..', m[1] ?? ''))).split(sep)[0] ?? '';
        if (target !== folder && !allowed.includes(target)) wrong.push(`${file} imports src/${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
