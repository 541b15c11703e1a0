/**
 * The three blank "redacted" cards of CIA: Collect It All: one technique, one crisis, one reality
 * check. The rulebook removes them at setup ("Initial Setup") and offers them for replacing
 * missing cards or creating your own ("Additional Rules and Clarifications"), so they are never
 * dealt; the card reference and docs/cards.md list them.
 */
import type { RedactedCard } from './schema.ts';

export const REDACTED: readonly RedactedCard[] = [
  {
    kind: 'redacted',
    id: 'X01',
    blankFor: 'technique',
    name: 'Redacted Technique',
    description:
      'A technique card blacked out, as the declassified deck left many. Not dealt: write in a discipline, aspects and a range to replace a lost technique or invent one.',
  },
  {
    kind: 'redacted',
    id: 'X02',
    blankFor: 'crisis',
    name: 'Redacted Crisis',
    description:
      'A crisis whose details are still classified. Not dealt: fill in a name, aspects, a difficulty and the techniques it needs to replace a lost crisis or add your own.',
  },
  {
    kind: 'redacted',
    id: 'X03',
    blankFor: 'reality',
    name: 'Redacted Reality Check',
    description:
      'A reality check with every line struck through. Not dealt: give it an effect to replace a lost reality check or try a house rule.',
  },
];
