/** How varied the bot's story lines are over seeded computer games (issue 30's narration). */
import { storyCards } from '../../../src/games/storytelling/cards.ts';
import { storytelling } from '../../../src/games/storytelling/index.ts';
import type { StState } from '../../../src/games/storytelling/types.ts';
import { APPROACH_NAMES } from '../../../src/games/storytelling/types.ts';

export interface Variety {
  lines: number;
  /** Lines repeated word for word within their own game. */
  repeatedInGame: number;
  /** Distinct lines once every card and approach name is blanked out, over all lines (1 = never the same sentence). */
  skeletonRatio: number;
  /** The most frequent skeleton's share of the lines. */
  topSkeletonShare: number;
}

export function seededStory(seed: string, players = 3): StState {
  const r = storytelling.setup({
    players: Array.from({ length: players }, (_, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      computer: 'case-officer',
    })),
    seed,
    options: { rounds: 20 },
  });
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value;
  for (let i = 0; i < 5000 && !s.result; i++) {
    const p = storytelling.activePlayers(s)[0] ?? '';
    const a = storytelling.apply(s, p, storytelling.computerAction(s, p) ?? { type: 'tell' });
    if (!a.ok) throw new Error(a.error.message);
    s = a.value.state;
  }
  return s;
}

export function narrationVariety(games: number): Variety {
  const cards = storyCards();
  const names = [...[...cards.index.byId.values()].map((c) => c.name), ...Object.values(APPROACH_NAMES)].sort(
    (a, b) => b.length - a.length,
  );
  const skeletons = new Map<string, number>();
  let lines = 0;
  let repeatedInGame = 0;
  for (let g = 0; g < games; g++) {
    const s = seededStory(`narration-${g}`);
    const seen = new Set<string>();
    for (const l of s.story.filter((x) => x.bot)) {
      lines++;
      if (seen.has(l.text)) repeatedInGame++;
      seen.add(l.text);
      let k = l.text;
      for (const n of names) k = k.split(n).join('X');
      k = k.replace(/\d+/g, 'N');
      skeletons.set(k, (skeletons.get(k) ?? 0) + 1);
    }
  }
  const top = Math.max(...skeletons.values());
  return { lines, repeatedInGame, skeletonRatio: skeletons.size / lines, topSkeletonShare: top / lines };
}
