/**
 * Computer storytellers (ruling S17): three levels, seeded positions where the old computer went
 * wrong, the reason each gives in the review, and the ladder over the same seeded games.
 */
import { describe, expect, it } from 'vitest';
import { storyCards, fitsCrisis, isHelpful } from '../../../src/games/storytelling/cards.ts';
import { COMPUTER_STRATEGIES, computerDecision } from '../../../src/games/storytelling/computer.ts';
import { SOLO_NOTE } from '../../../src/games/storytelling/index.ts';
import { pairedGap, storyTournament } from '../../../src/games/storytelling/tournament.ts';
import type { StState, TableCrisis } from '../../../src/games/storytelling/types.ts';
import { arranged, crisisNeeding, disciplineOf, engine, fitting, onTable } from './fixtures.ts';

const as = (s: StState, level: string): StState => {
  const t = structuredClone(s);
  t.seats[0]!.computer = level;
  return t;
};

/** `ready` holds its one required technique and has escalated twice; `short` needs two and escalated once. */
function readyAboutToFail(): { s: StState; ready: string; short: string } {
  const ready = crisisNeeding(1);
  const short = crisisNeeding(2);
  const placed = fitting(ready)[0]!;
  const hand = fitting(short)
    .filter((t) => t !== placed)
    .slice(0, 2);
  const a: TableCrisis = {
    ...onTable(ready),
    escalations: 2,
    techniques: [{ card: placed, by: 1, round: 1 }],
  };
  const b: TableCrisis = { ...onTable(short), escalations: 1 };
  return { s: arranged(hand, [b, a]), ready, short };
}

describe('GIVEN the lobby menu (S17)', () => {
  it('THEN it offers three levels with the Case officer first, the default and the stand-in', () => {
    expect(COMPUTER_STRATEGIES.map((c) => c.name)).toEqual(['Case officer', 'Station chief', 'Rookie']);
    expect(engine.computerStrategies[0]?.id).toBe('case-officer');
  });
});

describe('GIVEN a ready crisis that escalated twice and a short crisis the hand fits (S17)', () => {
  it('WHEN the Case officer or the Station chief plays THEN it operates on the ready crisis rather than collecting', () => {
    const { s, ready } = readyAboutToFail();
    for (const level of ['case-officer', 'station-chief']) {
      const move = engine.computerAction(as(s, level), 'p0');
      expect(move, level).toMatchObject({ type: 'operate', crisis: ready });
    }
  });

  it('THEN the review gives the reason in the game’s terms', () => {
    const { s, ready } = readyAboutToFail();
    const move = engine.computerAction(s, 'p0')!;
    const why = engine.explainAlternative?.(s, 'p0', move, { type: 'redraw', cards: [] }) ?? '';
    const name = storyCards().index.byId.get(ready)!.name;
    expect(why).toContain(name);
    expect(why).toContain('would fail at the round end');
  });
});

describe('GIVEN two ready crises about to fail, one already operated on this round without success (S17)', () => {
  it('WHEN the Station chief plays THEN it moves against the other one, so both get their chance', () => {
    const a = crisisNeeding(1);
    const b = crisisNeedingOther(a);
    const ta = fitting(a)[0]!;
    const tb = fitting(b).find((t) => t !== ta)!;
    const s = as(
      arranged(
        [],
        [
          { ...onTable(a), escalations: 2, techniques: [{ card: ta, by: 1, round: 1 }] },
          { ...onTable(b), escalations: 2, techniques: [{ card: tb, by: 1, round: 1 }] },
        ],
      ),
      'station-chief',
    );
    expect(engine.computerAction(s, 'p0')).toMatchObject({ type: 'operate', crisis: a });
    s.story.push({ round: s.round, by: 1, kind: 'approach', text: 'We went in.', bot: false, crisis: a });
    expect(engine.computerAction(s, 'p0')).toMatchObject({ type: 'operate', crisis: b });
  });
});

/** Two Station chiefs play the tournament's seeded game `seed` until round `round` opens. */
function seededRoundStart(seed: string, round: number): StState {
  const r = engine.setup({
    players: [0, 1].map((i) => ({ id: `cpu:${i}`, name: `Agent ${i + 1}`, computer: 'station-chief' })),
    seed,
    options: { rounds: 20 },
  });
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value;
  while (!(s.round === round && s.stage?.kind === 'turn') && !s.result) {
    const actor = engine.activePlayers(s)[0]!;
    const applied = engine.apply(s, actor, engine.computerAction(s, actor)!);
    if (!applied.ok) throw new Error(applied.error.message);
    s = applied.value.state;
  }
  return s;
}

describe('GIVEN round 4 of the seeded two-seat game story-2-2, a real loss of the old Station chief (S17)', () => {
  // Two crises at their last escalation, each one technique short, and South China Sea Island
  // Building ready at one escalation. The old chief saved both short crises with collects; next
  // round three crises were about to fail against two turns, and Russian Cryptocurrency Affair
  // failed ready and untried: the second failure, defeat.
  const s = seededRoundStart('story-2-2', 4);
  const name = (id: string) => storyCards().index.byId.get(id)!.name;
  const shape = (id: string) => {
    const tc = s.table.find((x) => x.card === id)!;
    return [tc.techniques.length, tc.escalations];
  };

  it('THEN the table is the one the old chief lost from', () => {
    expect(s.table.map((tc) => tc.card)).toEqual(['C03', 'C16', 'C36']);
    expect([shape('C03'), shape('C16'), shape('C36')]).toEqual([
      [1, 2],
      [2, 1],
      [1, 2],
    ]);
  });

  it('WHEN the Station chief plays THEN it tries the ready crisis now, and the review says why', () => {
    const seat = s.seats[s.stage!.seat]!.id;
    const move = engine.computerAction(s, seat)!;
    expect(move).toMatchObject({ type: 'operate', crisis: 'C16' });
    // The review of a player who made the old chief's move (Dead Drop onto the short crisis).
    const old = { type: 'collect', technique: 'T16', crisis: 'C03' } as const;
    const why = engine.explainAlternative?.(s, seat, move, old) ?? '';
    expect(why).toContain(name('C16'));
    expect(why).toContain('next round 3 crises would open about to fail against 2 turns');
    expect(why).toContain(`beats saving ${name('C03')}`);
  });

  it('WHEN a Case officer sits there THEN it takes the same decision', () => {
    const t = structuredClone(s);
    for (const x of t.seats) x.computer = 'case-officer';
    expect(engine.computerAction(t, t.seats[t.stage!.seat]!.id)).toMatchObject({
      type: 'operate',
      crisis: 'C16',
    });
  });
});

/** Another crisis needing one technique. */
function crisisNeedingOther(not: string): string {
  const found = storyCards().index.set.crises.find(
    (c) => c.id !== not && c.techniquesRequired === 1 && fitting(c.id).length > 0,
  );
  if (!found) throw new Error('no second crisis');
  return found.id;
}

describe('GIVEN a complete crisis that escalated once and a short, fresh one, both fitting the hand (S17)', () => {
  it('WHEN the Case officer plays THEN it moves against the complete crisis instead of collecting onto it', () => {
    const ready = crisisNeeding(1);
    const short = crisisNeeding(2);
    const placed = fitting(ready)[0]!;
    const spare = fitting(ready).find((t) => disciplineOf(t) !== disciplineOf(placed))!;
    const other = fitting(short).find((t) => t !== placed && t !== spare)!;
    const a: TableCrisis = {
      ...onTable(ready),
      escalations: 1,
      techniques: [{ card: placed, by: 1, round: 1 }],
    };
    const s = arranged([spare, other], [a, onTable(short)]);
    const move = engine.computerAction(as(s, 'case-officer'), 'p0');
    expect(move).toMatchObject({ type: 'operate', crisis: ready });
  });
});

describe('GIVEN a crisis about to fail that a technique fits only with a helper card (S17)', () => {
  it('WHEN the Station chief plays THEN it puts the helper on the crisis first, then collects', () => {
    const cards = storyCards();
    const helpers = cards.index.set.realityChecks.filter(isHelpful).map((r) => r.id);
    let found: { crisis: string; technique: string; helper: string } | null = null;
    for (const c of cards.index.set.crises) {
      if (c.techniquesRequired < 2 || found) continue;
      for (const t of cards.index.set.techniques) {
        if (found || fitsCrisis(cards, t.id, onTable(c.id))) continue;
        const helper = helpers.find((h) =>
          fitsCrisis(cards, t.id, { ...onTable(c.id), checks: [{ card: h, by: 0 }] }),
        );
        if (helper) found = { crisis: c.id, technique: t.id, helper };
      }
    }
    expect(found).not.toBeNull();
    const { crisis, technique, helper } = found!;
    let s = as(arranged([technique, helper], [{ ...onTable(crisis), escalations: 2 }]), 'station-chief');
    const first = computerDecision(cards, s, 'p0');
    expect(first?.action).toEqual({ type: 'help', card: helper, crisis });
    const applied = engine.apply(s, 'p0', first!.action);
    if (!applied.ok) throw new Error(applied.error.message);
    s = applied.value.state;
    expect(engine.computerAction(s, 'p0')).toEqual({ type: 'collect', technique, crisis });
  });
});

describe('GIVEN the same seeded games for each level’s table (S17, bench storytelling)', () => {
  it('THEN the Station chief wins more than the Case officer, which wins more than the Rookie, and the chief wins alone sometimes', () => {
    const [rookie, officer, chief] = storyTournament(8, 'levels-test');
    expect(chief!.wins).toBeGreaterThan(officer!.wins);
    expect(officer!.wins).toBeGreaterThan(rookie!.wins);
    // On the same seeds: more games won only by the level above than only by the one below.
    const upper = pairedGap(officer!, chief!);
    expect(upper.onlyUpper).toBeGreaterThan(upper.onlyLower);
    expect(pairedGap(rookie!, officer!).p).toBeLessThan(0.001);
    expect(chief!.bySize[0]!.wins).toBeGreaterThan(0);
    // Nobody collects onto a crisis already complete, and the chief leaves fewer ready crises to fail.
    for (const r of [officer!, chief!]) expect(r.collectsOnReady).toBe(0);
    expect(chief!.readyFailed).toBeLessThanOrEqual(officer!.readyFailed);
    // No ready crisis fails untried while a seat had a turn to try it; the Rookie's first-fit collects do that.
    for (const r of [officer!, chief!]) expect(r.readyFailedInReach).toBe(0);
    expect(rookie!.readyFailedInReach).toBeGreaterThan(0);
  });
});

describe('GIVEN a lobby with one storyteller (S18)', () => {
  it('THEN the lobby note says solo play is much harder and how to add a partner; with two it says nothing', () => {
    const one = engine.lobbyNote?.([{ id: 'a', name: 'A' }]);
    expect(one).toBe(SOLO_NOTE);
    expect(one).toContain('much harder');
    expect(
      engine.lobbyNote?.([
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B', computer: 'case-officer' },
      ]),
    ).toBeNull();
  });
});

describe('GIVEN two levels’ outcomes on the same seeds (bench storytelling_level_gap_p)', () => {
  /** One letter a game: W won, L lost. */
  const games = (record: string) => ({ victories: [...record].map((c) => c === 'W') });

  it('THEN only the games one level won and the other lost count, with the exact sign test on them', () => {
    // 10 games only the upper won, 2 only the lower, 5 both won, 3 both lost: p = 2 × 79 / 4096.
    const lower = games('LLLLLLLLLLWWWWWWWLLL');
    const upper = games('WWWWWWWWWWLLWWWWWLLL');
    const gap = pairedGap(lower, upper);
    expect(gap).toMatchObject({ onlyUpper: 10, onlyLower: 2 });
    expect(gap.p).toBeCloseTo((2 * 79) / 4096, 10);
    expect(pairedGap(lower, lower)).toEqual({ onlyUpper: 0, onlyLower: 0, p: 1 });
  });
});
