import { describe, expect, it } from 'vitest';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { loadCards } from '../../../src/games/collection-deck/cards/index.ts';
import { judgeClaim, soundClaim } from '../../../src/games/collection-deck/claims.ts';
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

  it('a list of keywords is not a justification: “Media. Pakistan. Banana.” (issue 30)', () => {
    expect(judgeJustification(real, 'T01', 'C01', 'Media. Pakistan. Banana.').judgement).toBe('not-feasible');
  });

  it('a precise answer about an asset and a launch site is feasible (T14 Recruited Agent vs C02 Iran Missile Testing)', () => {
    const text =
      'Our asset inside the programme reports the fuelling schedule at the launch site two days before each test.';
    expect(judgeJustification(real, 'T14', 'C02', text).judgement).toBe('feasible');
  });

  it('a real sentence in words the judge does not know cannot be judged (the computers abstain)', () => {
    const text = 'Our asset at the Shahroud site tells us when the crews start fuelling.';
    expect(judgeJustification(real, 'T14', 'C02', text).judgement).toBe('cannot-judge');
  });
});

describe('a claim is judged exactly (R36)', () => {
  it('the sound claim for the card is feasible for every technique against every crisis it fits', () => {
    let fitting = 0;
    for (const t of real.set.techniques)
      for (const c of real.set.crises) {
        if (!t.aspects.some((a) => c.aspects.includes(a))) continue;
        fitting++;
        expect(judgeClaim(real, t.id, c.id, soundClaim(real, t.id, c.id)).feasible).toBe(true);
      }
    expect(fitting).toBeGreaterThan(1000);
  });

  it('another discipline’s product, or an aspect the technique does not share with the crisis, is not feasible', () => {
    // T14 Recruited Agent (HUMINT, P M E W) against C02 Iran Missile Testing (M W).
    expect(judgeClaim(real, 'T14', 'C02', { collects: 'HUMINT', aspect: 'W' }).feasible).toBe(true);
    const wrong = judgeClaim(real, 'T14', 'C02', { collects: 'SIGINT', aspect: 'W' });
    expect(wrong).toMatchObject({ feasible: false });
    expect(wrong.reason).toContain('HUMINT');
    expect(judgeClaim(real, 'T14', 'C02', { collects: 'HUMINT', aspect: 'E' }).feasible).toBe(false);
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

describe('abstaining (R36) and the claims menu', () => {
  /** p0 (a person) commits Agent Recruitment on Border Incursion; p1 challenges it; p0 answers. */
  function challenged(seats: { id: string; name: string; computer?: string }[]): CdState {
    const s = deal({ hands: [['T01'], ['R15', 'R16'], [], []], field: ['C01'], seats });
    return run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
    ]).state;
  }
  const people = [0, 1, 2, 3].map((i) => ({ id: `p${i}`, name: `P${i}` }));

  it('a computer that cannot judge a text abstains, so two computers do not outvote a person’s sound answer', () => {
    const seats = [
      people[0]!,
      people[1]!,
      { id: 'p2', name: 'P2', computer: 'analyst' },
      { id: 'p3', name: 'P3', computer: 'director' },
    ];
    const text =
      'Our recruit in the smuggling network tells us which crossing the column will use next week.';
    let s = run(challenged(seats), [['p0', { type: 'justify', text }]]).state;
    expect(engine.computerAction(s, 'p2')).toEqual({ type: 'abstain' });
    // The review says why, in the game's terms.
    expect(
      engine.explainAlternative?.(s, 'p2', { type: 'abstain' }, { type: 'vote', feasible: false }),
    ).toContain('cannot judge');
    const r = run(s, [
      ['p1', { type: 'vote', feasible: true }],
      ['p2', { type: 'abstain' }],
      ['p3', { type: 'abstain' }],
    ]);
    s = r.state;
    expect(r.announce.join('\n')).toContain('judged feasible (1–0, 2 abstaining)');
  });

  it('abstentions do not count: one vote against and two abstentions lose the technique; a tie keeps it', () => {
    const against = run(challenged(people), [
      ['p0', { type: 'justify', text: 'Recruit an agent among the border guards.' }],
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'abstain' }],
      ['p3', { type: 'abstain' }],
    ]);
    expect(against.announce.join('\n')).toContain('judged not feasible (0–1, 2 abstaining)');
    const tie = run(challenged(people), [
      ['p0', { type: 'justify', text: 'Recruit an agent among the border guards.' }],
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: true }],
      ['p3', { type: 'abstain' }],
    ]);
    expect(tie.announce.join('\n')).toContain('judged feasible (1–1, 1 abstaining)');
  });

  it('a claim is voted exactly by the computers: the right discipline passes, another fails', () => {
    const seats = [
      people[0]!,
      people[1]!,
      { id: 'p2', name: 'P2', computer: 'trainee' },
      { id: 'p3', name: 'P3', computer: 'director' },
    ];
    const right = run(challenged(seats), [
      ['p0', { type: 'justify', collects: 'HUMINT', aspect: 'M' }],
    ]).state;
    expect(right.turn.challenges[0]?.justification).toContain(
      'Agent Recruitment collects what people tell a source',
    );
    expect(engine.computerAction(right, 'p2')).toEqual({ type: 'vote', feasible: true });
    const wrong = run(challenged(seats), [
      ['p0', { type: 'justify', collects: 'MASINT', aspect: 'M' }],
    ]).state;
    expect(engine.computerAction(wrong, 'p3')).toEqual({ type: 'vote', feasible: false });
  });

  it('half a claim is refused and changes nothing', () => {
    const s = challenged(people);
    const r = engine.apply(s, 'p0', { type: 'justify', collects: 'HUMINT' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('half-a-claim');
  });
});

describe('the Director and a justification the table accepted (R37)', () => {
  it('after the same technique passed 3-0 it does not play a second Manager Challenge on it', () => {
    const s = deal({
      hands: [['T01'], ['R15', 'R16'], [], []],
      field: ['C01'],
      seats: [
        { id: 'p0', name: 'P0' },
        { id: 'p1', name: 'P1', computer: 'director' },
        { id: 'p2', name: 'P2', computer: 'analyst' },
        { id: 'p3', name: 'P3', computer: 'analyst' },
      ],
    });
    let state = run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
    ]).state;
    expect(engine.computerAction(state, 'p1')).toEqual({ type: 'play', card: 'R15', on: 'T01' });
    state = run(state, [
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', collects: 'HUMINT', aspect: 'M' }],
    ]).state;
    const votes = run(state, [
      ['p1', engine.computerAction(state, 'p1')!],
      ['p2', { type: 'vote', feasible: true }],
      ['p3', { type: 'vote', feasible: true }],
    ]);
    expect(votes.announce.join('\n')).toContain('judged feasible (3–0)');
    // p0 is done responding and the window reopens: the Director still holds the second challenge.
    state = run(votes.state, [['p0', { type: 'pass' }]]).state;
    expect(state.turn.stage).toBe('disrupt');
    expect(state.seats[1]?.hand).toContain('R16');
    const next = engine.computerAction(state, 'p1');
    expect(next).not.toEqual({ type: 'play', card: 'R16', on: 'T01' });
  });
});
