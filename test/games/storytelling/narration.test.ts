/**
 * The bot's story lines (ruling S19): built from the cards on the table, varied, and the same
 * on a replay. Before issue 30 a computer table repeated stock sentences (one sentence shape was
 * almost a fifth of all bot lines, and lines recurred word for word within a game).
 */
import { describe, expect, it } from 'vitest';
import { storyCards } from '../../../src/games/storytelling/cards.ts';
import { botLine } from '../../../src/games/storytelling/lines.ts';
import type { TableCrisis } from '../../../src/games/storytelling/types.ts';
import { arranged, crisisNeeding, disciplineOf, fitting, onTable } from './fixtures.ts';
import { narrationVariety, seededStory } from './narration-measure.ts';

describe('GIVEN seeded computer tables (S19)', () => {
  it('THEN no bot line repeats within its game and no sentence shape dominates the story', () => {
    const v = narrationVariety(8);
    expect(v.lines).toBeGreaterThan(200);
    expect(v.repeatedInGame).toBe(0);
    expect(v.topSkeletonShare).toBeLessThan(0.05);
    expect(v.skeletonRatio).toBeGreaterThan(0.35);
  });

  it('THEN the same seed writes the same story, word for word', () => {
    expect(seededStory('replay-1').story).toEqual(seededStory('replay-1').story);
  });
});

describe('GIVEN a crisis with techniques on it (S19)', () => {
  const ready = crisisNeeding(2);
  const [first, ...rest] = fitting(ready);
  const second = rest.find((t) => disciplineOf(t) !== disciplineOf(first!))!;
  const tc: TableCrisis = {
    ...onTable(ready),
    techniques: [
      { card: first!, by: 0, round: 1 },
      { card: second, by: 1, round: 1 },
    ],
  };
  const cards = storyCards();
  const name = (id: string) => cards.index.byId.get(id)!.name;

  it('WHEN the bot describes an operation THEN it builds on the techniques collected on that crisis', () => {
    const s = arranged([], [tc]);
    const line = botLine(cards, s, {
      kind: 'tell',
      id: 99,
      seat: 0,
      tell: 'approach',
      crisis: ready,
      context: { approach: 'sanctions' },
    });
    expect(line).toContain(name(ready));
    expect(line).toContain(name(first!));
    expect(line).toContain(name(second));
  });

  it('WHEN the bot tells what was learned THEN it says how far the file is from an operation', () => {
    const s = arranged([], [tc]);
    const line = botLine(cards, s, {
      kind: 'tell',
      id: 100,
      seat: 0,
      tell: 'learned',
      crisis: ready,
      context: { technique: second },
    });
    expect(line).toContain(name(second));
    expect(line).toContain('ready for an operation');
  });
});
