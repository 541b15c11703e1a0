import { describe, expect, it } from 'vitest';
import type { Crisis, RealityCheck, Technique } from '../../../src/games/collection-deck/cards/schema.ts';
import { fits } from '../../../src/games/collection-deck/cardset.ts';
import { CRISES, REALITY_CHECKS, TECHNIQUES } from './fixtures.ts';

const t = (id: string): Technique => TECHNIQUES.find((x) => x.id === id) as Technique;
const c = (id: string): Crisis => CRISES.find((x) => x.id === id) as Crisis;
const r = (id: string): RealityCheck => REALITY_CHECKS.find((x) => x.id === id) as RealityCheck;

// Rulebooks (CIA v4.3 "Playing the game"; Collect It All "Forming a Collection Strategy"):
// a technique needs a shared aspect AND a range covering the difficulty; reality checks modify either.
// T01 Agent Recruitment PM 3-7 · T03 Imagery Pass MW 2-6 · T05 Seismic Sensors W 6-9
// T07 Phone Tap PE 2-5 crime only · T12 Hard Case MW 1-9, not affected by Hard Target
// C01 Border Incursion M 5 · C02 Missile Test MW 8 · C03 Election Interference P 4 · C04 Smuggling Ring E 3 crime
// C06 Pipeline Sabotage E 6
const rows: [string, string, string, string[], string[], boolean][] = [
  ['shared aspect, difficulty inside the range', 'T01', 'C01', [], [], true],
  ['no shared aspect', 'T05', 'C01', [], [], false],
  ['difficulty above the range', 'T01', 'C02', [], [], false],
  ['difficulty at the range maximum', 'T03', 'C10', [], [], true],
  ['difficulty at the range minimum', 'T05', 'C07', [], [], true],
  ['difficulty below the range', 'T05', 'C01', [], [], false],
  ['Hard Target (+1) pushes 5 to 6, still inside 3-7', 'T01', 'C01', ['R01'], [], true],
  ['Very Hard Target (+2) pushes 6 to 8, outside 2-6', 'T03', 'C08', ['R03'], [], false],
  ['Hard Target (+1) pushes 6 to 7, outside 2-6', 'T03', 'C08', ['R01'], [], false],
  ['Soft Target (-1) brings 8 inside 3-7 (shared aspect M)', 'T01', 'C02', ['R02'], [], true],
  ['Very Soft Target (-2) brings 8 down to 6 inside 2-6', 'T03', 'C02', ['R04'], [], true],
  ['Soft Target (-1) brings 8 down to 7 still outside 2-6', 'T03', 'C02', ['R02'], [], false],
  ['Soft Target (-1) drops 6 below 6-9', 'T05', 'C11', ['R04', 'R04'], [], false],
  ['Extended Reach (+1 each end) covers 7 for 2-6', 'T03', 'C02', ['R02'], ['R09'], true],
  ['extensions stack: +1 and +2 cover 9 for 2-6', 'T03', 'C11', [], ['R09', 'R10'], true],
  ['one extension is not enough for 9 with 2-6', 'T03', 'C11', [], ['R10'], false],
  ['New Angle adds W, matching a W-only crisis', 'T01', 'C07', [], ['R11'], true],
  ['without New Angle a PM technique misses a W-only crisis', 'T01', 'C07', [], [], false],
  ['"Can only target" crime: a crime crisis', 'T07', 'C04', [], [], true],
  ['"Can only target" crime: not an economic crisis', 'T07', 'C06', [], [], false],
  ['"Not affected by Hard Target" ignores it', 'T12', 'C11', ['R01'], [], true],
  ['two Hard Targets stack (CIA edition)', 'T01', 'C01', ['R01', 'R19'], [], true],
  ['Very Hard Target on top of Hard Target pushes 5 to 8', 'T01', 'C01', ['R01', 'R03'], [], false],
];

describe('the matching rule (aspects × range × modifiers)', () => {
  it.each(rows)('%s', (_why, techId, crisisId, crisisMods, techMods, expected) => {
    expect(fits(t(techId), techMods.map(r), c(crisisId), crisisMods.map(r))).toBe(expected);
  });

  it('modifiers on the technique do not leak to other techniques', () => {
    expect(fits(t('T03'), [r('R10')], c('C11'), [])).toBe(false);
    expect(fits(t('T05'), [], c('C11'), [])).toBe(true);
    expect(fits(t('T05'), [], c('C11'), [r('R01')])).toBe(false);
  });
});
