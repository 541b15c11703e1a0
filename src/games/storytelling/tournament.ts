/**
 * Seeded whole games between computer storytellers, for `npm run bench` and the level tests:
 * the same seeds at every table size are played by each line-up, so the line-ups differ only
 * by how they play. Besides the win rate it counts the two mistakes issue #30 measured: a
 * crisis that fails while ready for an operation, and a collect onto a crisis already complete.
 * A ready crisis lost untried is a mistake only if a seat could have tried it: an operation
 * needs no card in hand (S5), only a turn, so it counts when that round had a turn spent on
 * neither a first operation against another crisis about to fail nor a collect that kept one
 * from failing.
 */
import type { StoryCards } from './cards.ts';
import { canOperate, storyCards } from './cards.ts';
import { storytelling } from './index.ts';
import { lastChance } from './tactics.ts';
import type { Level, StAction, StState } from './types.ts';
import { LEVELS } from './types.ts';

export interface PlayoutTally {
  victory: boolean;
  steps: number;
  failed: number;
  /** Crises that failed holding their required techniques, with no operation tried on them that round. */
  readyFailed: number;
  /** Of those, the ones a seat had a turn to try (see the file comment): the computer's mistakes. */
  readyFailedInReach: number;
  collects: number;
  /** Collects onto a crisis that already held its required techniques. */
  collectsOnReady: number;
}

/** One seeded game, every seat played by the computer at `levels[i]`. */
export function storyPlayout(seed: string, levels: readonly Level[], rounds = 20): PlayoutTally {
  const cards: StoryCards = storyCards();
  const setup = storytelling.setup({
    players: levels.map((l, i) => ({ id: `cpu:${i}`, name: `Agent ${i + 1}`, computer: l })),
    seed,
    options: { rounds },
  });
  if (!setup.ok) throw new Error(setup.error.message);
  let s: StState = setup.value;
  const tally: PlayoutTally = {
    victory: false,
    steps: 0,
    failed: 0,
    readyFailed: 0,
    readyFailedInReach: 0,
    collects: 0,
    collectsOnReady: 0,
  };
  /** Crises operated on this round, and the turns this round that saved no crisis about to fail. */
  let [tried, spare, round] = [new Set<string>(), 0, s.round];
  while (!s.result) {
    if (s.round !== round) [tried, spare, round] = [new Set(), 0, s.round];
    if (++tally.steps > 5000) throw new Error(`storytelling playout ${seed} did not end`);
    const actor = storytelling.activePlayers(s)[0] ?? '';
    const action = storytelling.computerAction(s, actor);
    if (!action) throw new Error(`storytelling playout ${seed}: ${actor} has no move`);
    if (s.stage?.kind === 'turn' && !savesOne(s, action, tried)) spare++;
    if (action.type === 'operate') tried.add(action.crisis);
    if (action.type === 'collect') {
      tally.collects++;
      const tc = s.table.find((x) => x.card === action.crisis);
      if (tc && canOperate(cards, tc)) tally.collectsOnReady++;
    }
    const r = storytelling.apply(s, actor, action);
    if (!r.ok)
      throw new Error(`storytelling playout ${seed}: ${JSON.stringify(action)} → ${r.error.message}`);
    for (const card of r.value.state.failed.slice(s.failed.length)) {
      const before = s.table.find((x) => x.card === card);
      if (!before || !canOperate(cards, before) || tried.has(card)) continue;
      tally.readyFailed++;
      // A turn that saved nothing could have gone to this crisis (it was ready all round: only a
      // collect adds a technique, and a collect would have kept it from escalating).
      if (spare > 0) [tally.readyFailedInReach, spare] = [tally.readyFailedInReach + 1, spare - 1];
    }
    s = r.value.state;
  }
  tally.victory = s.result.victory;
  tally.failed = s.failed.length;
  return tally;
}

/** A turn that tries a crisis about to fail for the first time this round, or keeps one from failing with a collect. */
function savesOne(s: StState, action: StAction, tried: ReadonlySet<string>): boolean {
  if (action.type !== 'operate' && action.type !== 'collect') return false;
  const tc = s.table.find((x) => x.card === action.crisis);
  if (!tc || !lastChance(s, tc)) return false;
  return action.type === 'collect' || !tried.has(action.crisis);
}

export interface LineUpResult {
  level: Level;
  games: number;
  wins: number;
  /** Wins per table size, 1 to 6 storytellers. */
  bySize: { players: number; games: number; wins: number }[];
  failed: number;
  readyFailed: number;
  readyFailedInReach: number;
  collects: number;
  collectsOnReady: number;
  /** Each game's outcome, in seed order (the same seeds for every level). */
  victories: boolean[];
}

/**
 * Two levels on the same seeds: the games only the upper one won, the games only the lower one
 * won, and the two-sided exact sign test on those (McNemar's exact test): the chance of a split
 * at least this uneven if the levels were equally strong. Games both won or both lost say
 * nothing about which is stronger, which is why a paired count sees a gap a bare difference of
 * win rates leaves in the noise.
 */
export function pairedGap(
  lower: Pick<LineUpResult, 'victories'>,
  upper: Pick<LineUpResult, 'victories'>,
): { onlyUpper: number; onlyLower: number; p: number } {
  let [onlyUpper, onlyLower] = [0, 0];
  upper.victories.forEach((won, i) => {
    if (won && !lower.victories[i]) onlyUpper++;
    if (!won && lower.victories[i]) onlyLower++;
  });
  const m = onlyUpper + onlyLower;
  let [tail, ways] = [0, 1]; // ways: m choose i
  for (let i = 0; i <= Math.min(onlyUpper, onlyLower); i++) {
    tail += ways;
    ways = (ways * (m - i)) / (i + 1);
  }
  return { onlyUpper, onlyLower, p: Math.min(1, (2 * tail) / 2 ** m) };
}

/** `perSize` seeded games at each table size from one to six, for each level's line-up. */
export function storyTournament(perSize: number, prefix = 'story'): LineUpResult[] {
  return LEVELS.map((level) => {
    const out: LineUpResult = {
      level,
      games: 0,
      wins: 0,
      bySize: [],
      failed: 0,
      readyFailed: 0,
      readyFailedInReach: 0,
      collects: 0,
      collectsOnReady: 0,
      victories: [],
    };
    for (let players = 1; players <= 6; players++) {
      let wins = 0;
      for (let i = 0; i < perSize; i++) {
        const t = storyPlayout(`${prefix}-${players}-${i}`, Array<Level>(players).fill(level));
        if (t.victory) wins++;
        out.victories.push(t.victory);
        out.failed += t.failed;
        out.readyFailed += t.readyFailed;
        out.readyFailedInReach += t.readyFailedInReach;
        out.collects += t.collects;
        out.collectsOnReady += t.collectsOnReady;
      }
      out.bySize.push({ players, games: perSize, wins });
      out.games += perSize;
      out.wins += wins;
    }
    return out;
  });
}
