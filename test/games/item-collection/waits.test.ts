/** Rulings R16-R18: what the table waits for, and what a silent player's deadline plays. */
import { describe, expect, it } from 'vitest';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { runOutWait } from '../../../src/games/waits.ts';
import { ANN, BOB, CAT, DAN, act, checkInvariants, declareAll, engine, negotiate, start } from './helpers.ts';

const runOut = (state: IcgState, key: string): IcgState => {
  const r = runOutWait(engine, state, key);
  if (!r.ok) throw new Error(`${key}: ${r.error.code}`);
  checkInvariants(r.value.state);
  return r.value.state;
};
const only = (state: IcgState) => {
  const ws = engine.waits(state);
  expect(ws).toHaveLength(1);
  const [w] = ws;
  if (!w) throw new Error('no wait');
  return w;
};

describe('R16 a silent player in the negotiation', () => {
  it('GIVEN a new round THEN all four are waited for, the starting player to turn the joker first', () => {
    const ws = engine.waits(start());
    expect(ws.map((w) => [w.player, w.for, w.rule])).toEqual([
      [ANN, 'choose High or Low, then press Ready', 'item-collection R16'],
      [BOB, 'press Ready', 'item-collection R16'],
      [CAT, 'press Ready', 'item-collection R16'],
      [DAN, 'press Ready', 'item-collection R16'],
    ]);
    expect(ws.map((w) => w.default.type)).toEqual(['mode', 'ready', 'ready', 'ready']);
  });

  it('GIVEN the starting player stays silent THEN the joker stays as it lies and they are marked Ready, under one key', () => {
    const s = start();
    const key = engine.waits(s)[0]?.key ?? '';
    const after = runOut(s, key);
    expect(after.modeChosen).toBe(true);
    expect(after.mode).toBe('high');
    expect(after.ready[0]).toBe(true);
    expect(engine.waits(after).map((w) => w.key)).not.toContain(key);
  });

  it('GIVEN Low lies face up from last round THEN a silent starting player leaves it Low', () => {
    let s = negotiate(start(), 'low');
    s = act(declareAll(s, {}), ANN, { type: 'keep' }).state;
    expect(s.round).toBe(2);
    const starter = s.seats[s.startingSeat]?.id;
    const w = engine.waits(s).find((x) => x.player === starter);
    expect(w?.default).toEqual({ type: 'mode', mode: 'low' });
  });

  it('GIVEN others press Ready THEN a silent player keeps the same pending decision; their default starts the declarations', () => {
    let s = act(start(), ANN, { type: 'mode', mode: 'high' }).state;
    const bobKey = engine.waits(s).find((w) => w.player === BOB)?.key;
    for (const p of [ANN, CAT, DAN]) s = act(s, p, { type: 'ready' }).state;
    expect(only(s)).toMatchObject({ player: BOB, key: bobKey, default: { type: 'ready' } });
    expect(runOut(s, bobKey ?? '').phase).toBe('declaration');
  });
});

describe('R17 a silent player in the declaration', () => {
  it('GIVEN the declaring player stays silent THEN the Honest strategy declares for them: a card from their hand, claimed truthfully', () => {
    const s = negotiate(start());
    const w = only(s);
    expect(w).toMatchObject({ player: ANN, rule: 'item-collection R17' });
    const d = w.default;
    if (d.type !== 'declare') throw new Error(`expected a declaration, got ${d.type}`);
    expect(d.claim).toBe(d.card);
    expect(s.seats[0]?.hand).toContain(d.card);
    const after = runOut(s, w.key);
    expect(after.declarations[0]).toEqual({ claim: d.card, card: d.card });
    expect(only(after).player).toBe(BOB);
  });

  it('GIVEN they claimed a card they hold THEN the default places that card, keeping their word', () => {
    const s = act(negotiate(start()), ANN, { type: 'claim', rank: '5' }).state;
    expect(only(s).default).toEqual({ type: 'place', card: '5' });
  });

  it('GIVEN they claimed a card they do not hold THEN the default places a card from their hand', () => {
    const s = act(negotiate(start()), ANN, { type: 'claim', rank: 'K' }).state;
    const d = only(s).default;
    expect(d.type).toBe('place');
    if (d.type === 'place') expect(s.seats[0]?.hand).toContain(d.card);
  });

  it('GIVEN they placed a card THEN the default claims the card placed', () => {
    const s = act(negotiate(start()), ANN, { type: 'place', card: '7' }).state;
    expect(only(s).default).toEqual({ type: 'claim', rank: '7' });
  });
});

describe('R18 a silent starting player at the swap', () => {
  it('GIVEN the swap THEN the default keeps the card and the round is revealed', () => {
    const s = declareAll(negotiate(start()), { 0: ['4', '4'] });
    const w = only(s);
    expect(w).toMatchObject({ player: ANN, default: { type: 'keep' }, rule: 'item-collection R18' });
    const after = runOut(s, w.key);
    expect(after.history[0]?.swapped).toBe(false);
    expect(after.history[0]?.plays.find((p) => p.seat === 0)?.card).toBe('4');
  });
});
