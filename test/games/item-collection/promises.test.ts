/** R20: promises on the record — made in negotiation, shown, kept in the debrief and judged. */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/games/item-collection/playout.ts';
import { PROMISE_MAX } from '../../../src/games/item-collection/promises.ts';
import type { IcgAction, IcgState } from '../../../src/games/item-collection/index.ts';
import type { Rank } from '../../../src/games/item-collection/cards.ts';
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

describe('GIVEN a round with promises', () => {
  it('WHEN the cards are revealed THEN the debrief judges each structured promise exactly and leaves words to the table', () => {
    let s = start({ decks: ORDERED, startingSeat: 0 });
    s = act(s, ANN, { type: 'promise', what: 'play', rank: '7' }).state;
    s = act(s, BOB, { type: 'promise', what: 'play', rank: '7', to: '1', text: 'with Ann' }).state;
    s = act(s, CAT, { type: 'promise', what: 'honest' }).state;
    s = act(s, DAN, { type: 'promise', text: 'Trust me' }).state;
    s = declareAll(negotiate(s), { 0: ['7', '7'], 1: ['7', '2'], 2: ['5', '3'], 3: ['4', '4'] });
    s = act(s, ANN, { type: 'keep' }).state;
    const debrief = engine.debrief(s);
    const md = debrief?.markdown ?? '';
    expect(md).toContain('### Promises: 1 kept, 2 broken, 1 for the table to judge');
    expect(md).toContain("- R1 **Ann** ♠: “I'll play a 7” → claimed 7♠, played 7♠: ✅ kept");
    expect(md).toContain(
      "- R1 **Bob** ♥: “I'll play a 7 (to Ann ♠) · with Ann” → claimed 7♥, played 2♥: ❌ broken",
    );
    expect(md).toContain("- R1 **Cat** ♦: “I'll claim honestly” → claimed 5♦, played 3♦: ❌ broken");
    expect(md).toContain('- R1 **Dan** ♣: “Trust me” → claimed 4♣, played 4♣: for the table to judge');
    expect(md).toContain('promises kept 1/1');
    expect(md).not.toMatch(/Dan\*\* ♣: honest[^\n]*promises kept/);
    const data = debrief?.data as IcgDebriefData;
    expect(
      data.players.map((p) => [
        p.promises,
        p.promisesJudged,
        p.promisesKept,
        p.promisesBroken,
        p.promisesForTable,
      ]),
    ).toEqual([
      [1, 1, 1, 0, 0],
      [1, 1, 0, 1, 0],
      [1, 1, 0, 1, 0],
      [1, 0, 0, 0, 1],
    ]);
  });
});

/** One round: Ann promises `promise`, everyone declares `plays`, Ann keeps; the debrief's markdown. */
function judged(promise: IcgAction, plays: Record<number, [Rank, Rank]>, mode: 'high' | 'low' = 'high') {
  let s = start({ decks: ORDERED, startingSeat: 0 });
  s = act(s, ANN, promise).state;
  s = act(declareAll(negotiate(s, mode), plays), ANN, { type: 'keep' }).state;
  const debrief = engine.debrief(s);
  return { md: debrief?.markdown ?? '', data: debrief?.data as IcgDebriefData };
}

describe('GIVEN the promises issue #29 found misjudged', () => {
  const table: Record<number, [Rank, Rank]> = { 1: ['2', '2'], 2: ['5', '5'], 3: ['6', '6'] };

  it('WHEN Ann promises not to play her Queen and plays a 4 THEN the promise is kept', () => {
    const { md } = judged(
      { type: 'promise', what: 'not-play', rank: 'Q', text: "I won't play my Queen" },
      { ...table, 0: ['4', '4'] },
    );
    expect(md).toContain(
      "- R1 **Ann** ♠: “I won't play a Q · I won't play my Queen” → claimed 4♠, played 4♠: ✅ kept",
    );
  });

  it('WHEN Ann promises a 3 with the note "A 3 from me" THEN the 3 is judged, and the words alone are never read as an Ace', () => {
    const made = judged(
      { type: 'promise', what: 'play', rank: '3', text: 'A 3 from me' },
      { ...table, 0: ['3', '3'] },
    );
    expect(made.md).toContain(
      "- R1 **Ann** ♠: “I'll play a 3 · A 3 from me” → claimed 3♠, played 3♠: ✅ kept",
    );
    const words = judged({ type: 'promise', text: 'A 3 from me' }, { ...table, 0: ['3', '3'] });
    expect(words.md).toContain(
      '- R1 **Ann** ♠: “A 3 from me” → claimed 3♠, played 3♠: for the table to judge',
    );
    expect(words.data.promises[0]?.verdict).toBe('open');
  });

  it('WHEN a student\'s only promise is words THEN no "kept 0/1" is shown and no promise is judged', () => {
    const { md, data } = judged({ type: 'promise', text: 'Trust me' }, { ...table, 0: ['4', '4'] });
    expect(md).not.toContain('promises kept');
    expect(md).toContain('### Promises: 0 kept, 0 broken, 1 for the table to judge');
    expect(data.players[0]).toMatchObject({ promises: 1, promisesJudged: 0, promisesForTable: 1 });
  });

  it.each([
    ['above', '9', '10', 'kept'],
    ['above', 'K', 'A', 'kept'],
    ['above', '9', '9', 'broken'],
    ['below', '5', '4', 'kept'],
    ['at-most', '9', '9', 'kept'],
    ['at-most', '9', '10', 'broken'],
    ['at-least', '5', '4', 'broken'],
    ['play', '7', '7', 'kept'],
    ['not-play', '7', '7', 'broken'],
  ] as const)(
    'WHEN Ann promises %s %s and plays %s THEN it is %s (the ace high, R9)',
    (what, rank, card, verdict) => {
      // Ann holds 4 7 9 10 K A 2.
      const deck: Rank[] = ['4', '7', '9', '10', 'K', 'A', '2', '3', '5', '6', '8', 'J', 'Q'];
      let s = start({ decks: [deck, ...ORDERED.slice(1)], startingSeat: 0 });
      s = act(s, ANN, { type: 'promise', what, rank }).state;
      s = declareAll(negotiate(s), { ...table, 0: [card, card] });
      s = act(s, ANN, { type: 'keep' }).state;
      expect((engine.debrief(s)?.data as IcgDebriefData).promises[0]?.verdict).toBe(verdict);
    },
  );

  it('WHEN Bob promises Ann to play the same card as her THEN it is judged against her card', () => {
    let s = start({ decks: ORDERED, startingSeat: 0 });
    s = act(s, BOB, { type: 'promise', what: 'match', to: '1' }).state;
    s = act(s, CAT, { type: 'promise', what: 'match', to: '1' }).state;
    s = declareAll(negotiate(s), { 0: ['7', '7'], 1: ['7', '7'], 2: ['7', '6'], 3: ['2', '2'] });
    s = act(s, ANN, { type: 'keep' }).state;
    const md = engine.debrief(s)?.markdown ?? '';
    expect(md).toContain(
      "- R1 **Bob** ♥: “I'll play the same card as Ann ♠” → claimed 7♥, played 7♥: ✅ kept",
    );
    expect(md).toContain(
      "- R1 **Cat** ♦: “I'll play the same card as Ann ♠” → claimed 7♦, played 6♦: ❌ broken",
    );
  });

  it('WHEN a promise is about the next round THEN it is announced so and judged by that round', () => {
    let s = start({ decks: ORDERED, startingSeat: 0 });
    const made = act(s, ANN, { type: 'promise', what: 'play', rank: '3', when: 'next' });
    expect(made.announce).toEqual(["🤝 Ann ♠ promises for round 2: “I'll play a 3”"]);
    s = declareAll(negotiate(made.state), { ...table, 0: ['4', '4'] });
    s = act(s, ANN, { type: 'keep' }).state;
    expect((engine.debrief(s)?.data as IcgDebriefData).promises[0]).toMatchObject({
      round: 2,
      verdict: 'open',
    });
    const board = engine.present(engine.view(s, null), { viewer: null });
    expect(board.fields?.[0]?.value).toContain("🤝 Promised: “I'll play a 3”");
  });
});

describe('GIVEN a structured promise that cannot be held to anything', () => {
  const tried = (actor: string, action: IcgAction, state = start()) => {
    const r = engine.apply(state, actor, action);
    return r.ok ? 'accepted' : r.error.code;
  };
  it.each([
    [{ type: 'promise', what: 'play' }, 'promise-needs-card'],
    [{ type: 'promise', what: 'match' }, 'promise-needs-player'],
    [{ type: 'promise', what: 'match', to: '1' }, 'promise-to-self'],
    [{ type: 'promise', what: 'honest', to: '1' }, 'promise-to-self'],
    [{ type: 'promise', what: 'note' }, 'promise-empty'],
    [{ type: 'promise', what: 'honest' }, 'accepted'],
  ] as [IcgAction, string][])('WHEN Ann sends %j THEN it is %s and nothing changes', (action, code) => {
    expect(tried(ANN, action)).toBe(code);
  });

  it('WHEN the game has one round THEN a promise about the next is refused', () => {
    expect(
      tried(ANN, { type: 'promise', what: 'honest', when: 'next' }, start(undefined, { rounds: 1 })),
    ).toBe('promise-no-next-round');
  });
});

describe('GIVEN a game saved before structured promises', () => {
  it('WHEN its debrief is drawn THEN the old promises in words are for the table to judge and counted as none judged', () => {
    let s = start({ decks: ORDERED, startingSeat: 0 });
    s = declareAll(negotiate(s), { 0: ['7', '7'], 1: ['2', '2'], 2: ['5', '5'], 3: ['6', '6'] });
    s = act(s, ANN, { type: 'keep' }).state;
    // As stored then: the words only, which the old debrief read as "kept" (a 7 was played).
    const old = JSON.parse(
      JSON.stringify({ ...s, promises: [{ round: 1, seat: 0, text: "I'll play a 7" }] }),
    ) as IcgState;
    const md = engine.debrief(old)?.markdown ?? '';
    expect(md).toContain("- R1 **Ann** ♠: “I'll play a 7” → claimed 7♠, played 7♠: for the table to judge");
    expect(md).not.toContain('promises kept');
    // …and it still plays on: the next round takes a structured promise.
    const next = act(act(old, ANN, { type: 'ready' }).state, ANN, { type: 'promise', what: 'honest' });
    expect(next.announce).toEqual(["🤝 Ann ♠ promises: “I'll claim honestly”"]);
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

describe('GIVEN a study session of two tables (the Combined debrief)', () => {
  it('WHEN one table promised in words and the other with the form THEN only judged promises count as kept x/y', () => {
    const play = (promise: IcgAction) => {
      let s = start({ decks: ORDERED, startingSeat: 0 });
      s = act(s, ANN, promise).state;
      s = declareAll(negotiate(s), { 0: ['7', '7'], 1: ['2', '2'], 2: ['5', '5'], 3: ['6', '6'] });
      return act(s, ANN, { type: 'keep' }).state;
    };
    const words = play({ type: 'promise', text: "I'll play a 7" });
    const form = play({ type: 'promise', what: 'play', rank: '7' });
    const figure = (state: typeof words, name: string) =>
      engine.sessionFigures?.(state).find((f) => f.name === name)?.value;
    expect(figure(words, 'Promises kept (of those judged)')).toBe('-');
    expect(figure(form, 'Promises kept (of those judged)')).toBe('1/1');
    expect(figure(words, 'Promises for the table to judge')).toBe('1');
    expect(figure(form, 'Promises for the table to judge')).toBe('0');
  });
});

describe('GIVEN the post-game review of a promise in words', () => {
  it('WHEN the Honest computer would have promised with the form THEN the review says that one is judged', () => {
    const why = engine.explainAlternative?.(
      start(),
      BOB,
      { type: 'promise', what: 'honest' },
      { type: 'promise', text: 'Trust me' },
    );
    expect(why).toBe(
      "a promise chosen on the form (“I'll claim honestly”) is one the debrief judges; words alone are left to the table to judge",
    );
    expect(
      engine.explainAlternative?.(
        start(),
        BOB,
        { type: 'promise', what: 'honest' },
        { type: 'promise', what: 'honest' },
      ),
    ).toBeNull();
  });
});
