/**
 * Reading the tradecraft glossary (entries in entries.ts): lookup, autocomplete, the terms a
 * text uses (for the "Glossary:" line of private views) and docs/glossary.md. Which games use
 * which entry comes from the games themselves (their `glossary` ids), passed in here.
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

/** A game as the glossary sees it: its id and the entries it uses. */
export interface GlossaryUser {
  id: string;
  glossary?: readonly string[] | undefined;
}

/** The ids of the games using an entry, in the games' order. */
export const gamesUsing = (entry: GlossaryEntry, games: readonly GlossaryUser[]): string[] =>
  games.filter((g) => g.glossary?.includes(entry.id)).map((g) => g.id);

/**
 * Terms a text uses, in glossary order: an acronym matches in capitals only, a word in any case.
 * With `only`, just those entries (a game's `glossary`).
 */
export function termsIn(text: string, only?: readonly string[]): GlossaryEntry[] {
  return GLOSSARY.filter(
    (e) =>
      (only === undefined || only.includes(e.id)) &&
      words(e).some((w) => {
        const acronym = w === w.toUpperCase();
        return new RegExp(`(^|[^\\w-])${escape(w)}(?![\\w-])`, acronym ? '' : 'i').test(text);
      }),
  );
}

/** One line for a private view of `game`: "Glossary: HUMINT, Reality check — /game glossary term:". */
export function glossaryLine(text: string, game: GlossaryUser): string | null {
  const found = termsIn(text, game.glossary ?? []);
  if (found.length === 0) return null;
  return `📚 Glossary: ${found.map((e) => e.term).join(', ')} — \`/game glossary term:\``;
}

/** docs/glossary.md, generated from GLOSSARY and the registered games. */
export function glossaryMarkdown(games: readonly GlossaryUser[]): string {
  const rows = [...GLOSSARY]
    .sort((a, b) => a.term.localeCompare(b.term))
    .map((e) => {
      const also = e.aliases?.length ? ` (also: ${e.aliases.join(', ')})` : '';
      return `- **${e.term}**${also}: ${e.definition} — *${e.source}*; games: ${gamesUsing(e, games).join(', ')}.`;
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
