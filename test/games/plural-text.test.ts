/**
 * Counts read as words a player would write: "1 card", "2 cards", never "card(s)" (issue #28's
 * text slips). Every string the games can show is read from their source with the TypeScript
 * parser, so a "(s)" anywhere in a message, template or phrase fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const ROOT = join(SRC, 'games');
/** The bot's own words too (a review's note, a lobby); the sandbox's messages are for script writers. */
const BOT = join(SRC, 'bot');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The text of every string literal and template piece in a file. */
function strings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('GIVEN every text the games can show', () => {
  it('THEN no count is written as "thing(s)" or "crisis(es)": plural() words it', () => {
    const slips = [...sources(ROOT), ...sources(BOT)].flatMap((file) =>
      strings(file)
        .filter((text) => /[a-z]\((s|es)\)/i.test(text))
        .map((text) => `${file.slice(SRC.length + 1)}: ${text}`),
    );
    expect(slips).toEqual([]);
  });
});
