/** Rulings R22-R24 (docs/rules/collection.md): where the engine once deviated from the box silently. */
import { describe, expect, it } from 'vitest';
import { collection } from '../../../src/games/collection/index.ts';
import { diceFor } from '../../../src/games/collection/rules.ts';
import type { ColState, RoleId } from '../../../src/games/collection/types.ts';
import { apply, QUIET_DECK, ROLES_BY_COUNT, table } from './helpers.ts';

const ROLES: RoleId[] = ROLES_BY_COUNT[3] ?? [];

/** A table of three, roles drafted by hand, with the given `first` option. */
function drafted(seed: string, first?: 'host' | 'random'): { state: ColState; said: string[] } {
  const players = ROLES.map((_, i) => ({ id: `p${i}`, name: `P${i}` }));
  const r = collection.setup({ players, options: first ? { first } : {}, seed });
  if (!r.ok) throw new Error(r.error.message);
  let state = r.value;
  let said: string[] = [];
  ROLES.forEach((role, i) => {
    const a = apply(state, `p${i}`, { type: 'role', role });
    state = a.state;
    said = a.announce;
  });
  return { state, said };
}

describe('R22 who starts', () => {
  it('GIVEN no option THEN the host (first seat) takes the first turn', () => {
    const { state, said } = drafted('a');
    expect(state.stage).toMatchObject({ kind: 'act', seat: 0 });
    expect(said.join('\n')).toContain('P0 acts first');
  });

  it('GIVEN first:random THEN the seeded generator picks the analyst who starts, named in the announcement, the same for the same seed', () => {
    const starts = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => {
      const { state, said } = drafted(seed, 'random');
      const seat = state.stage.kind === 'act' ? state.stage.seat : -1;
      expect(said.join('\n')).toContain(`P${seat} acts first`);
      return seat;
    });
    expect(new Set(starts).size).toBeGreaterThan(1);
    expect(drafted('a', 'random').state.stage).toEqual(drafted('a', 'random').state.stage);
  });
});

describe('R23 the box has ten dice', () => {
  it('GIVEN gems, bonuses and extra dice adding to more than ten THEN the roll uses ten dice', () => {
    const state = structuredClone(table(ROLES));
    const a = state.scenarios[0];
    const seat = state.seats[0];
    if (!a || !seat) throw new Error('setup');
    a.spaces.DO.coin = 5;
    a.spaces.DO.gems.political = 12;
    seat.at = { scenario: 'A', collector: 'DO' };
    state.stage = { kind: 'act', seat: 0, actionsLeft: 2, extraDice: 2 };
    expect(diceFor(state, 0, 'political', 2).total).toBe(10);
    const rolled = apply(state, 'p0', { type: 'roll' });
    expect(rolled.state.lastRoll?.dice).toHaveLength(10);
  });
});

describe('R24 extra actions drawn at the end of a turn', () => {
  it('GIVEN an Overtime card (one more action this turn) drawn as the turn ends THEN it is not offered for play, only held', () => {
    const state = table(ROLES, { deck: QUIET_DECK });
    const ended = apply(state, 'p0', { type: 'end' }).state;
    expect(ended.stage).toMatchObject({ kind: 'drawn', seat: 0 });
    const offered = collection.legalActions?.(ended, 'p0') ?? [];
    expect(offered.filter((a) => a.type === 'play')).toEqual([]);
    expect(offered).toContainEqual({ type: 'hold' });
    const mine = collection.present(collection.view(ended, 'p0'), { viewer: 'p0' });
    expect((mine.selects ?? []).some((s) => s.placeholder.startsWith('Play the card you drew'))).toBe(false);
    expect(mine.buttons?.map((b) => b.label)).toContain('Hold the blue card');
  });
});
