/** What a COLLECTION player reads on the board and in My view, where they decide. */
import { describe, expect, it } from 'vitest';
import { collection } from '../../../src/games/collection/index.ts';
import { roleOf } from '../../../src/games/collection/content/index.ts';
import type { Panel } from '../../../src/games/panel.ts';
import { svgWords } from '../picture-checks.ts';
import { GLOSSARY } from '../../../src/games/glossary/index.ts';
import type { ColState } from '../../../src/games/collection/types.ts';
import { ROLES_BY_COUNT, table } from './helpers.ts';

const text = (p: Panel): string =>
  [p.title, p.description, ...(p.fields ?? []).flatMap((f) => [f.name, f.value]), p.footer].join('\n');

function drafting(players: number): ColState {
  const r = collection.setup({
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i}`, name: `P${i}` })),
    options: {},
    seed: 'roles',
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('COLLECTION roles on screen', () => {
  it('GIVEN roles being chosen THEN the board shows each open role in full: engagement, reporting and its collaboration', () => {
    const state = drafting(5);
    const board = text(collection.present(collection.view(state, null), { viewer: null }));
    for (const id of ['political', 'collection', 'targeting'] as const) {
      const r = roleOf(id);
      expect(board).toContain(r.engagement);
      expect(board).toContain(r.collaboration);
    }
  });

  it('GIVEN a player with a role THEN My view shows their role card: engagement, reporting, collaboration', () => {
    const state = table(ROLES_BY_COUNT[4] ?? []);
    const mine = text(collection.present(collection.view(state, 'p3'), { viewer: 'p3' }));
    const r = roleOf('collection');
    expect(mine).toContain(`Your role: ${r.name}`);
    expect(mine).toContain(r.engagement);
    expect(mine).toContain(r.reporting);
    expect(mine).toContain(r.collaboration);
  });

  it('GIVEN /game help THEN it points at what players can see, not at role cards nobody has', () => {
    expect(collection.rulesSummary).not.toContain('role cards');
    expect(collection.rulesSummary).toContain('My view');
  });
});

describe('COLLECTION: which colours each collector takes', () => {
  const state = table(ROLES_BY_COUNT[3] ?? []);

  it('GIVEN the board text THEN each collector space names its two colours (ruling R4) and the footer says what they mean', () => {
    const board = collection.present(collection.view(state, null), { viewer: null });
    expect(text(board)).toContain('**DH** (🔴🟢)');
    expect(text(board)).toContain('**OSE** (🔵🟢)');
    expect(board.footer).toContain('the two colours it takes');
  });

  it('GIVEN the Move menu THEN each destination says which colours its collector takes', () => {
    const seat = state.stage.kind === 'over' ? 0 : state.stage.seat;
    const id = state.seats[seat]?.id ?? '';
    const mine = collection.present(collection.view(state, id), { viewer: id });
    const move = (mine.selects ?? []).find((s) => s.placeholder.startsWith('Move'));
    expect(move?.options.length).toBeGreaterThan(0);
    const nsa = move?.options.find((o) => o.label.startsWith('NSA'));
    expect(nsa?.description).toContain('takes political and military');
  });

  it('GIVEN the picture THEN a legend spells out each collector and its colours', () => {
    const words = svgWords(collection.picture?.(collection.view(state, null), { viewer: null })?.svg ?? '');
    expect(words).toContain('Colours each collector takes');
    for (const c of ['DH', 'DO', 'NGA', 'NSA', 'OSE', 'STATE']) expect(words).toContain(c);
    expect(words).toMatch(/DH ME .*DO PM .*NGA ME .*NSA PM .*OSE PE .*STATE PE/);
  });
});

describe('COLLECTION: Roll buttons', () => {
  /** The Political Analyst (seat 0, to act) at DO in Scenario A with two blue gems and the coin at `coin`. */
  function standing(coin: number): ColState {
    const state = structuredClone(table(ROLES_BY_COUNT[3] ?? []));
    const a = state.scenarios[0];
    const seat = state.seats[0];
    if (!a || !seat) throw new Error('no scenario A');
    a.spaces.DO.coin = coin;
    a.spaces.DO.gems.political = 2;
    seat.at = { scenario: 'A', collector: 'DO' };
    state.stage = { kind: 'act', seat: 0, actionsLeft: 2, extraDice: 0 };
    return state;
  }
  const rolls = (state: ColState): string[] =>
    (collection.present(collection.view(state, 'p0'), { viewer: 'p0' }).buttons ?? [])
      .map((b) => b.label)
      .filter((l) => l.startsWith('Roll'));

  it('GIVEN the response level at 1 (no die can come up below it) THEN no Roll button is offered and the board says why', () => {
    const state = standing(1);
    expect(collection.legalActions?.(state, 'p0').some((a) => a.type === 'roll')).toBe(true);
    expect(rolls(state)).toEqual([]);
    const panel = collection.present(collection.view(state, 'p0'), { viewer: 'p0' });
    expect(panel.description).toContain('No Roll for political here');
  });

  it('GIVEN the response level at 3 THEN the Roll button is offered with its odds', () => {
    expect(rolls(standing(3))).toEqual(['Roll political: 2 dice below 3 (36%)']);
  });
});

describe('COLLECTION: a scenario lost after completion (ruling R12)', () => {
  function lostAfterCompletion(): ColState {
    const state = structuredClone(table(ROLES_BY_COUNT[3] ?? []));
    const a = state.scenarios[0];
    if (!a) throw new Error('no scenario A');
    a.completed = true;
    a.crisis = 10;
    state.stage = { kind: 'over' };
    state.outcome = { winners: [], victory: false, summary: 'Defeat: Scenario A reached crisis 10.' };
    return state;
  }

  it('GIVEN a completed scenario whose crisis reached 10 THEN the picture draws it LOST, not with a green COMPLETE badge', () => {
    const picture = collection.picture?.(collection.view(lostAfterCompletion(), null), { viewer: null });
    const words = svgWords(picture?.svg ?? '');
    expect(words).toContain('LOST');
    expect(words).not.toContain('COMPLETE');
    expect(picture?.alt).toContain('lost at crisis 10 after completion');
  });

  it('GIVEN the same THEN the board text says lost at crisis 10, not complete', () => {
    const board = text(collection.present(collection.view(lostAfterCompletion(), null), { viewer: null }));
    expect(board).toContain('lost at crisis 10 after completion');
    expect(board).not.toContain('✅');
  });
});

describe('COLLECTION picture: nothing cut off or hidden', () => {
  const LONG = [
    'Alexandrina Wolfeschlegelstein',
    'Bartholomew Fitzgerald-Smythe',
    'Constantina Papadopoulou-Lee',
  ];
  function crowded(): ColState {
    const roles = ROLES_BY_COUNT[7] ?? [];
    const players = roles.map((_, i) => ({ id: `p${i}`, name: i < 3 ? (LONG[i] ?? '') : `P${i}` }));
    const r = collection.setup({ players, options: {}, seed: 't', arrangement: { roles } });
    if (!r.ok) throw new Error(r.error.message);
    const state = structuredClone(r.value);
    const a = state.scenarios[0];
    if (!a) throw new Error('no scenario A');
    a.spaces.DO.coin = 3;
    a.spaces.DO.gems = { political: 4, military: 5, economic: 0 };
    for (const seat of state.seats) seat.at = { scenario: 'A', collector: 'DO' };
    state.stage = { kind: 'over' };
    state.outcome = {
      winners: [],
      victory: false,
      summary:
        'Defeat: Scenario B (Regional Instability in the Southern Highlands) reached crisis 10 after a Crisis Expansion card, with 14 of 30 reports placed across the three scenarios.',
    };
    return state;
  }

  it('GIVEN long analyst names and a long defeat headline THEN both are drawn whole', () => {
    const words = svgWords(
      collection.picture?.(collection.view(crowded(), null), { viewer: null })?.svg ?? '',
    );
    for (const name of LONG) expect(words).toContain(name);
    expect(words).not.toContain('…');
    for (const w of ['Defeat:', 'Southern', 'Highlands)', 'Expansion', 'scenarios.'])
      expect(words).toContain(w);
  });

  it('GIVEN seven analysts on one space THEN their tokens stay clear of its gem counts', () => {
    const svg = collection.picture?.(collection.view(crowded(), null), { viewer: null })?.svg ?? '';
    const gems = [
      ...svg.matchAll(
        /<text x="([\d.]+)" y="([\d.]+)"[^>]*font-weight="bold" fill="#(?:2f6fdb|d83b3b)"[^>]*>(\d+)<\/text>/g,
      ),
    ]
      .filter((m) => m[3] === '4' || m[3] === '5')
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    expect(gems).toHaveLength(2);
    const row = gems[0]?.y ?? 0;
    const tokens = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="12"/g)]
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]) }))
      .filter((t) => Math.abs(t.y - (row - 5)) < 1);
    expect(tokens).toHaveLength(7);
    const gemsEnd = Math.max(...gems.map((g) => g.x)) + 12; // one digit at 15 px
    expect(Math.min(...tokens.map((t) => t.x)) - 12).toBeGreaterThan(gemsEnd);
  });
});

describe('COLLECTION text slips', () => {
  const state = table(ROLES_BY_COUNT[3] ?? []);

  it('GIVEN the Economic Analyst rolls THEN the announcement says "an economic report"', () => {
    const s = structuredClone(state);
    const a = s.scenarios[0];
    const seat = s.seats[2];
    if (!a || !seat) throw new Error('setup');
    a.spaces.DH.coin = 3;
    a.spaces.DH.gems.economic = 2;
    seat.at = { scenario: 'A', collector: 'DH' };
    s.stage = { kind: 'act', seat: 2, actionsLeft: 2, extraDice: 0 };
    const r = collection.apply(s, 'p2', { type: 'roll' });
    if (!r.ok) throw new Error(r.error.message);
    const said = r.value.announce.join('\n');
    expect(said).toContain('for an economic report');
    expect(said).not.toMatch(/\ba economic/i);
  });

  it('GIVEN End turn THEN the end of the turn is announced once', () => {
    const seat = state.stage.kind === 'over' ? 0 : state.stage.seat;
    const r = collection.apply(state, `p${seat}`, { type: 'end' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.announce.filter((l) => l.includes('ends the turn'))).toHaveLength(1);
  });

  it('GIVEN a user without a seat THEN they are told they have no seat, not to wait for their turn', () => {
    const r = collection.apply(state, 'stranger', { type: 'end' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('not-seated');
    expect(r.error.message).toContain('no seat at this table');
    expect(r.error.message).not.toContain('Wait for your turn');
  });

  it('GIVEN a defeat THEN the picture alt text does not end the summary with two full stops', () => {
    const s = structuredClone(state);
    s.stage = { kind: 'over' };
    s.outcome = {
      winners: [],
      victory: false,
      summary: 'Defeat: Scenario A reached crisis 10. The table loses together.',
    };
    expect(collection.picture?.(collection.view(s, null), { viewer: null })?.alt).not.toContain('..');
  });

  it('GIVEN one report placed THEN the debrief says "1 report placed"', () => {
    const s = structuredClone(state);
    s.stats.reports = 1;
    s.stats.turns = 1;
    const md = collection.debrief(s)?.markdown ?? '';
    expect(md).toContain('1 turn, ');
    expect(md).toContain('1 report placed');
    expect(md).not.toContain('1 reports');
  });
});

describe('COLLECTION glossary', () => {
  it('GIVEN the collocation entry THEN it says a role adds a die or +1 response level, not "a colour"', () => {
    const entry = GLOSSARY.find((e) => e.id === 'collocation');
    expect(entry?.definition).not.toContain('a colour');
    expect(entry?.definition).toContain('one more die');
    expect(entry?.definition).toContain('one higher on the response ladder');
  });
});
