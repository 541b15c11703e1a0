/**
 * The computer ladder (docs/rules/item-collection.md, "Computer players" and "Tournament"):
 * Recruit, Negotiator (the default) and Handler, ordered on fixed seeds; the personas still
 * load and play; the Handler reads each player's record; the review gives the computer's reason.
 */
import { describe, expect, it } from 'vitest';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { playTable } from '../../../src/games/item-collection/playout.ts';
import { COMPUTER_STRATEGIES, computerDecision } from '../../../src/games/item-collection/strategies.ts';
import { compare, tournament } from '../../../src/games/item-collection/tournament.ts';
import { ANN, BOB, CAT, DAN, act, declareAll, engine, negotiate, start } from './helpers.ts';

const asComputer = (state: IcgState, seat: number, strategy: string): IcgState => ({
  ...state,
  seats: state.seats.map((s, i) => (i === seat ? { ...s, computer: strategy } : s)),
});

describe('the levels in the lobby', () => {
  it('THEN the Negotiator (level 2) comes first, the default, then levels 3 and 1, then the four personas', () => {
    expect(COMPUTER_STRATEGIES.map((s) => s.id)).toEqual([
      'negotiator',
      'handler',
      'recruit',
      'honest',
      'opportunist',
      'reciprocator',
      'wildcard',
    ]);
    expect(COMPUTER_STRATEGIES.slice(0, 3).map((s) => s.description.slice(0, 12))).toEqual([
      'Level 2 of 3',
      'Level 3 of 3',
      'Level 1 of 3',
    ]);
    for (const persona of COMPUTER_STRATEGIES.slice(3)) expect(persona.description).toMatch(/^Persona: /);
  });

  it('GIVEN a silent person declaring THEN their deadline plays the Negotiator’s move (R17)', () => {
    // Round 1: Bob bluffs (claims A, plays 2). Round 2, Bob starts and claims 4; Cat is silent.
    let s = declareAll(negotiate(start()), { 0: ['3', '3'], 1: ['A', '2'], 2: ['6', '6'], 3: ['8', '8'] });
    s = negotiate(act(s, ANN, { type: 'keep' }).state);
    s = act(s, BOB, { type: 'declare', claim: '4', card: '5' }).state;
    const wait = engine.waits(s)[0];
    expect(wait?.player).toBe(CAT);
    expect(wait?.default).toEqual(engine.computerAction(asComputer(s, 2, 'negotiator'), CAT));
    // The Negotiator sets Bob's claim aside (his last card broke his claim); Honest would pair it.
    expect(engine.computerAction(asComputer(s, 2, 'honest'), CAT)).toEqual({
      type: 'declare',
      claim: '4',
      card: '4',
    });
    expect(wait?.default).not.toEqual({ type: 'declare', claim: '4', card: '4' });
  });
});

describe('games saved with the personas or an id this version does not know', () => {
  it('THEN they load and play to the end, and an unknown id plays as the Negotiator', () => {
    const personas = ['honest', 'opportunist', 'reciprocator', 'wildcard'];
    const seats = personas.map((computer, i) => ({ id: `cpu:${i}`, name: `C${i}`, computer }));
    expect(playTable('old-ids', seats).outcome?.winners.length).toBeGreaterThan(0);

    const saved = JSON.parse(JSON.stringify(negotiate(start()))) as IcgState;
    const retired = asComputer(saved, 0, 'careful');
    expect(engine.computerAction(retired, ANN)).toEqual(
      engine.computerAction(asComputer(saved, 0, 'negotiator'), ANN),
    );
    const unknown = [0, 1, 2, 3].map((i) => ({ id: `cpu:${i}`, name: `C${i}`, computer: 'careful' }));
    expect(playTable('old-ids', unknown).outcome).not.toBeNull();
  });
});

describe('the Handler reads each player’s record', () => {
  // Round 1 (Ann starts): Ann and Bob pair their 7s and score them face up.
  let s = declareAll(negotiate(start()), { 0: ['7', '7'], 1: ['7', '7'], 2: ['2', '2'], 3: ['3', '3'] });
  s = negotiate(act(s, ANN, { type: 'keep' }).state);
  // Round 2 (Bob starts): Bob claims the 7 he scored last round, a card he cannot hold.
  s = act(s, BOB, { type: 'declare', claim: '7', card: '2' }).state;
  s = act(s, CAT, { type: 'declare', claim: '3', card: '3' }).state;
  s = act(s, DAN, { type: 'declare', claim: '8', card: '8' }).state;

  it('GIVEN a claim of a card its maker scored face up THEN the Handler does not build on it; the Negotiator does', () => {
    expect(s.seats[0]?.hand).toEqual(expect.arrayContaining(['3', '6', '8', '9']));
    // Believing Bob's 7, a 6 or a 9 makes a small straight with the 8 for three players.
    const negotiator = engine.computerAction(asComputer(s, 0, 'negotiator'), ANN);
    expect(negotiator?.type === 'declare' && ['6', '9'].includes(negotiator.card)).toBe(true);
    // Without it, the sure pairs: Cat's 3 or Dan's 8.
    const handler = computerDecision(asComputer(s, 0, 'handler'), ANN);
    expect(handler?.action.type).toBe('declare');
    if (handler?.action.type === 'declare') expect(['3', '8']).toContain(handler.action.card);
    expect(handler?.why).toMatch(/scores in \d+ of 20 tables/);
    expect(handler?.why).toContain('Bob ♥ 1/1');
  });

  it('GIVEN Ann is a person who played 2 THEN the review gives the Negotiator’s reason, then what it changes', () => {
    const alt = engine.computerAction(s, ANN);
    const card = alt?.type === 'declare' ? alt.card : '?';
    const why = engine.explainAlternative?.(s, ANN, alt ?? { type: 'keep' }, {
      type: 'declare',
      claim: 'A',
      card: '2',
    });
    expect(why).toBe(
      `with the three claims before it believed, ${card}♠ makes small straight and scores; ` +
        'an honest claim here would have kept the table’s trust (claiming A while placing 2 was a bluff)',
    );
  });
});

describe('the tournament on fixed seeds', () => {
  const GAMES = 60;
  const [recruit, negotiator, handler] = tournament(GAMES, 'ic-levels-test');

  it('THEN each level wins a clearly bigger share than the one below, game by game on the same seeds', () => {
    if (!recruit || !negotiator || !handler) throw new Error('three levels');
    expect(recruit.wins).toBeLessThan(negotiator.wins);
    expect(negotiator.wins).toBeLessThan(handler.wins);
    const low = compare(negotiator, recruit);
    const high = compare(handler, negotiator);
    expect(low.better).toBeGreaterThan(2 * low.worse);
    expect(high.better).toBeGreaterThan(high.worse);
  });
});
