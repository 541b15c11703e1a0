/** Tutorials (issue #18): each plays to its end with the hints, its steps advance in order. */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type AnyAction } from '../../src/games/contract.ts';
import { GAMES, TUTORIALS } from '../../src/games/index.ts';
import {
  hint,
  stepContext,
  tutorialId,
  tutorialSeats,
  tutorialStep,
} from '../../src/games/tutorial/index.ts';
import type { Tutorial } from '../../src/games/tutorial/index.ts';

const NEWCOMER = '800000000000000001';

function engineOf(t: Tutorial) {
  const engine = GAMES.find((g) => g.id === t.game);
  if (!engine) throw new Error(`no engine ${t.game}`);
  return engine;
}

/** The newcomer follows every hint; computers and phase timers do the rest. */
function playWithHints(t: Tutorial) {
  const engine = engineOf(t);
  const seats = tutorialSeats(t, { id: NEWCOMER, name: 'Newcomer' });
  const setup = engine.setup({
    players: seats,
    options: engine.optionsSchema.parse(t.options),
    seed: t.seed,
    arrangement: t.arrangement,
  });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const steps: number[] = [];
  const hints: string[] = [];
  let newcomerMoves = 0;
  for (let n = 0; n < 3000 && !engine.outcome(state); n++) {
    steps.push(tutorialStep(t, stepContext(engine, state, NEWCOMER)).index);
    const active: string[] = engine.activePlayers(state);
    const advice = active.includes(NEWCOMER) ? hint(engine, state, NEWCOMER, t) : null;
    let actor: string;
    let action: AnyAction | null | undefined;
    if (advice) {
      actor = NEWCOMER;
      action = advice.action;
      hints.push(advice.where);
      newcomerMoves++;
    } else {
      const cpu = active.find((p) => p !== NEWCOMER && engine.computerAction(state, p) !== null);
      actor = cpu ?? SYSTEM_ACTOR;
      action = cpu ? engine.computerAction(state, cpu) : engine.timer(state)?.action;
    }
    if (action === undefined || action === null) throw new Error(`${t.game}: stuck at move ${n}`);
    const result = engine.apply(state, actor, action);
    if (!result.ok) throw new Error(`${t.game}: ${actor} ${JSON.stringify(action)}: ${result.error.message}`);
    state = result.value.state;
  }
  const last = tutorialStep(t, stepContext(engine, state, NEWCOMER));
  return { engine, state, steps: [...steps, last.index], complete: last.complete, hints, newcomerMoves };
}

describe('tutorials', () => {
  it('GIVEN the registry THEN every game the bot serves has a tutorial, and Kingpin one per side', () => {
    expect([...new Set(TUTORIALS.map((t) => t.game))].sort()).toEqual(GAMES.map((g) => g.id).sort());
    expect(TUTORIALS.map(tutorialId)).toContain('kingpin:cartel');
    expect(TUTORIALS.map(tutorialId)).toContain('kingpin:hunters');
    expect(new Set(TUTORIALS.map(tutorialId)).size).toBe(TUTORIALS.length);
  });

  describe.each(TUTORIALS.map((t) => [tutorialId(t), t] as const))('%s', (_id, t) => {
    it('GIVEN its data THEN its options parse, its strategies exist and its seats fill the table', () => {
      const engine = engineOf(t);
      expect(engine.optionsSchema.safeParse(t.options).success).toBe(true);
      const ids = engine.computerStrategies.map((s: { id: string }) => s.id);
      for (const c of t.computers) expect(ids).toContain(c.strategy);
      const seats = t.computers.length + 1;
      expect(seats).toBeGreaterThanOrEqual(engine.minPlayers);
      expect(seats).toBeLessThanOrEqual(engine.maxPlayers);
      expect(t.minutes).toBeLessThan(10);
    });

    it('GIVEN a newcomer following every hint THEN the game ends and the steps advance in order to the last', () => {
      const run = playWithHints(t);
      expect(run.engine.outcome(run.state)).not.toBeNull();
      expect(run.complete).toBe(true);
      expect(run.steps[0]).toBe(0);
      for (let i = 1; i < run.steps.length; i++)
        expect(run.steps[i]).toBeGreaterThanOrEqual(run.steps[i - 1] ?? 0);
      // Every concept is shown at some point: no step is skipped over.
      expect(new Set(run.steps)).toEqual(new Set(t.steps.map((_s, i) => i)));
      // Short: a newcomer makes a few dozen moves at most (the Cartel tutorial takes 41 since the
      // computers read empty searches in the Records, issue #30).
      expect(run.newcomerMoves).toBeGreaterThan(0);
      expect(run.newcomerMoves).toBeLessThanOrEqual(45);
    });

    it('GIVEN the game is over THEN the step still on the board claims no work is left to do', () => {
      const run = playWithHints(t);
      const last = tutorialStep(t, stepContext(run.engine, run.state, NEWCOMER));
      // The COLLECTION tutorial's last step said "One more scenario to go." under its victory.
      expect(`${last.step.teach} ${last.step.next}`).not.toMatch(/\b(one more|left to go|to go\.)/i);
    });

    it('GIVEN a hint THEN it names a control the newcomer can press (not a typed command)', () => {
      const run = playWithHints(t);
      for (const where of run.hints) expect(where).toMatch(/^(press|choose) \*\*/);
    });
  });
});
