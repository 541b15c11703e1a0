/**
 * R38, R39: a newcomer who follows every hint of a Kingpin tutorial wins, on either side, whether
 * they make a two-choice move (a Defense, then its Location) in one go or ask again between.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type AnyAction } from '../../../src/games/contract.ts';
import { GAMES } from '../../../src/games/index.ts';
import { hint, tutorialSeats, type Tutorial } from '../../../src/games/tutorial/index.ts';
import { kingpinHuntersTutorial, kingpinTutorial } from '../../../src/games/tutorial/kingpin.ts';

const NEWCOMER = '800000000000000001';

/** Plays `tutorial` doing what each hint says; `askBetween`: one click per hint, asking again. */
function play(tutorial: Tutorial, askBetween: boolean) {
  const engine = GAMES.find((g) => g.id === 'kingpin');
  if (!engine) throw new Error('no kingpin');
  const seats = tutorialSeats(tutorial, { id: NEWCOMER, name: 'Newcomer' });
  const r = engine.setup({
    players: seats,
    options: engine.optionsSchema.parse(tutorial.options),
    seed: tutorial.seed,
    arrangement: tutorial.arrangement,
  });
  if (!r.ok) throw new Error(r.error.message);
  let s: unknown = r.value;
  let moves = 0;
  for (let n = 0; n < 3000 && !engine.outcome(s); n++) {
    const active = engine.activePlayers(s);
    const advice = active.includes(NEWCOMER) ? hint(engine, s, NEWCOMER, tutorial) : null;
    const cpu = active.find((p) => p !== NEWCOMER);
    const actor = advice ? NEWCOMER : (cpu ?? SYSTEM_ACTOR);
    const action: AnyAction | null = advice ? advice.action : cpu ? engine.computerAction(s, cpu) : null;
    if (!action) throw new Error('stuck');
    // Through the controls a Defense is placed in two clicks: pick it, then its Location.
    const twoClicks =
      advice &&
      (action.type === 'place-defense' || action.type === 'move-defense') &&
      advice.where.includes(', then ');
    const pick = { type: 'pick', card: action['card'] };
    const steps = twoClicks ? (askBetween ? [pick] : [pick, action]) : [action];
    for (const step of steps) {
      const a = engine.apply(s, actor, step);
      if (!a.ok) throw new Error(a.error.message);
      s = a.value.state;
    }
    if (advice) moves++;
  }
  return { outcome: engine.outcome(s), moves };
}

describe('R38 R39 the Kingpin tutorials', () => {
  it.each([false, true])(
    'GIVEN a newcomer (the Cartel) who follows every hint (asking again between a Defense and its Location: %s) THEN Chapo is free after 8 turns and the newcomer wins',
    (askBetween) => {
      const { outcome } = play(kingpinTutorial, askBetween);
      expect(outcome?.summary).toMatch(/^The Cartel \(Newcomer\) wins: El Chapo is still free after 8 turns/);
      expect(outcome?.winners).toEqual([NEWCOMER]);
    },
  );

  it('GIVEN a newcomer (the Hunters) who follows every hint THEN they capture El Chapo, on turn 2, in a few dozen moves', () => {
    const { outcome, moves } = play(kingpinHuntersTutorial, true);
    expect(outcome?.summary).toMatch(/^The Hunters \(Newcomer\) capture El Chapo at .+ on turn 2\./);
    expect(outcome?.winners).toEqual([NEWCOMER]);
    expect(moves).toBeLessThanOrEqual(40);
  });
});
