/** Every rule of the rulebook and every ruling of docs/rules/collection.md, through apply(). */
import { describe, expect, it } from 'vitest';
import { collection } from '../../../src/games/collection/index.ts';
import type { ColState } from '../../../src/games/collection/types.ts';
import { apply, QUIET_DECK, refused, table } from './helpers.ts';

const PME = ['political', 'military', 'economic'] as const;
const quiet = (dice: number[] = []) =>
  table([...PME], { deck: QUIET_DECK, dice, scenarios: ['S02', 'S01', 'S03'] });
const at = (
  s: ColState,
  seat: number,
  scenario: 'A' | 'B' | 'C',
  collector: 'DH' | 'DO' | 'NGA' | 'NSA' | 'OSE' | 'STATE',
) => {
  s.seats[seat]!.at = { scenario, collector };
};
const open = (s: ColState, letter: 'B' | 'C', card: string) => {
  const sc = s.scenarios.find((x) => x.letter === letter)!;
  sc.card = card;
  sc.crisis = 1;
};

describe('set up (rulebook 3)', () => {
  it('GIVEN a new game THEN Scenario A is open at crisis 1 with the top scenario card and B and C are closed (R20)', () => {
    const s = quiet();
    expect(s.scenarios.map((x) => [x.letter, x.card, x.crisis])).toEqual([
      ['A', 'S02', 1],
      ['B', null, 0],
      ['C', null, 0],
    ]);
    expect(s.deck).toHaveLength(80);
  });

  it('GIVEN no arranged roles THEN the game opens with the role draft and its default takes the first open role (R1, R16)', () => {
    const players = [0, 1, 2].map((i) => ({ id: `p${i}`, name: `P${i}` }));
    const r = collection.setup({ players, options: {}, seed: 's' });
    if (!r.ok) throw new Error();
    const w = collection.waits(r.value);
    expect(w[0]?.default).toEqual({ type: 'role', role: 'political' });
    const taken = apply(r.value, 'p0', { type: 'role', role: 'economic' }).state;
    expect(refused(collection.apply(taken, 'p1', { type: 'role', role: 'economic' })).code).toBe(
      'role-unavailable',
    );
  });
});

describe('moving (rulebook 6, R2, R3)', () => {
  it('GIVEN R2: an analyst off the board THEN the first Move goes to any space of an open scenario, and Engage first is refused', () => {
    const s = quiet();
    const e = refused(collection.apply(s, 'p0', { type: 'engage' }));
    expect(e.code).toBe('not-on-board');
    expect(e.rule).toMatch(/R2/);
    const moved = apply(s, 'p0', { type: 'move', scenario: 'A', collector: 'STATE' }).state;
    expect(moved.seats[0]!.at).toEqual({ scenario: 'A', collector: 'STATE' });
  });

  it('GIVEN R3: a Move to a closed scenario THEN it is refused, saying what opens it', () => {
    const e = refused(collection.apply(quiet(), 'p0', { type: 'move', scenario: 'B', collector: 'DO' }));
    expect(e.code).toBe('inactive-scenario');
    expect(e.message).toMatch(/Crisis Expansion/);
  });

  it('GIVEN an analyst on DO in A THEN NSA in A and DO in B are one Move away, NSA in B is not', () => {
    const s = quiet();
    open(s, 'B', 'S01');
    at(s, 0, 'A', 'DO');
    expect(
      apply(s, 'p0', { type: 'move', scenario: 'A', collector: 'NSA' }).state.seats[0]!.at?.collector,
    ).toBe('NSA');
    expect(
      apply(s, 'p0', { type: 'move', scenario: 'B', collector: 'DO' }).state.seats[0]!.at?.scenario,
    ).toBe('B');
    const e = refused(collection.apply(s, 'p0', { type: 'move', scenario: 'B', collector: 'NSA' }));
    expect(e.code).toBe('not-adjacent');
    expect(e.rule).toMatch(/6 Sequence of Play/);
  });
});

describe('engaging (rulebook 6.1, Annex 1, R4)', () => {
  it('GIVEN the first gem on a space THEN the coin goes on the response ladder at min(crisis, 3)', () => {
    const s = quiet();
    s.scenarios[0]!.crisis = 5;
    at(s, 0, 'A', 'DO');
    const after = apply(s, 'p0', { type: 'engage' });
    expect(after.state.scenarios[0]!.spaces.DO).toEqual({
      gems: { political: 1, military: 0, economic: 0 },
      coin: 3,
    });
    expect(after.announce.join('\n')).toMatch(/coin goes on the response ladder at 3/);
  });

  it('GIVEN a Political Analyst trying a red gem THEN it is refused by Annex 1', () => {
    const s = quiet();
    at(s, 0, 'A', 'DO');
    const e = refused(collection.apply(s, 'p0', { type: 'engage', colour: 'military' }));
    expect(e.code).toBe('wrong-colour');
    expect(e.rule).toMatch(/Annex 1/);
  });

  it('GIVEN R4: a Military Analyst on STATE (political and economic) THEN engaging is refused: the space has no red affinity', () => {
    const s = quiet();
    at(s, 1, 'A', 'STATE');
    s.stage = { kind: 'act', seat: 1, actionsLeft: 2, extraDice: 0 };
    const e = refused(collection.apply(s, 'p1', { type: 'engage' }));
    expect(e.code).toBe('no-affinity');
    expect(e.rule).toMatch(/R4/);
  });

  it('GIVEN a generalist engaging without a colour THEN it is told to name one (R17)', () => {
    const s = table(['political', 'military', 'economic', 'collection'], { deck: QUIET_DECK });
    at(s, 3, 'A', 'DO');
    s.stage = { kind: 'act', seat: 3, actionsLeft: 2, extraDice: 0 };
    expect(refused(collection.apply(s, 'p3', { type: 'engage' })).code).toBe('colour-needed');
    expect(
      apply(s, 'p3', { type: 'engage', colour: 'military' }).state.scenarios[0]!.spaces.DO.gems.military,
    ).toBe(1);
  });
});

describe('rolling for reporting (rulebook 6.2)', () => {
  const ready = (dice: number[], coin = 6, gems = 4) => {
    const s = quiet(dice);
    at(s, 0, 'A', 'DO');
    s.scenarios[0]!.spaces.DO = { gems: { political: gems, military: 0, economic: 0 }, coin };
    return s;
  };

  it('GIVEN the rulebook example (4 blue gems, DO at 6) THEN four dice are rolled and any die below 6 gives one report, announced die by die', () => {
    const r = apply(ready([7, 3, 10, 2]), 'p0', { type: 'roll' });
    expect(r.state.lastRoll).toMatchObject({ dice: [7, 3, 10, 2], target: 6, success: true });
    expect(r.announce.join('\n')).toMatch(
      /rolls 4 dice .* response 6: \[7, 3, 0, 2\] → 3, 2 below 6: a report!/,
    );
    // Two dice succeeded, one report (rulebook: one report per action). Crisis 1: fill only.
    expect(r.state.scenarios[0]!.reports.political).toBe(1);
  });

  it('GIVEN only 6s, 9s and 0s against level 6 THEN no report', () => {
    const r = apply(ready([6, 9, 10, 10]), 'p0', { type: 'roll' });
    expect(r.state.lastRoll?.success).toBe(false);
    expect(r.state.scenarios[0]!.reports.political).toBe(0);
    expect(r.announce.join('\n')).toMatch(/0 counts as 10/);
  });

  it('GIVEN a collector not engaged in this scenario THEN rolling is refused (6.1)', () => {
    const s = quiet();
    at(s, 0, 'A', 'DO');
    expect(refused(collection.apply(s, 'p0', { type: 'roll' })).code).toBe('not-engaged');
  });

  it('GIVEN R7: no die at all (no gems, no bonus) THEN rolling is refused', () => {
    const s = ready([], 5, 0);
    s.scenarios[0]!.spaces.DO.gems.military = 2;
    expect(refused(collection.apply(s, 'p0', { type: 'roll' })).code).toBe('no-dice');
  });

  it('GIVEN a high crisis and a report THEN the analyst chooses fill or lower; lowering goes down one (6.3)', () => {
    const s = ready([1]);
    s.scenarios[0]!.crisis = 7;
    const r = apply(s, 'p0', { type: 'roll' });
    expect(r.state.stage.kind).toBe('report');
    expect(collection.waits(r.state)[0]?.default).toEqual({ type: 'report', use: 'fill' });
    const lowered = apply(r.state, 'p0', { type: 'report', use: 'lower' }).state;
    expect(lowered.scenarios[0]!.crisis).toBe(6);
    expect(lowered.stage).toMatchObject({ kind: 'act', actionsLeft: 1 });
  });

  it('GIVEN crisis 4 THEN a report cannot lower it (the floor of four) and goes into the circle at once', () => {
    const s = ready([1]);
    s.scenarios[0]!.crisis = 4;
    const r = apply(s, 'p0', { type: 'roll' });
    expect(r.state.scenarios[0]!.crisis).toBe(4);
    expect(r.state.scenarios[0]!.reports.political).toBe(1);
  });

  it('GIVEN the Collection Analyst and a high crisis THEN its report only fills the circle (Annex 1)', () => {
    const s = table(['political', 'military', 'economic', 'collection'], {
      deck: QUIET_DECK,
      dice: [1],
      scenarios: ['S02'],
    });
    s.stage = { kind: 'act', seat: 3, actionsLeft: 2, extraDice: 0 };
    at(s, 3, 'A', 'DO');
    s.scenarios[0]!.crisis = 8;
    s.scenarios[0]!.spaces.DO = { gems: { political: 2, military: 0, economic: 0 }, coin: 5 };
    const r = apply(s, 'p3', { type: 'roll', colour: 'political' });
    expect(r.state.stage.kind).toBe('act');
    expect(r.state.scenarios[0]!.reports.political).toBe(1);
    expect(r.state.scenarios[0]!.crisis).toBe(8);
  });

  it('GIVEN R8 and R15: the circle needs no more of that colour and the crisis is at four THEN the roll is refused as pointless', () => {
    const s = ready([1]);
    s.scenarios[0]!.reports.political = 4; // S02 needs 4 political
    const e = refused(collection.apply(s, 'p0', { type: 'roll' }));
    expect(e.code).toBe('report-unusable');
    expect(e.rule).toMatch(/R8/);
  });
});

describe('completing scenarios and the end of the game (rulebook 5, 7)', () => {
  const nearlyFull = (dice: number[]) => {
    const s = quiet(dice);
    const a = s.scenarios[0]!;
    a.reports = { political: 3, military: 3, economic: 3 };
    a.crisis = 6;
    a.spaces.DO = { gems: { political: 1, military: 0, economic: 0 }, coin: 8 };
    a.spaces.NSA = { gems: { political: 0, military: 1, economic: 0 }, coin: 2 };
    at(s, 0, 'A', 'DO');
    return s;
  };

  it('GIVEN R12: the last report fills A THEN its card is turned, crisis to 1 and every coin down three but never below 1 (R5)', () => {
    const r = apply(nearlyFull([1]), 'p0', { type: 'roll' });
    const choose =
      r.state.stage.kind === 'report' ? apply(r.state, 'p0', { type: 'report', use: 'fill' }) : r;
    const a = choose.state.scenarios[0]!;
    expect(a.completed).toBe(true);
    expect(a.crisis).toBe(1);
    expect(a.spaces.DO.coin).toBe(5);
    expect(a.spaces.NSA.coin).toBe(1);
  });

  it('GIVEN R11: A is complete while B and C are closed THEN the game goes on', () => {
    const r = apply(nearlyFull([1]), 'p0', { type: 'roll' });
    const after = apply(r.state, 'p0', { type: 'report', use: 'fill' }).state;
    expect(after.outcome).toBeNull();
  });

  it('GIVEN R11: the last open circle fills while all three are open THEN the table wins together', () => {
    const s = nearlyFull([1]);
    open(s, 'B', 'S01');
    open(s, 'C', 'S03');
    for (const x of s.scenarios.slice(1)) {
      x.reports = { ...collection.view(s, null).scenarios.find((v) => v.letter === x.letter)!.card!.needs };
      x.completed = true;
    }
    const r = apply(s, 'p0', { type: 'roll' });
    const end =
      r.state.stage.kind === 'report' ? apply(r.state, 'p0', { type: 'report', use: 'fill' }).state : r.state;
    expect(end.outcome).toMatchObject({ victory: true, winners: ['p0', 'p1', 'p2'] });
    expect(collection.waits(end)).toEqual([]);
  });

  it('GIVEN a red card that takes a crisis to 10 THEN the game is lost at once, even on a completed scenario', () => {
    const s = table([...PME], { deck: ['K31.1'] });
    s.scenarios[0]!.crisis = 8;
    s.scenarios[0]!.completed = true;
    const end = apply(s, 'p0', { type: 'end' });
    expect(end.state.outcome).toMatchObject({ victory: false, winners: [] });
    expect(end.announce.join('\n')).toMatch(/crisis 10/);
  });
});

describe('collection cards (rulebook 2.3, 4; R9, R10, R13, R14, R18, R19, R21)', () => {
  it('GIVEN R10: the first Crisis Expansion for B THEN B opens at crisis 1 with the next scenario card; the next one raises it', () => {
    const s = table([...PME], { deck: ['K02.1', 'K02.2'], scenarios: ['S02', 'S05'] });
    const one = apply(s, 'p0', { type: 'end' }).state;
    expect(one.scenarios[1]).toMatchObject({ card: 'S05', crisis: 1 });
    const two = apply(one, 'p1', { type: 'end' }).state;
    expect(two.scenarios[1]!.crisis).toBe(2);
  });

  it('GIVEN R13: a blue card drawn THEN its drawer plays or holds it; held cards are private and played free on their turn', () => {
    const s = table([...PME], { deck: ['K26.1', 'K23.1', 'K23.2'] });
    const drawn = apply(s, 'p0', { type: 'end' }).state;
    expect(drawn.stage).toMatchObject({ kind: 'drawn', seat: 0 });
    expect(collection.view(drawn, null).stage).toMatchObject({ kind: 'drawn', card: null });
    expect(collection.view(drawn, 'p0').me?.drawn?.name).toBe('Back-Channel Talks');
    const held = apply(drawn, 'p0', { type: 'hold' }).state;
    expect(held.seats[0]!.held).toEqual(['K26.1']);
    expect(JSON.stringify(collection.view(held, null))).not.toContain('K26.1');
    expect(JSON.stringify(collection.view(held, 'p1'))).not.toContain('K26.1');
    expect(refused(collection.apply(held, 'p2', { type: 'play', card: 'K26.1' })).code).toBe('not-your-turn');
    expect(refused(collection.apply(held, 'p1', { type: 'play', card: 'K26.1' })).code).toBe('card-not-held');
  });

  it('GIVEN R9: a card lowers a crisis THEN the floor of four does not apply to it', () => {
    const s = table([...PME], { deck: QUIET_DECK });
    s.seats[0]!.held = ['K26.1'];
    s.scenarios[0]!.crisis = 3;
    const r = apply(s, 'p0', { type: 'play', card: 'K26.1' });
    expect(r.state.scenarios[0]!.crisis).toBe(2);
    expect(r.state.stage).toMatchObject({ kind: 'act', actionsLeft: 2 });
  });

  it('GIVEN R21: Overtime played on the turn THEN a third action; played when drawn THEN it is lost', () => {
    const s = table([...PME], { deck: ['K23.2'] });
    s.seats[0]!.held = ['K23.1'];
    const r = apply(s, 'p0', { type: 'play', card: 'K23.1' });
    expect(r.state.stage).toMatchObject({ actionsLeft: 3 });
    const drawn = apply(r.state, 'p0', { type: 'end' }).state;
    const wasted = apply(drawn, 'p0', { type: 'play', card: 'K23.2' });
    expect(wasted.announce.join('\n')).toMatch(/lost/);
    expect(wasted.state.stage).toMatchObject({ kind: 'act', seat: 1, actionsLeft: 2 });
  });

  it('GIVEN R5: a red card lowers a coin THEN it stops at 1; collectors not yet engaged are untouched', () => {
    const s = table([...PME], { deck: ['K08.1'] });
    at(s, 0, 'A', 'DO');
    s.scenarios[0]!.spaces.DO.coin = 2;
    const r = apply(s, 'p0', { type: 'end' }).state;
    expect(r.scenarios[0]!.spaces.DO.coin).toBe(1);
    expect(r.scenarios[0]!.spaces.NSA.coin).toBeNull();
  });

  it('GIVEN R18: Liaison Service Shares on an unengaged space THEN gems of both affinity colours and the coin is placed', () => {
    const s = table([...PME], { deck: QUIET_DECK });
    at(s, 0, 'A', 'NGA');
    s.seats[0]!.held = ['K27.1'];
    const r = apply(s, 'p0', { type: 'play', card: 'K27.1' }).state;
    expect(r.scenarios[0]!.spaces.NGA).toEqual({ gems: { political: 0, military: 1, economic: 1 }, coin: 1 });
  });

  it('GIVEN R19: a Walk-in Source THEN one report of the colour the scenario lacks most', () => {
    const s = table([...PME], { deck: QUIET_DECK, scenarios: ['S01'] });
    at(s, 0, 'A', 'DO');
    s.seats[0]!.held = ['K28.1'];
    const r = apply(s, 'p0', { type: 'play', card: 'K28.1' }).state;
    expect(r.scenarios[0]!.reports).toEqual({ political: 0, military: 1, economic: 0 });
  });

  it('GIVEN R14: the deck runs out THEN the discards are shuffled into a new deck', () => {
    const s = table([...PME], { deck: ['K04.1'] });
    s.discard = s.deck.slice(1);
    s.deck = ['K04.1'];
    const r = apply(s, 'p0', { type: 'end' });
    const again = apply(r.state, 'p1', { type: 'end' });
    expect(again.announce.join('\n')).toMatch(/shuffled into a new deck/);
  });

  it('GIVEN R10: a "here" card drawn by an analyst off the board THEN it hits Scenario A', () => {
    const s = table([...PME], { deck: ['K04.1'] });
    expect(apply(s, 'p0', { type: 'end' }).state.scenarios[0]!.crisis).toBe(2);
  });
});

describe('R16: what happens when nobody answers', () => {
  it('GIVEN a turn, a drawn blue card THEN the defaults are End turn and Hold, each legal', () => {
    const s = table([...PME], { deck: ['K26.1'] });
    expect(collection.waits(s).map((w) => [w.default, w.rule])).toEqual([
      [{ type: 'end' }, 'collection R16'],
    ]);
    const drawn = apply(s, 'p0', { type: 'end' }).state;
    expect(collection.waits(drawn)[0]?.default).toEqual({ type: 'hold' });
    expect(apply(drawn, 'p0', { type: 'hold' }).state.seats[0]?.held).toEqual(['K26.1']);
  });
});

describe('turns and refusals (rulebook 6; issue #18)', () => {
  it('GIVEN two actions taken THEN the turn ends with a draw and passes on', () => {
    const s = table([...PME], { deck: ['K04.1'] });
    const one = apply(s, 'p0', { type: 'move', scenario: 'A', collector: 'DO' }).state;
    const two = apply(one, 'p0', { type: 'engage' }).state;
    expect(two.stage).toMatchObject({ kind: 'act', seat: 1, actionsLeft: 2 });
    expect(two.discard).toEqual(['K04.1']);
  });

  it('GIVEN a player acting out of turn THEN the refusal names whose turn it is and the rule', () => {
    const e = refused(collection.apply(quiet(), 'p2', { type: 'end' }));
    expect(e.code).toBe('not-your-turn');
    expect(e.message).toMatch(/P0's turn.*Rulebook 6/);
  });

  it('GIVEN any refusal THEN it carries its rule as data and a sentence that says what to do', () => {
    const s = quiet();
    const attempts = [
      collection.apply(s, 'p0', { type: 'engage' }),
      collection.apply(s, 'p0', { type: 'roll' }),
      collection.apply(s, 'p0', { type: 'report', use: 'fill' }),
      collection.apply(s, 'p0', { type: 'hold' }),
      collection.apply(s, 'p0', { type: 'play', card: 'K01.1' }),
      collection.apply(s, 'p0', { type: 'move', scenario: 'C', collector: 'DH' }),
    ];
    for (const a of attempts) {
      const e = refused(a);
      expect(e.rule).toMatch(/^(Rulebook|collection R\d+)/);
      expect(e.message.length).toBeGreaterThan(30);
    }
  });
});
