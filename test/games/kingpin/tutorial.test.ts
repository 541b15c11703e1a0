/** R38: a newcomer who follows every hint of the Kingpin tutorial wins. */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type AnyAction } from '../../../src/games/contract.ts';
import { GAMES } from '../../../src/games/index.ts';
import { hint, tutorialSeats } from '../../../src/games/tutorial/index.ts';
import { kingpinTutorial } from '../../../src/games/tutorial/kingpin.ts';

const NEWCOMER = '800000000000000001';

describe('R38 the Kingpin tutorial', () => {
  it('GIVEN a newcomer (the Cartel) who follows every hint THEN Chapo is free after 8 turns and the newcomer wins', () => {
    const engine = GAMES.find((g) => g.id === 'kingpin');
    if (!engine) throw new Error('no kingpin');
    const seats = tutorialSeats(kingpinTutorial, { id: NEWCOMER, name: 'Newcomer' });
    const r = engine.setup({
      players: seats,
      options: engine.optionsSchema.parse(kingpinTutorial.options),
      seed: kingpinTutorial.seed,
      arrangement: kingpinTutorial.arrangement,
    });
    if (!r.ok) throw new Error(r.error.message);
    let s: unknown = r.value;
    for (let n = 0; n < 3000 && !engine.outcome(s); n++) {
      const active = engine.activePlayers(s);
      const advice = active.includes(NEWCOMER) ? hint(engine, s, NEWCOMER, kingpinTutorial.reasons) : null;
      const cpu = active.find((p) => p !== NEWCOMER);
      const actor = advice ? NEWCOMER : (cpu ?? SYSTEM_ACTOR);
      const action: AnyAction | null = advice ? advice.action : cpu ? engine.computerAction(s, cpu) : null;
      if (!action) throw new Error('stuck');
      // Through the controls a Defense is placed in two clicks: pick it, then its Location.
      const twoClicks =
        advice &&
        (action.type === 'place-defense' || action.type === 'move-defense') &&
        advice.where.includes(', then ');
      for (const step of twoClicks ? [{ type: 'pick', card: action['card'] }, action] : [action]) {
        const a = engine.apply(s, actor, step);
        if (!a.ok) throw new Error(a.error.message);
        s = a.value.state;
      }
    }
    const outcome = engine.outcome(s);
    expect(outcome?.summary).toMatch(/^The Cartel \(Newcomer\) wins: El Chapo is still free after 8 turns/);
    expect(outcome?.winners).toEqual([NEWCOMER]);
  });
});
