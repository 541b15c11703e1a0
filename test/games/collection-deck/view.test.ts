import { describe, expect, it } from 'vitest';
import type { CdAction } from '../../../src/games/collection-deck/types.ts';
import { deal, engine, run } from './fixtures.ts';

const team = [
  { id: 'alice', name: 'Red team', members: ['alice', 'bob'] },
  { id: 'carol', name: 'Blue team', members: ['carol', 'dave'] },
];

describe('views and panels', () => {
  it('GIVEN a team seat THEN any member sees the team hand and may act for it', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'], seats: team });
    const bobView = engine.view(s, 'bob');
    expect(bobView.me?.hand.map((c) => c.id)).toEqual(s.seats[0]?.hand);
    expect(engine.view(s, 'dave').me?.seat).toBe(1);
    expect(engine.activePlayers(s)).toEqual(['alice', 'bob']);
    const out = run(s, [
      ['bob', { type: 'select-crisis', crisis: 'C01' }],
      ['alice', { type: 'add-techniques', techniques: ['T01'] }],
      ['bob', { type: 'commit' }],
      ['dave', { type: 'pass' }],
    ]).state;
    expect(out.seats[0]?.score).toBe(1);
  });

  it('the public view shows the Field, scores and counts but no hand', () => {
    const s = deal({ hands: [['T01', 'R05'], ['T06']], field: ['C01'] });
    const v = engine.view(s, null);
    expect(v.me).toBeNull();
    expect(v.field[0]?.name).toBe('Border Incursion');
    expect(v.seats.map((x) => x.handSize)).toEqual([7, 7]);
    expect(JSON.stringify(v)).not.toMatch(/"T01"|"R05"|"T06"/);
    expect(engine.view(s, 'stranger').me).toBeNull();
  });

  it('the private view lists which techniques in hand fit each crisis right now', () => {
    const s = deal({ hands: [['T01', 'T05'], []], field: ['C01', 'C07'] });
    const fits = engine.view(s, 'p0').me?.fits;
    expect(fits?.find((f) => f.crisis === 'C01')?.techniques).toEqual(['T01']);
    expect(fits?.find((f) => f.crisis === 'C07')?.techniques).toEqual(['T05']);
  });

  it('a strategy takes a few clicks: crisis select, technique multi-select, commit button', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'] });
    const first = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    const crisisOption = first.selects?.[0]?.options.find((o) => o.label.startsWith('Border Incursion'));
    expect(crisisOption?.action).toEqual({ type: 'select-crisis', crisis: 'C01' });
    const chosen = run(s, [['p0', crisisOption?.action as CdAction]]).state;
    const second = engine.present(engine.view(chosen, 'p0'), { viewer: 'p0' });
    const multi = second.selects?.find((x) => x.multi);
    expect(multi?.multi?.template).toEqual({ type: 'add-techniques' });
    expect(multi?.options.map((o) => o.value)).toEqual(['T01']);
    const added = run(chosen, [['p0', { type: 'add-techniques', techniques: ['T01'] }]]).state;
    const third = engine.present(engine.view(added, 'p0'), { viewer: 'p0' });
    expect(third.buttons?.find((b) => b.action?.type === 'commit')).toBeDefined();
  });

  it('a challenged player gets a modal button to justify and a menu of claims (R36); voters get feasible / not feasible / abstain', () => {
    const s = run(deal({ hands: [['T01'], ['R15'], []], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
    ]).state;
    const mine = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    expect(mine.buttons?.find((b) => b.modal)?.modal?.template).toEqual({ type: 'justify' });
    // C01 (Border Incursion) has one aspect: five disciplines' products, each judged exactly.
    const claims = mine.selects?.find((x) => x.placeholder.includes('claim'))?.options ?? [];
    expect(claims).toHaveLength(5);
    expect(claims[0]?.action).toMatchObject({ type: 'justify', collects: 'GEOINT' });
    const justified = run(s, [['p0', { type: 'justify', text: 'Recruit a border officer.' }]]).state;
    const voter = engine.present(engine.view(justified, 'p2'), { viewer: 'p2' });
    expect(voter.buttons?.map((b) => b.label)).toEqual(['Feasible', 'Not feasible', 'Abstain']);
    expect(engine.present(engine.view(justified, null), { viewer: null }).description).toMatch(
      /Recruit a border officer/,
    );
  });

  it('autocomplete offers only legal cards for the slash actions', () => {
    const s = run(deal({ hands: [['T01'], ['R05', 'R06', 'T06']], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
    ]).state;
    const cards = engine.autocomplete(s, 'p1', 'play', 'card', '').map((c) => c.value);
    expect(cards).toContain('R05');
    expect(cards).not.toContain('R06'); // Cloud Cover cannot hit a HUMINT technique
    expect(cards).not.toContain('T06');
    expect(engine.autocomplete(s, 'p1', 'play', 'card', 'misinf').map((c) => c.value)).toEqual(['R05']);
    expect(engine.autocomplete(s, 'p0', 'play', 'card', '')).toEqual([]);
  });

  it('the private hand names every card first, reality checks included', () => {
    const s = deal({ hands: [['T01', 'R05', 'R15'], []], field: ['C01'] });
    const panel = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    expect(panel.description).toContain('• **Agent Recruitment** (HUMINT PM 3-7)');
    expect(panel.description).toContain('• **Misinformed Source**: Misinformed Source for tests.');
    expect(panel.description).toContain('• **Manager Challenge**: Manager Challenge for tests.');
    const hand = engine.view(s, 'p0').me?.hand ?? [];
    for (const c of hand) expect(c.summary.startsWith(c.name)).toBe(true);
  });

  it('the board says whose move it is and carries the buttons anyone may need: Let it through, then the vote', () => {
    const s = deal({ hands: [['T01'], ['R15'], []], field: ['C01'] });
    expect(engine.present(engine.view(s, null), { viewer: null }).description).toContain(
      'P0 is choosing a crisis to target (or passes).\n**To act:** P0',
    );
    const open = run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
    ]).state;
    const board = engine.present(engine.view(open, null), { viewer: null });
    expect(board.description).toContain('against Border Incursion');
    expect(board.description).toContain('**To act:** P1, P2');
    expect(board.buttons).toEqual([{ label: 'Let it through', action: { type: 'pass' } }]);
    const voting = run(open, [
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
      ['p0', { type: 'justify', text: 'Recruit a border officer.' }],
    ]).state;
    const votingBoard = engine.present(engine.view(voting, null), { viewer: null });
    expect(votingBoard.buttons?.map((b) => [b.label, b.action])).toEqual([
      ['Feasible', { type: 'vote', feasible: true }],
      ['Not feasible', { type: 'vote', feasible: false }],
      ['Abstain', { type: 'abstain' }],
    ]);
    expect(votingBoard.description).toContain('**To vote:** P1, P2');
  });

  it('GIVEN a reality check played on a strategy THEN the board says what that card does, for its target to answer', () => {
    const s = run(deal({ hands: [['T01'], ['R05'], []], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R05', on: 'T01' }],
    ]).state;
    const field = engine
      .present(engine.view(s, null), { viewer: null })
      .fields?.find((f) => f.name === 'Disruptions and answers');
    expect(field?.value).toContain(
      'P1: Misinformed Source → Agent Recruitment — Misinformed Source for tests.',
    );
  });

  it('the challenged player justifies through a button naming the technique', () => {
    const s = run(deal({ hands: [['T01'], ['R15'], []], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'play', card: 'R15', on: 'T01' }],
    ]).state;
    const mine = engine.present(engine.view(s, 'p0'), { viewer: 'p0' });
    expect(mine.buttons?.find((b) => b.modal)?.label).toBe('Justify Agent Recruitment');
  });

  it('every label in a panel is unique: same-named cards are offered once, copies to discard are numbered', () => {
    const s = run(deal({ hands: [['T01'], ['R07', 'R17', 'R01', 'R19']], field: ['C01'] }), [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
    ]).state;
    const disrupt = engine.present(engine.view(s, 'p1'), { viewer: 'p1' });
    const options = disrupt.selects?.find((x) => x.placeholder === 'Disrupt with a reality check')?.options;
    const labels = options?.map((o) => o.label) ?? [];
    expect(labels.filter((l) => l === 'Budget Cut → Agent Recruitment')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
    expect(disrupt.buttons?.map((b) => b.label)).toEqual(['Let it through']);

    const ended = run(s, [
      ['p1', { type: 'pass' }],
      ['p1', { type: 'pass' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(ended.phase).toBe('discard');
    const discard = engine.present(engine.view(ended, 'p1'), { viewer: 'p1' });
    const menu = discard.selects?.find((x) => x.multi?.template.type === 'discard');
    const names = menu?.options.map((o) => o.label) ?? [];
    expect(names).toEqual(expect.arrayContaining(['Discard Budget Cut', 'Discard Budget Cut (copy 2)']));
    expect(new Set(names).size).toBe(names.length);
    expect(discard.buttons?.map((b) => b.label)).toEqual(['Keep my hand']);
  });

  it('at the end the board shows the final ranking', () => {
    const s = deal({ hands: [['T01'], []], field: ['C01'], options: { rounds: 1 } });
    const end = run(s, [
      ['p0', { type: 'select-crisis', crisis: 'C01' }],
      ['p0', { type: 'add-techniques', techniques: ['T01'] }],
      ['p0', { type: 'commit' }],
      ['p1', { type: 'pass' }],
      ['p1', { type: 'pass' }],
      ['p0', { type: 'pass' }],
    ]).state;
    expect(end.phase).toBe('over');
    const board = engine.present(engine.view(end, null), { viewer: null });
    expect(board.title).toContain('game over');
    expect(board.fields?.[0]).toEqual({
      name: 'Final ranking',
      value: '1. P0: 1 pt, 1 crisis solved\n2. P1: 0 pt, 0 crises solved',
    });
    expect(board.buttons).toEqual([]);
  });

  it('options and actions parse through the zod schemas', () => {
    expect(engine.optionsSchema.parse({})).toMatchObject({ edition: 'cia', hardcore: false, window: 120 });
    expect(engine.actionSchema.safeParse({ type: 'play', card: 'R05', on: 'T01' }).success).toBe(true);
    expect(engine.actionSchema.safeParse({ type: 'fly' }).success).toBe(false);
    expect(engine.rulesSummary.length).toBeLessThanOrEqual(4000);
  });
});

describe('the debrief', () => {
  it('GIVEN a game in its first round THEN its figures read as words ("1 round, 0 turns"), never "round(s)"', () => {
    const text = engine.debrief(deal({ hands: [['T01'], ['R05'], []], field: ['C01'] }))?.markdown ?? '';
    expect(text).toContain('1 round, 0 turns: 0 strategies');
    expect(text).not.toMatch(/\(s\)/);
  });
});
