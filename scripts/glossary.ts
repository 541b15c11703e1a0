/** Writes docs/glossary.md from src/games/glossary (the test fails when they differ). */
import { writeFileSync } from 'node:fs';
import { glossaryMarkdown } from '../src/games/glossary/index.ts';
import { GAMES } from '../src/games/index.ts';

writeFileSync('docs/glossary.md', glossaryMarkdown(GAMES));
