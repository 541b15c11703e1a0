/**
 * The end of the game reveals everything (ruling R35): where Chapo was each turn, the Hidden
 * board as it stood, the Defenses never played and every Defense use. Built only once the game
 * has a result; before that the views carry none of it (R28-R33 keep their secrets).
 */
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, locName } from './board.ts';
import { effectRule } from './cards.ts';
import type { KpState } from './types.ts';

export interface Reveal {
  /** Chapo's Location at the end of each turn (index 0: where he started), with how he got there. */
  turns: { turn: number; steps: { at: string; how: string }[]; endAt: string | null }[];
  /** Needs and Defenses still Hidden at the end, by Location. */
  hidden: { id: string; name: string; at: string; discs?: number; circles?: number; rule?: string }[];
  /** Defenses the Cartel never played. */
  unplayed: string[];
  /** Every Defense use, in order. */
  uses: { turn: number; name: string; what: string }[];
  /** Where Chapo was at the end. */
  chapoAt: string | null;
  /** Kept only from games saved after the trail was kept. */
  complete: boolean;
}

export function revealOf(s: KpState): Reveal | null {
  if (s.result === null) return null;
  const c = content();
  const trail = s.trail ?? [];
  const turns: Reveal['turns'] = [];
  let at: string | null = null;
  for (let t = 0; t <= s.turn; t++) {
    const steps = trail.filter((x) => x.turn === t).map((x) => ({ at: x.at, how: x.how }));
    at = steps.at(-1)?.at ?? at;
    turns.push({ turn: t, steps, endAt: at });
  }
  const hidden = Object.entries(s.cards)
    .filter(([, x]) => x.zone === 'hidden' && x.at !== null)
    .map(([id, x]) => {
      const need = c.need.get(id);
      const d = c.defense.get(id);
      return {
        id,
        name: cardName(id),
        at: x.at ?? '',
        ...(need ? { discs: x.discs, circles: need.circles } : {}),
        ...(d ? { rule: effectRule(d) } : {}),
      };
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const unplayed = c.defenses.filter((d) => s.cards[d.id]?.zone === 'unplayed').map((d) => d.name);
  const uses = (s.uses ?? []).map((u) => ({ turn: u.turn, name: cardName(u.card), what: u.what }));
  return { turns, hidden, unplayed, uses, chapoAt: s.chapo.at, complete: s.trail !== undefined };
}

const HOW: Record<string, string> = {
  start: 'started at',
  move: 'moved to',
  'free move': 'took a free move to',
  getaway: 'slipped away to',
};

/** Chapo's path, one line per turn. */
export function trailLines(r: Reveal): string[] {
  if (!r.complete) return ['Chapo’s path was not kept for this game (saved before it was recorded).'];
  return r.turns.map((t) => {
    const label = t.turn === 0 ? 'Setup' : `Turn ${t.turn}`;
    if (t.steps.length === 0) return `${label}: stayed at ${locName(t.endAt ?? '')}`;
    return `${label}: ${t.steps.map((x) => `${HOW[x.how] ?? x.how} ${locName(x.at)}`).join(', then ')}`;
  });
}

/** The Hidden board at the end, one line per Location. */
export function hiddenLines(r: Reveal): string[] {
  const places = [...new Set(r.hidden.map((h) => h.at))];
  if (places.length === 0) return ['Nothing was left Hidden.'];
  return places.map(
    (at) =>
      `${at === WITH_CHAPO ? 'With Chapo' : locName(at)}: ${r.hidden
        .filter((h) => h.at === at)
        .map((h) =>
          h.circles !== undefined
            ? `${h.name} (${h.discs ?? 0}/${h.circles})`
            : `${h.name} (${h.rule ?? ''})`,
        )
        .join('; ')}`,
  );
}

/** Every Defense use, and the Defenses never played. */
export function defenseLines(r: Reveal): string[] {
  const uses = r.uses.map((u) => `Turn ${u.turn}: ${u.name}, ${u.what}`);
  return [
    ...(uses.length ? uses : ['No Defense was used.']),
    `Never played: ${r.unplayed.join(', ') || 'none'}.`,
  ];
}

/** The whole reveal as Discord Markdown (no tables): for the debrief. */
export function revealMarkdown(r: Reveal): string[] {
  return [
    '### Where Chapo was',
    ...trailLines(r).map((l) => `- ${l}`),
    '### The Hidden board at the end',
    ...hiddenLines(r).map((l) => `- ${l}`),
    '### Defenses used',
    ...defenseLines(r).map((l) => `- ${l}`),
  ];
}
