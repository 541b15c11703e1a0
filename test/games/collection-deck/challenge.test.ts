import { describe, expect, it } from 'vitest';
import { FACILITATOR_ACTOR, SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import type { DealSpec } from './fixtures.ts';
import { codeOf, deal, engine, run } from './fixtures.ts';

/** p0 targets Border Incursion (M 5) with the given technique and commits. */
function committed(spec: DealSpec, tech = 'T01'): CdState {
  return run(deal({ field: ['C01'], ...spec }), [
    ['p0', { type: 'select-crisis', crisis: 'C01' }],
    ['p0', { type: 'add-techniques', techniques: [tech] }],
    ['p0', { type: 'commit' }],
  ]).state;
}

describe('Think Outside the Box', () => {
  it('defeats a counter played on your technique, and the strategy succeeds', () => {
    const s = committed({ hands: [['T01', 'R12'], ['R05']] });
    const end = run(s, [
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'play', card: 'R12', on: 'R05' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
    expect(end.discard).toEqual(expect.arrayContaining(['R05', 'R12', 'T01']));
  });

  it('Collect It All: a Think Outside the Box answers a Think Outside the Box, and a third answers back', () => {
    const s = committed({
      hands: [
        ['T01', 'R12', 'R14'],
        ['R05', 'R13'],
      ],
      options: { edition: 'collect-it-all' },
    });
    const mid = run(s, [
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'play', card: 'R12', on: 'R05' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'play', card: 'R13', on: 'R12' }],
    ]).state;
    // R13 defeats R12, so the counter stands again: without an answer the strategy would fail.
    expect(mid.turn.disruptions).toBe(2);
    const answered = run(mid, [
      ['p0', { type: 'play', card: 'R14', on: 'R13' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
    ]).state;
    expect(answered.seats[0]?.score).toBe(1);
    const unanswered = run(mid, [['p0', { type: 'pass' }]]).state;
    expect(unanswered.seats[0]?.score).toBe(0);
  });

  it('CIA edition: a Think Outside the Box cannot answer another one', () => {
    const s = committed({
      hands: [
        ['T01', 'R12'],
        ['R05', 'R13'],
      ],
    });
    const mid = run(s, [
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
      ['p0', { type: 'play', card: 'R12', on: 'R05' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(codeOf(mid, 'p1', { type: 'play', card: 'R13', on: 'R12' })).toBe('not-vs-totb');
  });

  it.each(['cia', 'collect-it-all'] as const)('never works against a Manager Challenge (%s)', (edition) => {
    const s = committed({ hands: [['T01', 'R12'], ['R15']], options: { edition, challenge: true } });
    const challenged = run(s, [['p1', { type: 'play', card: 'R15', on: 'T01' }]]).state;
    expect(challenged.turn.stage).toBe('challenge');
    const voted = run(challenged, [
      ['p0', { type: 'justify', text: 'Recruit a border guard who sees the troop movements.' }],
      ['p1', { type: 'vote', feasible: false }],
    ]).state;
    expect(voted.turn.stage).toBe('respond');
    expect(codeOf(voted, 'p0', { type: 'play', card: 'R12', on: 'R15' })).toBe('not-vs-manager');
  });
});

describe('Manager Challenge vote', () => {
  const challenged = (players: number, facilitator?: string): CdState => {
    const hands = [['T01', 'T06'], ['R15'], ...Array.from({ length: players - 2 }, () => [] as string[])];
    const s = committed({ hands, ...(facilitator !== undefined ? { facilitator } : {}) });
    return run(s, [
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', text: 'A recruited officer reports the unit movements at the border.' }],
    ]).state;
  };
  const technique = (s: CdState) => s.field.find((f) => f.card === 'C01')?.techniques[0];

  it('the challenged player does not vote', () => {
    expect(codeOf(challenged(3), 'p0', { type: 'vote', feasible: true })).toBe('not-a-voter');
  });

  it('a majority of "not feasible" counters the technique; the player may then replace it', () => {
    const s = run(challenged(4), [
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: false }],
      ['p3', { type: 'vote', feasible: true }],
    ]).state;
    expect(technique(s)?.lost).toBe(true);
    expect(s.turn.stage).toBe('respond');
    const end = run(s, [
      ['p0', { type: 'play', card: 'T06' }],
      ['p0', { type: 'pass' }],
      ['p1', { type: 'pass' }],
      ['p2', { type: 'pass' }],
      ['p3', { type: 'pass' }],
    ]).state;
    expect(end.seats[0]?.score).toBe(1);
    expect(end.discard).toEqual(expect.arrayContaining(['T01', 'R15', 'T06']));
  });

  it('a majority of "feasible" defeats the challenge and discards the Manager Challenge card', () => {
    const s = run(challenged(4), [
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: true }],
      ['p3', { type: 'vote', feasible: true }],
    ]).state;
    expect(technique(s)?.lost).toBe(false);
    expect(s.discard).toContain('R15');
    expect(s.turn.plays).toEqual([]);
  });

  it('a tie favours the challenged player', () => {
    const s = run(challenged(3), [
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: true }],
    ]).state;
    expect(technique(s)?.lost).toBe(false);
  });

  it('with a facilitator, the facilitator alone decides', () => {
    const s = challenged(3, 'host');
    expect(codeOf(s, 'p2', { type: 'vote', feasible: true })).toBe('not-a-voter');
    const out = run(s, [[FACILITATOR_ACTOR, { type: 'vote', feasible: false }]]).state;
    expect(technique(out)?.lost).toBe(true);
    expect(engine.activePlayers(s)).toEqual(['host']);
  });

  it('GIVEN the vote timer runs out THEN the votes cast decide (here one "feasible")', () => {
    const s = run(challenged(4), [['p2', { type: 'vote', feasible: true }]]).state;
    expect(engine.timer(s)?.label).toBe('Vote on the justification');
    const out = run(s, [[SYSTEM_ACTOR, { type: 'close-window' }]]).state;
    expect(technique(out)?.lost).toBe(false);
  });

  it('GIVEN no justification before the timer THEN the technique is lost', () => {
    const s = run(committed({ hands: [['T01'], ['R15']] }), [
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
    ]).state;
    expect(engine.timer(s)?.label).toBe('Justification');
    const out = run(s, [[SYSTEM_ACTOR, { type: 'close-window' }]]).state;
    expect(technique(out)?.lost).toBe(true);
  });

  it('Collect It All leaves the Manager Challenge cards out unless the variant is chosen', () => {
    const cit = deal({ hands: [[], []], options: { edition: 'collect-it-all' } });
    expect(cit.removed.sort()).toEqual(['R15', 'R16']);
    const withVariant = deal({
      hands: [[], []],
      options: { edition: 'collect-it-all', challenge: true },
    });
    expect(withVariant.removed).toEqual([]);
  });
});

describe('Hardcore', () => {
  const hardcore = (): CdState =>
    committed({ hands: [['T01', 'T06'], [], []], options: { hardcore: true, challenge: true } });

  it('removes the Manager Challenge cards even when asked for', () => {
    expect(hardcore().removed.sort()).toEqual(['R15', 'R16']);
  });

  it('every technique played must be justified and pass the vote before the window opens', () => {
    const s = hardcore();
    expect(s.turn.stage).toBe('challenge');
    expect(codeOf(s, 'p1', { type: 'pass' })).toBe('not-your-move');
    const ok = run(s, [
      ['p0', { type: 'justify', text: 'An agent inside the border unit reports the incursion plans.' }],
      ['p1', { type: 'vote', feasible: true }],
      ['p2', { type: 'vote', feasible: true }],
    ]).state;
    expect(ok.turn.stage).toBe('disrupt');
    const failed = run(s, [
      ['p0', { type: 'justify', text: 'Magic.' }],
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: false }],
    ]).state;
    expect(failed.turn.stage).toBe('respond');
    // The replacement must be justified too.
    const again = run(failed, [['p0', { type: 'play', card: 'T06' }]]).state;
    expect(again.turn.stage).toBe('challenge');
  });

  it('WHEN the table votes on a second answer this turn THEN the board shows both answers side by side, as written, with the first one’s verdict', () => {
    const voting = run(hardcore(), [
      ['p0', { type: 'justify', text: 'Magic.' }],
      ['p1', { type: 'vote', feasible: false }],
      ['p2', { type: 'vote', feasible: false }],
      ['p0', { type: 'play', card: 'T06' }],
      ['p0', { type: 'justify', text: '**Satellites** _see_ the [troops](x) <@1>' }],
    ]).state;
    const board = engine.present(engine.view(voting, null), { viewer: null });
    const field = board.fields?.find((f) => f.name.startsWith('Answers to the challenges'));
    const [first, second] = field?.value.split('\n') ?? [];
    expect(first).toBe('1. **Agent Recruitment**: “Magic.” — ❌ not feasible');
    // The player's Markdown shows as typed (escaped), never as formatting or a mention.
    expect(second).toContain('“\\*\\*Satellites\\*\\* \\_see\\_ the \\[troops\\](x) \\<@1>”');
    expect(second).toContain('🗳️ **being voted on**');
    // Voters read it where they vote: the same board carries the Feasible buttons.
    expect(
      engine.present(engine.view(voting, 'p1'), { viewer: 'p1' }).buttons?.map((b) => b.label),
    ).toContain('Feasible');
    // One answer alone is in the status line; nothing to compare yet.
    const one = run(hardcore(), [['p0', { type: 'justify', text: 'Magic.' }]]).state;
    const alone = engine.present(engine.view(one, null), { viewer: null });
    expect(alone.fields?.some((f) => f.name.startsWith('Answers to the challenges'))).toBe(false);
  });
});
