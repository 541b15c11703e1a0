/**
 * Reading the tradecraft glossary (entries in entries.ts): lookup, autocomplete, the terms a
 * text uses (for the "Glossary:" line of private views) and docs/glossary.md.
 */
import type { GlossaryEntry } from './entries.ts';
import { GLOSSARY } from './entries.ts';

export { GLOSSARY, NOT_TRADECRAFT, type GlossaryEntry } from './entries.ts';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (e: GlossaryEntry): string[] => [e.term, ...(e.aliases ?? [])];

/** The entry whose term or alias is `word` (case-insensitive), or undefined. */
export function glossaryEntry(word: string): GlossaryEntry | undefined {
  const w = word.trim().toLowerCase();
  return GLOSSARY.find((e) => e.id === w || words(e).some((x) => x.toLowerCase() === w));
}

/** Autocomplete: entries whose term or alias contains what was typed, at most 25. */
export function searchGlossary(typed: string): { name: string; value: string }[] {
  const t = typed.trim().toLowerCase();
  return GLOSSARY.filter((e) => words(e).some((x) => x.toLowerCase().includes(t)))
    .slice(0, 25)
    .map((e) => ({ name: e.term, value: e.id }));
}

/** Terms a text uses, in glossary order: an acronym matches in capitals only, a word in any case. */
export function termsIn(text: string, game?: string): GlossaryEntry[] {
  return GLOSSARY.filter(
    (e) =>
      (game === undefined || e.games.includes(game)) &&
      words(e).some((w) => {
        const acronym = w === w.toUpperCase();
        return new RegExp(`(^|[^\\w-])${escape(w)}(?![\\w-])`, acronym ? '' : 'i').test(text);
      }),
  );
}

/** One line for a private view: "Glossary: HUMINT, Reality check — /game glossary term:". */
export function glossaryLine(text: string, game: string): string | null {
  const found = termsIn(text, game);
  if (found.length === 0) return null;
  return `📚 Glossary: ${found.map((e) => e.term).join(', ')} — \`/game glossary term:\``;
}

/** docs/glossary.md, generated from GLOSSARY. */
export function glossaryMarkdown(): string {
  const rows = [...GLOSSARY]
    .sort((a, b) => a.term.localeCompare(b.term))
    .map((e) => {
      const also = e.aliases?.length ? ` (also: ${e.aliases.join(', ')})` : '';
      return `- **${e.term}**${also}: ${e.definition} — *${e.source}*; games: ${e.games.join(', ')}.`;
    });
  return [
    '# Glossary',
    '',
    'The tradecraft words the games use, as `/game glossary term:` explains them. Generated from',
    '`src/games/glossary/entries.ts` by `npx tsx scripts/glossary.ts`; `test/games/glossary.test.ts` checks it.',
    '',
    ...rows,
    '',
  ].join('\n');
}
