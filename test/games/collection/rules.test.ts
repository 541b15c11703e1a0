/** The formulas of the rulebook, table-driven, each row naming its source. */
import { describe, expect, it } from 'vitest';
import { roleOf } from '../../../src/games/collection/content/index.ts';
import { legalRoles } from '../../../src/games/collection/roles.ts';
import {
  canLowerCrisis,
  coinStart,
  diceFor,
  dieSucceeds,
  ownDice,
  targetFor,
} from '../../../src/games/collection/rules.ts';
import type { Collector, RoleId } from '../../../src/games/collection/types.ts';
import { collection } from '../../../src/games/collection/index.ts';
import { ROLES_BY_COUNT, table } from './helpers.ts';

describe('dice per role (rulebook 6.2, Annex 1)', () => {
  it.each([
    ['political', 4, 4],
    ['military', 3, 3],
    ['economic', 1, 1],
    ['leadership', 2, 2],
    ['stw', 5, 5],
    ['collection', 4, 2],
    ['collection', 3, 2],
    ['collection', 1, 1],
    ['collection', 0, 0],
    ['targeting', 5, 3],
    ['targeting', 2, 1],
  ] as [RoleId, number, number][])(
    'GIVEN a %s analyst with %i gems of the colour THEN %i dice',
    (role, gems, dice) => {
      expect(ownDice(roleOf(role), gems)).toBe(dice);
    },
  );
});

describe('coin placement on the first engagement: min(crisis, 3) (rulebook 6.1)', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [5, 3],
    [9, 3],
  ])('GIVEN crisis %i THEN the coin starts at %i', (crisis, coin) => {
    expect(coinStart(crisis)).toBe(coin);
  });
});

describe('crisis floor: reports lower a crisis by one, never below four (rulebook 6.3)', () => {
  it.each([
    [9, true],
    [5, true],
    [4, false],
    [3, false],
    [1, false],
  ])('GIVEN crisis %i THEN a report may lower it: %s', (crisis, ok) => {
    expect(canLowerCrisis(crisis)).toBe(ok);
  });
});

describe('a die succeeds below the response level; 0 counts as 10 and always fails (rulebook 6.2)', () => {
  it.each([
    [1, 2, true],
    [5, 6, true],
    [6, 6, false],
    [9, 10, true],
    [10, 10, false],
    [10, 11, false],
  ])('GIVEN face %i and level %i THEN success is %s', (face, level, ok) => {
    expect(dieSucceeds(face, level)).toBe(ok);
  });
});

describe('collocation bonuses (Annex 1, ruling R6)', () => {
  const rows: [string, RoleId, RoleId, Collector, 'political' | 'military' | 'economic', number, number][] = [
    // roller, partner, space, colour rolled: extra dice, extra response
    ['Political Analyst adds a die with blue gems', 'military', 'political', 'DO', 'military', 1, 0],
    ['Military Analyst adds a die with red gems', 'political', 'military', 'NSA', 'political', 1, 0],
    ['Economic Analyst adds a die with green gems', 'political', 'economic', 'OSE', 'political', 1, 0],
    ['Collection Analyst raises any collector', 'political', 'collection', 'STATE', 'political', 0, 1],
    ['Leadership Analyst raises OSE', 'economic', 'leadership', 'OSE', 'economic', 0, 1],
    ['Leadership Analyst does not raise NSA', 'military', 'leadership', 'NSA', 'military', 0, 0],
    ['ST&W Analyst raises NGA', 'economic', 'stw', 'NGA', 'economic', 0, 1],
    ['ST&W Analyst does not raise DO', 'political', 'stw', 'DO', 'political', 0, 0],
    ['Targeting Analyst raises DH', 'military', 'targeting', 'DH', 'military', 0, 1],
    ['Targeting Analyst raises DO', 'political', 'targeting', 'DO', 'political', 0, 1],
    ['Targeting Analyst does not raise STATE', 'political', 'targeting', 'STATE', 'political', 0, 0],
  ];
  it.each(rows)(
    'GIVEN the %s case THEN the dice and response bonuses match Annex 1',
    (_l, roller, partner, collector, colour, dice, level) => {
      const s = table(ROLES_BY_COUNT[7]!);
      const r = s.seats.findIndex((x) => x.role === roller);
      const p = s.seats.findIndex((x) => x.role === partner);
      const space = s.scenarios[0]!.spaces[collector];
      space.gems = { political: 1, military: 1, economic: 1 };
      space.coin = 5;
      s.seats[r]!.at = { scenario: 'A', collector };
      const alone = { dice: diceFor(s, r, colour).total, level: targetFor(s, r)!.target };
      s.seats[p]!.at = { scenario: 'A', collector };
      expect(diceFor(s, r, colour).total - alone.dice).toBe(dice);
      expect(targetFor(s, r)!.target - alone.level).toBe(level);
    },
  );

  it('GIVEN a die bonus but no gem of that colour on the space THEN no extra die (Annex 1)', () => {
    const s = table(['political', 'military', 'economic']);
    const space = s.scenarios[0]!.spaces.DO;
    space.gems = { political: 0, military: 2, economic: 0 };
    space.coin = 3;
    s.seats[1]!.at = { scenario: 'A', collector: 'DO' };
    s.seats[0]!.at = { scenario: 'A', collector: 'DO' };
    expect(diceFor(s, 1, 'military').total).toBe(2);
  });

  it('GIVEN R6: an analyst never gains its own bonus, and the response with bonuses stops at 10', () => {
    const s = table(['political', 'military', 'economic', 'collection', 'leadership', 'stw', 'targeting']);
    const space = s.scenarios[0]!.spaces.NSA;
    space.coin = 9;
    space.gems.political = 1;
    for (const seat of s.seats) seat.at = { scenario: 'A', collector: 'NSA' };
    const c = s.seats.findIndex((x) => x.role === 'collection');
    // Collection (+1 for others), ST&W and Targeting (+1 on NSA) → for the Collection Analyst only 2.
    expect(targetFor(s, c)!.bonus).toBe(2);
    expect(targetFor(s, 0)!.target).toBe(10);
  });
});

describe('R1: the role draft (rulebook 2.1, 3)', () => {
  const draft = (n: number) => {
    const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
    const r = collection.setup({ players, options: {}, seed: 'd' });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  it.each([
    [3, ['economic', 'military', 'political']],
    [4, ['collection', 'economic', 'military', 'political']],
    [5, ['collection', 'economic', 'leadership', 'military', 'political', 'stw', 'targeting']],
  ])('GIVEN %i players THEN the first may choose %j', (n, roles) => {
    expect(legalRoles(draft(n), 0).sort()).toEqual(roles);
  });

  it('GIVEN three players and the first two took Political and Military THEN the third must be the Economic Analyst', () => {
    const s = draft(3);
    s.seats[0]!.role = 'political';
    s.seats[1]!.role = 'military';
    expect(legalRoles(s, 2)).toEqual(['economic']);
  });

  it('GIVEN five players and one optional role taken THEN no second optional role is offered', () => {
    const s = draft(5);
    s.seats[0]!.role = 'targeting';
    expect(legalRoles(s, 1).sort()).toEqual(['collection', 'economic', 'military', 'political']);
  });

  it('GIVEN a table of 2 or 8 THEN setup refuses it', () => {
    for (const n of [2, 8]) {
      const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
      expect(collection.setup({ players, options: {}, seed: 'x' }).ok).toBe(false);
    }
  });
});
