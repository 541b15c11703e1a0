/**
 * The card reference: every Collection Deck card in full, so a newcomer can read what a card
 * does before playing it (\`/collection-deck card name:\`). Public information, like the rulebook.
 */
import type { Autocomplete, CardReference } from '../contract.ts';
import { counterHits, redactedCards } from './cards/index.ts';
import type { CardIndex } from './cardset.ts';
import { aspectWord } from './picture-style.ts';
import { plural } from '../text.ts';

const aspects = (codes: readonly string[]): string => codes.map(aspectWord).join(', ');

/** The text a choice shows: a Manager Challenge's question tells the twelve copies apart. */
function choiceName(cards: CardIndex, id: string): string {
  const card = cards.byId.get(id);
  if (!card) return id;
  const question =
    card.kind === 'reality' && card.effect.type === 'manager-challenge' ? card.effect.question : undefined;
  const kind =
    card.kind === 'technique' ? card.discipline : card.kind === 'crisis' ? 'crisis' : 'reality check';
  return `${card.name} (${kind})${question ? ` — ${question}` : ''}`.slice(0, 100);
}

export function cardReference(cards: CardIndex): CardReference {
  return {
    search(typed: string): Autocomplete[] {
      const needle = typed.trim().toLowerCase();
      const seen = new Set<string>();
      const out: Autocomplete[] = [];
      const blanks = redactedCards();
      const choices = [
        ...[...cards.byId.keys()].map((id) => ({ id, name: choiceName(cards, id) })),
        ...blanks.map((b) => ({ id: b.id, name: `${b.name} (blank, not dealt)` })),
      ];
      for (const { id, name } of choices) {
        // Copies of a card share a name and text: list each once.
        if (seen.has(name) || (needle && !name.toLowerCase().includes(needle))) continue;
        seen.add(name);
        out.push({ name, value: id });
        if (out.length === 25) break;
      }
      return out;
    },
    show(id: string) {
      const card = cards.byId.get(id);
      const blank = card ? undefined : redactedCards().find((b) => b.id === id);
      if (blank)
        return {
          title: blank.name,
          text: [
            `**Blank ${blank.blankFor === 'reality' ? 'reality check' : blank.blankFor}** · removed at setup, never dealt`,
            blank.description,
          ].join('\n'),
        };
      if (!card) return null;
      switch (card.kind) {
        case 'technique': {
          // The traits decide which counters reach it: name them, and the counters themselves.
          const counters = [
            ...new Set(cards.set.realityChecks.filter((r) => counterHits(r, card)).map((r) => r.name)),
          ];
          const notes = [
            ...card.notAffectedBy.map((n) => `Not affected by ${n}.`),
            ...(card.onlyTargets ? [`Can only target ${card.onlyTargets.join(' or ')} crises.`] : []),
            ...(card.tags.includes('satellite') ? ['🛰 A satellite technique.'] : []),
            card.tags.length > 0
              ? `Traits: ${card.tags.join(', ')} (counters aimed at these reach it).`
              : 'Traits: none (only counters of its discipline or of any technique reach it).',
            `Countered by: ${counters.join(', ') || 'nothing'}.`,
          ];
          return {
            title: card.name,
            text: [
              `**${card.discipline}** technique · covers ${aspects(card.aspects)} · difficulty ${card.range.min}-${card.range.max}`,
              card.description,
              ...notes.map((n) => `- ${n}`),
            ].join('\n'),
          };
        }
        case 'crisis':
          return {
            title: card.name,
            text: [
              `**Crisis** (${card.crisisKind}) · ${plural(card.techniquesRequired, 'point')}, needs ${plural(card.techniquesRequired, 'technique')} · aspects ${aspects(card.aspects)} · difficulty ${card.difficulty}`,
              card.description,
            ].join('\n'),
          };
        case 'reality':
          return { title: card.name, text: [`**Reality check**`, card.description].join('\n') };
      }
    },
  };
}
