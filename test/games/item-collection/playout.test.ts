import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../../../src/games/rng.ts';
import type { IcgAction, IcgState } from '../../../src/games/item-collection/index.ts';
import { legalActions } from '../../../src/games/item-collection/legal.ts';
import { playGame, randomPlayout } from '../../../src/games/item-collection/playout.ts';
import { COMPUTER_STRATEGIES } from '../../../src/games/item-collection/strategies.ts';
import { engine, invariantErrors, PLAYERS } from './helpers.ts';

const pick = <T>(rng: RngState, items: readonly T[]): T | undefined => items[nextInt(rng, items.length)];

const PROBES: IcgAction[] = [
  { type: 'ready' },
  { type: 'mode', mode: 'low' },
  { type: 'declare', claim: '7', card: '7' },
  { type: 'place', card: 'A' },
  { type: 'swap', card: '2' },
  { type: 'keep' },
];

/** One game: each seat is a strategy or a random legal mover; strangers and idle seats poke at it. */
function soak(seed: string): { state: IcgState; errors: string[]; actions: number } {
  const rng = seedRng(seed);
  const kinds = PLAYERS.map(() =>
    nextFloat(rng) < 0.35 ? 'random' : (pick(rng, COMPUTER_STRATEGIES)?.id ?? 'honest'),
  );
  const players = PLAYERS.map((p, i) => ({ ...p, ...(kinds[i] === 'random' ? {} : { computer: kinds[i] }) }));
  const setup = engine.setup({ players, options: { negotiation: 3 }, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  const errors: string[] = [];
  let actions = 0;
  while (!engine.outcome(state) && actions < 2000) {
    // Someone acting out of turn is refused and changes nothing.
    const idle = pick(
      rng,
      PLAYERS.filter((p) => !engine.activePlayers(state).includes(p.id)),
    );
    const probe = pick(rng, PROBES);
    if (
      idle &&
      probe &&
      !legalActions(state, idle.id).some((a) => JSON.stringify(a) === JSON.stringify(probe))
    ) {
      const before = JSON.stringify(state);
      if (engine.apply(state, idle.id, probe).ok) errors.push(`accepted ${idle.id} ${JSON.stringify(probe)}`);
      if (JSON.stringify(state) !== before) errors.push('a refused action changed the state');
    }

    let actor = pick(rng, engine.activePlayers(state)) ?? SYSTEM_ACTOR;
    let action: IcgAction | null | undefined;
    if (state.phase === 'negotiation' && nextFloat(rng) < 0.1) actor = SYSTEM_ACTOR; // the timer runs out
    if (actor === SYSTEM_ACTOR) action = engine.timer(state)?.action;
    else if (kinds[PLAYERS.findIndex((p) => p.id === actor)] === 'random')
      action = pick(rng, legalActions(state, actor));
    else action = engine.computerAction(state, actor);
    if (!action) {
      errors.push(`${actor} had nothing to do in ${state.phase}`);
      break;
    }
    const result = engine.apply(state, actor, action);
    if (!result.ok) {
      errors.push(`${actor} ${JSON.stringify(action)} refused: ${result.error.code}`);
      break;
    }
    state = result.value.state;
    actions++;
    errors.push(...invariantErrors(state));
    const publicView = JSON.stringify(engine.view(state, null));
    if (/"hand"|"faceDown"|"deck"/.test(publicView)) errors.push('the public view leaks');
  }
  return { state, errors, actions };
}

describe('seeded random playouts', () => {
  it('GIVEN 500 games mixing strategies and random moves THEN every game ends within 17 rounds and no card is lost', () => {
    const rounds: number[] = [];
    for (let g = 0; g < 500; g++) {
      const { state, errors } = soak(`soak-${g}`);
      expect(errors.slice(0, 3)).toEqual([]);
      expect(engine.outcome(state)).not.toBeNull();
      rounds.push(state.history.length);
    }
    // Every reveal scores at least one card, so 16 scored cards force a fifth for someone.
    expect(Math.max(...rounds)).toBeLessThanOrEqual(17);
    expect(Math.min(...rounds)).toBeGreaterThanOrEqual(5);
  });

  it('GIVEN the same seed THEN a soak game replays to the same state', () => {
    expect(soak('replay').state).toEqual(soak('replay').state);
  });

  it('GIVEN computer strategies only THEN randomPlayout finishes and reports its rounds', () => {
    const { rounds } = randomPlayout('bench-1');
    expect(rounds).toBe(playGame('bench-1').history.length);
    expect(rounds).toBeGreaterThanOrEqual(5);
  });
});
