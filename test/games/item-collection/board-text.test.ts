/** What the board and the debrief show of a long game (issue 17's smaller points). */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/games/item-collection/playout.ts';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { engine, start } from './helpers.ts';

const board = (state: IcgState) => engine.present(engine.view(state, null), { viewer: null });
const boardText = (state: IcgState): string => {
  const panel = board(state);
  return [panel.description, ...(panel.fields ?? []).map((f) => `${f.name}\n${f.value}`), panel.footer].join(
    '\n',
  );
};

describe('GIVEN a ten-round game of computers (seed s170, a swap in round 6)', () => {
  const game = playGame('s170');

  it('WHEN it is over THEN it lasted ten rounds', () => {
    expect(game.history).toHaveLength(10);
  });

  it('WHEN the board is shown THEN every earlier round is listed, not only the last six', () => {
    const text = boardText(game);
    for (let round = 1; round < 10; round++) expect(text).toContain(`R${round} `);
  });

  it('WHEN the debrief is read THEN it lists every round, not only the last eight', () => {
    const md = engine.debrief(game)?.markdown ?? '';
    for (let round = 1; round <= 10; round++) expect(md).toContain(`- R${round} `);
  });

  it('WHEN the round with the swap is the last reveal THEN the swap note stands on its own line', () => {
    const upTo = { ...game, history: game.history.slice(0, 6), phase: 'negotiation' as const, outcome: null };
    const reveal = board(upTo).fields?.find((f) => f.name.startsWith('Round 6 reveal'));
    const lines = reveal?.value.split('\n') ?? [];
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^Computer \d [♠♥♦♣] swapped their face-down card\.$/);
  });
});

describe('GIVEN the footer of the board', () => {
  it('WHEN the round cap is the default 40 THEN no cap is shown (a game ends within 17 rounds)', () => {
    expect(board(start()).footer).toBe('Score 5 cards to win; several may win together.');
  });

  it('WHEN the host set rounds:5 THEN the footer says the game stops after round 5', () => {
    expect(board(start(undefined, { rounds: 5 })).footer).toContain('The game stops after round 5.');
  });
});

describe('GIVEN a game stopped before anyone won', () => {
  it('WHEN the debrief is read THEN it says the game stopped, not that it is in progress', () => {
    const game = playGame('s170');
    const stopped = { ...game, history: game.history.slice(0, 1), outcome: null };
    const md = engine.debrief(stopped)?.markdown ?? '';
    expect(md).toContain('Stopped after 1 round, before anyone won.');
    expect(md).not.toContain('In progress');
  });
});
