/** R20: promises on the record — made in negotiation, shown, kept in the debrief and judged. */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/games/item-collection/playout.ts';
import { promiseKind, PROMISE_MAX } from '../../../src/games/item-collection/promises.ts';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import type { IcgDebriefData } from '../../../src/games/item-collection/debrief.ts';
import { act, ANN, BOB, CAT, DAN, declareAll, engine, negotiate, ORDERED, start } from './helpers.ts';

const refusal = (state: IcgState, actor: string, text: string): string => {
  const r = engine.apply(state, actor, { type: 'promise', text });
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
};

describe('GIVEN the negotiation', () => {
  it('WHEN Ann promises THEN the table hears it, the board shows it, and her second promise is refused', () => {
    const made = act(start(), ANN, { type: 'promise', text: "  I'll   play a 7 " });
    expect(made.announce).toEqual(["🤝 Ann ♠ promises: “I'll play a 7”"]);
    const board = engine.present(engine.view(made.state, null), { viewer: null });
    expect(board.fields?.[0]?.value).toContain("🤝 Promised: “I'll play a 7”");
    expect(refusal(made.state, ANN, 'And a 3')).toContain('already-promised');
    // Her own view no longer offers the form; Bob's still does.
    const labels = (id: string) =>
      (engine.present(engine.view(made.state, id), { viewer: id }).buttons ?? []).map((b) => b.label);
    expect(labels(ANN)).not.toContain('Promise');
    expect(labels(BOB)).toContain('Promise');
  });

  it('WHEN a promise is too long or empty THEN it is refused kindly and nothing changes', () => {
    const long = 'x'.repeat(PROMISE_MAX + 1);
    expect(refusal(start(), ANN, long)).toBe(
      `promise-too-long: A promise is at most ${PROMISE_MAX} characters and yours has ${PROMISE_MAX + 1}: say it shorter, then press Promise again.`,
    );
    expect(refusal(start(), ANN, '   ')).toContain('promise-empty');
    expect(refusal(start(), 'u-nobody', 'hi')).toContain('not-a-player');
  });

  it('WHEN the declaration has started THEN promises are refused', () => {
    expect(refusal(negotiate(start()), BOB, 'I will play a 7')).toContain('wrong-phase');
  });
});

describe('GIVEN the words of a promise', () => {
  it.each([
    ["I'll play a 7", { kind: 'rank', rank: '7' }],
    ['sevens from me', { kind: 'rank', rank: '7' }],
    ['A seven, promise', { kind: 'rank', rank: '7' }],
    ['my K goes down', { kind: 'rank', rank: 'K' }],
    ['aces high!', { kind: 'rank', rank: 'A' }],
    ['I will claim exactly the card I play.', { kind: 'honest' }],
    ['No bluffing from me', { kind: 'open' }],
    ['a 7 or an 8', { kind: 'open' }],
  ])('WHEN it says "%s" THEN it is held to %j', (text, kind) => {
    expect(promiseKind(text)).toEqual(kind);
  });
});

describe('GIVEN a round with promises', () => {
  it('WHEN the cards are revealed THEN the debrief sets each promise beside the claim and the card', () => {
    let s = start({ decks: ORDERED, startingSeat: 0 });
    s = act(s, ANN, { type: 'promise', text: "I'll play a 7" }).state;
    s = act(s, BOB, { type: 'promise', text: "I'll play a 7 too" }).state;
    s = act(s, CAT, { type: 'promise', text: 'I will be honest' }).state;
    s = act(s, DAN, { type: 'promise', text: 'Trust me' }).state;
    s = declareAll(negotiate(s), { 0: ['7', '7'], 1: ['7', '2'], 2: ['5', '3'], 3: ['4', '4'] });
    s = act(s, ANN, { type: 'keep' }).state;
    const debrief = engine.debrief(s);
    const md = debrief?.markdown ?? '';
    expect(md).toContain('### Promises: 1 kept, 2 broken, 1 for the table to judge');
    expect(md).toContain("- R1 **Ann** ♠: “I'll play a 7” → claimed 7♠, played 7♠: ✅ kept");
    expect(md).toContain("- R1 **Bob** ♥: “I'll play a 7 too” → claimed 7♥, played 2♥: ❌ broken");
    expect(md).toContain('- R1 **Cat** ♦: “I will be honest” → claimed 5♦, played 3♦: ❌ broken');
    expect(md).toContain('- R1 **Dan** ♣: “Trust me” → claimed 4♣, played 4♣: for the table to judge');
    expect(md).toContain('promises kept 1/1');
    const data = debrief?.data as IcgDebriefData;
    expect(data.players.map((p) => [p.promises, p.promisesKept, p.promisesBroken])).toEqual([
      [1, 1, 0],
      [1, 0, 1],
      [1, 0, 1],
      [1, 0, 0],
    ]);
  });
});

describe('GIVEN computer players', () => {
  const games = Array.from({ length: 40 }, (_, i) => playGame(`promise-${i}`));
  const verdicts = (strategy: string) =>
    games.flatMap((g) => {
      const data = engine.debrief(g)?.data as IcgDebriefData;
      return data.promises.filter((p) => g.seats[p.seat]?.computer === strategy).map((p) => p.verdict);
    });

  it('WHEN they negotiate THEN every strategy but the Wildcard makes a promise each round', () => {
    for (const g of games) for (const p of g.promises) expect(g.seats[p.seat]?.computer).not.toBe('wildcard');
    expect(verdicts('honest').length).toBeGreaterThan(20);
  });

  it('WHEN the cards are revealed THEN the Honest computer keeps every promise and the Opportunist breaks some', () => {
    expect(new Set(verdicts('honest'))).toEqual(new Set(['kept']));
    const opportunist = verdicts('opportunist');
    expect(opportunist).toContain('kept');
    expect(opportunist).toContain('broken');
  });
});
