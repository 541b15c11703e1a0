import { describe, expect, it } from 'vitest';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import { judgeJustification } from '../../../src/games/collection-deck/votes.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import { deal, engine, run } from './fixtures.ts';

const real = indexCards(loadCards());
const judge = (tech: string, crisis: string, text: string) =>
  judgeJustification(real, tech, crisis, text).feasible;

const LONG_AND_EMPTY =
  'Honestly this plan is excellent, everyone at this table agrees, and my colleagues back home have always ' +
  'trusted my judgement on matters such as this one, so I see no reason at all to doubt it now or later.';

describe('judging a justification by what it says (T56 Telemetry Intercept vs C09 Al-Shabaab Attack in Kenya)', () => {
  it('a long text about nothing is not feasible', () => {
    expect(LONG_AND_EMPTY.split(' ').length).toBeGreaterThan(30);
    expect(judge('T56', 'C09', LONG_AND_EMPTY)).toBe(false);
  });

  it('a short text naming the technique’s signals and the crisis’s subject is feasible', () => {
    expect(judge('T56', 'C09', 'Intercept the cell’s phone calls near Nairobi.')).toBe(true);
  });

  it('the technique alone, or the crisis alone, is not enough', () => {
    expect(judge('T56', 'C09', 'Telemetry intercept, obviously.')).toBe(false);
    expect(judge('T56', 'C09', 'The Kenya attack in Nairobi.')).toBe(false);
  });

  it('aspect words count for the technique: Weapons for Telemetry Intercept, not for a Political-only one', () => {
    expect(judge('T56', 'C09', 'Track explosives bound for Nairobi.')).toBe(true);
    // T19 Embassy Political Reporting covers P, M and E: explosives are not its subject.
    expect(judge('T19', 'C09', 'Track explosives bound for Nairobi.')).toBe(false);
  });

  it('one word shared by technique and crisis does not make a justification on its own', () => {
    expect(judge('T53', 'C01', 'Nuclear.')).toBe(false);
    expect(judge('T53', 'C01', 'Intercept calls about the warheads.')).toBe(true);
  });

  it('the computers’ own answer from the cards is feasible for every technique against every crisis', () => {
    for (const t of real.set.techniques)
      for (const c of real.set.crises)
        expect(
          judgeJustification(
            real,
            t.id,
            c.id,
            `${t.name} (${t.discipline}): ${t.description} Against ${c.name}: ${c.description}`,
          ).feasible,
        ).toBe(true);
  });
});

describe('computers vote by content, whatever their level', () => {
  /** p0 (a person) commits Agent Recruitment on Border Incursion; p1 challenges it; p0 answers `text`. */
  function justified(text: string, voters: string): CdState {
    const s = deal({
      hands: [['T01'], ['R15'], []],
      field: ['C01'],
      seats: [
        { id: 'p0', name: 'P0' },
        { id: 'p1', name: 'P1', computer: voters },
        { id: 'p2', name: 'P2', computer: voters },
      ],
    });
    return run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', text }],
    ]).state;
  }

  it.each(['trainee', 'analyst', 'director'])(
    '%s: a long empty text is voted not feasible, a short relevant one feasible',
    (level) => {
      expect(engine.computerAction(justified(LONG_AND_EMPTY, level), 'p2')).toEqual({
        type: 'vote',
        feasible: false,
      });
      expect(
        engine.computerAction(justified('Recruit an agent among the border guards.', level), 'p2'),
      ).toEqual({
        type: 'vote',
        feasible: true,
      });
    },
  );
});
