import { describe, expect, it } from 'vitest';
import { FACILITATOR_ACTOR, SYSTEM_ACTOR } from '../../../src/games/contract.ts';
import { RANKS, type Rank } from '../../../src/games/item-collection/cards.ts';
import type { IcgAction, IcgState } from '../../../src/games/item-collection/index.ts';
import { optionsSchema } from '../../../src/games/item-collection/schema.ts';
import {
  ANN,
  BOB,
  CAT,
  DAN,
  ORDERED,
  PLAYERS,
  act,
  checkInvariants,
  declareAll,
  engine,
  negotiate,
  start,
} from './helpers.ts';

const refused = (state: IcgState, actor: string, action: IcgAction, code: string) => {
  const before = structuredClone(state);
  const result = engine.apply(state, actor, action);
  expect(result.ok ? 'accepted' : result.error.code).toBe(code);
  if (!result.ok) expect(result.error.message.length).toBeGreaterThan(10);
  expect(state).toEqual(before);
};

describe('setting up a table', () => {
  it('GIVEN three players THEN the game refuses to start', () => {
    const result = engine.setup({ players: PLAYERS.slice(0, 3), options: {}, seed: 's' });
    expect(result.ok ? '' : result.error.code).toBe('wrong-player-count');
  });

  it('GIVEN a deck that is not a permutation THEN the arrangement is refused with the seat named', () => {
    const decks = ORDERED.map((d, i) => (i === 1 ? [...d.slice(0, 12), '2'] : d));
    const result = engine.setup({ players: PLAYERS, options: {}, seed: 's', arrangement: { decks } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid-arrangement');
      expect(result.error.message).toContain('decks.1');
    }
  });

  it('GIVEN an invalid option THEN setup is refused', () => {
    const result = engine.setup({ players: PLAYERS, options: { negotiation: 2000 }, seed: 's' });
    expect(result.ok ? '' : result.error.code).toBe('invalid-options');
  });

  it('GIVEN the same seed THEN the same hands are dealt; another seed deals others', () => {
    const deal = (seed: string) => {
      const r = engine.setup({ players: PLAYERS, options: {}, seed });
      if (!r.ok) throw new Error('setup');
      return r.value;
    };
    const a = deal('alpha');
    expect(deal('alpha')).toEqual(a);
    expect(deal('beta').seats.map((s) => s.hand)).not.toEqual(a.seats.map((s) => s.hand));
    checkInvariants(a);
    expect(a.mode).toBe('high'); // the black joker starts face up
  });

  it('GIVEN an arrangement THEN each seat draws the top seven of its deck and the starting seat is fixed', () => {
    const s = start({ decks: ORDERED, startingSeat: 2 });
    expect(s.seats[0]?.hand).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    expect(s.startingSeat).toBe(2);
  });
});

describe('negotiation', () => {
  it('GIVEN the starting player has not turned a joker THEN their Ready is refused', () => {
    refused(start(), ANN, { type: 'ready' }, 'mode-not-chosen');
  });

  it('GIVEN another player THEN they cannot choose High or Low', () => {
    refused(start(), BOB, { type: 'mode', mode: 'low' }, 'not-starting-player');
  });

  it('GIVEN the joker is turned THEN it cannot be turned again this round', () => {
    const s = act(start(), ANN, { type: 'mode', mode: 'low' }).state;
    expect(s.mode).toBe('low');
    refused(s, ANN, { type: 'mode', mode: 'high' }, 'mode-already-chosen');
  });

  it('GIVEN a player already ready THEN pressing Ready again is refused', () => {
    const s = act(start(), BOB, { type: 'ready' }).state;
    refused(s, BOB, { type: 'ready' }, 'already-ready');
  });

  it('GIVEN all four are ready THEN declarations start with the starting player', () => {
    const s = negotiate(start());
    expect(s.phase).toBe('declaration');
    expect(engine.activePlayers(s)).toEqual([ANN]);
  });

  it('GIVEN a player ends the negotiation THEN it is refused; the timer and the facilitator may end it', () => {
    refused(start(), BOB, { type: 'endNegotiation' }, 'not-facilitator');
    // R19: the joker is unturned, so the starting player first gets a short deadline.
    const once = engine.apply(start(), SYSTEM_ACTOR, { type: 'endNegotiation' });
    if (!once.ok) throw new Error('refused');
    expect(once.value.state.phase).toBe('negotiation');
    const bySystem = engine.apply(once.value.state, SYSTEM_ACTOR, { type: 'endNegotiation' });
    expect(bySystem.ok && bySystem.value.state.phase).toBe('declaration');
    // R3: an unturned joker stays as it lies.
    expect(bySystem.ok && bySystem.value.announce.join(' ')).toContain('High card');
    const byHost = engine.apply(start(), FACILITATOR_ACTOR, { type: 'endNegotiation' });
    expect(byHost.ok && byHost.value.state.mode).toBe('high');
    const hosted = engine.setup({ players: PLAYERS, options: {}, seed: 's', facilitator: 'u-host' });
    if (!hosted.ok) throw new Error('setup');
    expect(engine.apply(hosted.value, 'u-host', { type: 'endNegotiation' }).ok).toBe(true);
  });

  it('GIVEN the negotiation is over THEN the timer cannot end it again', () => {
    refused(negotiate(start()), SYSTEM_ACTOR, { type: 'endNegotiation' }, 'wrong-phase');
  });
});

describe('R19: the joker deadline', () => {
  it('GIVEN the negotiation timer runs out before the starting player turned a joker WHEN it ends THEN they get one minute to choose, and their choice starts the declaration', () => {
    const ended = act(start(undefined, { negotiation: 3 }), SYSTEM_ACTOR, { type: 'endNegotiation' });
    expect(ended.announce.join(' ')).toContain('Ann ♠ has not turned a joker: they have one minute');
    expect(ended.state.phase).toBe('negotiation');
    expect(engine.activePlayers(ended.state)).toEqual([ANN]);
    expect(engine.timer(ended.state)).toMatchObject({
      key: 'item-collection:round-1:joker',
      durationMs: 60_000,
      action: { type: 'endNegotiation' },
    });
    refused(ended.state, BOB, { type: 'ready' }, 'already-ready');
    const chosen = act(ended.state, ANN, { type: 'mode', mode: 'low' });
    expect(chosen.state.phase).toBe('declaration');
    expect(chosen.state.mode).toBe('low');
    expect(chosen.announce.join(' ')).toContain('Ann ♠ turns up the red joker');
    expect(engine.timer(chosen.state)).toBeNull();
  });

  it('GIVEN the joker deadline WHEN it runs out too THEN the joker stays as it lies and the declaration starts', () => {
    const ended = act(start(), FACILITATOR_ACTOR, { type: 'endNegotiation' }).state;
    const after = act(ended, SYSTEM_ACTOR, { type: 'endNegotiation' });
    expect(after.state.phase).toBe('declaration');
    expect(after.announce.join(' ')).toContain('The joker stays as it is: High card');
    expect(after.state.jokerDeadline).toBe(false);
  });

  it('GIVEN the starting player already chose WHEN the negotiation ends THEN the declaration starts at once', () => {
    const chosen = act(start(), ANN, { type: 'mode', mode: 'high' }).state;
    expect(act(chosen, SYSTEM_ACTOR, { type: 'endNegotiation' }).state.phase).toBe('declaration');
  });
});

describe('the negotiation timer', () => {
  it('GIVEN no negotiation minutes THEN there is no timer', () => {
    expect(engine.timer(start())).toBeNull();
  });

  it('GIVEN 10 minutes THEN the timer runs 10 minutes, reminds 1 minute before, and ends the negotiation', () => {
    const t = engine.timer(start(undefined, { negotiation: 10 }));
    expect(t).toMatchObject({
      durationMs: 600_000,
      reminderBeforeMs: 60_000,
      action: { type: 'endNegotiation' },
    });
  });

  it('GIVEN 1 minute THEN the reminder comes at half time', () => {
    expect(engine.timer(start(undefined, { negotiation: 1 }))?.reminderBeforeMs).toBe(30_000);
  });

  it('GIVEN a new round THEN the timer has a new key; during declarations there is none', () => {
    const s = start(undefined, { negotiation: 5 });
    const first = engine.timer(s)?.key;
    const declaring = negotiate(s);
    expect(engine.timer(declaring)).toBeNull();
    const next = act(declareAll(declaring, {}), ANN, { type: 'keep' }).state;
    expect(next.round).toBe(2);
    expect(engine.timer(next)?.key).not.toBe(first);
  });
});

describe('declaration', () => {
  const declaring = () => negotiate(start());

  it('GIVEN it is not my turn THEN my declaration is refused and nothing changes', () => {
    refused(declaring(), BOB, { type: 'declare', claim: '2', card: '2' }, 'not-your-turn');
  });

  it('GIVEN someone without a seat THEN every action is refused and nothing changes', () => {
    refused(declaring(), 'u-stranger', { type: 'declare', claim: '2', card: '2' }, 'not-a-player');
    refused(start(), 'u-stranger', { type: 'ready' }, 'not-a-player');
  });

  it('GIVEN a card that is not in my hand THEN placing it is refused', () => {
    refused(declaring(), ANN, { type: 'place', card: 'A' }, 'card-not-in-hand');
  });

  it('GIVEN a claim and a placement as two steps THEN the turn passes only after both', () => {
    let s = act(declaring(), ANN, { type: 'claim', rank: 'A' }).state;
    expect(engine.activePlayers(s)).toEqual([ANN]);
    refused(s, ANN, { type: 'claim', rank: 'K' }, 'already-claimed');
    s = act(s, ANN, { type: 'place', card: '5' }).state;
    expect(engine.activePlayers(s)).toEqual([BOB]);
    expect(s.seats[0]?.hand).toHaveLength(6);
  });

  it('GIVEN a placed card THEN it cannot be placed again', () => {
    const s = act(declaring(), ANN, { type: 'place', card: '5' }).state;
    refused(s, ANN, { type: 'place', card: '6' }, 'already-placed');
  });

  it('GIVEN each claim THEN it is announced; the face-down card is not', () => {
    const { announce } = act(declaring(), ANN, { type: 'declare', claim: 'A', card: '5' });
    expect(announce.join(' ')).toContain('A♠');
    expect(announce.join(' ')).not.toContain('5♠');
  });
});

describe('the swap', () => {
  const allDeclared = () =>
    declareAll(negotiate(start()), { 0: ['2', '2'], 1: ['3', '3'], 2: ['4', '4'], 3: ['8', '8'] });

  it('GIVEN all have declared THEN only the starting player may swap or keep', () => {
    const s = allDeclared();
    expect(s.phase).toBe('swap');
    refused(s, BOB, { type: 'swap', card: '5' }, 'not-starting-player');
    refused(s, CAT, { type: 'keep' }, 'not-starting-player');
    refused(s, ANN, { type: 'swap', card: 'A' }, 'card-not-in-hand');
  });

  it('GIVEN a swap THEN the new card is revealed and a second swap is refused', () => {
    const { state, announce } = act(allDeclared(), ANN, { type: 'swap', card: '5' });
    // 5-3-4 would be a small straight; with the swap the reveal is 5,3,4,8.
    expect(state.history[0]?.plays[0]).toMatchObject({ seat: 0, claim: '2', card: '5', scored: true });
    expect(state.history[0]?.combo).toBe('small-straight');
    expect(state.history[0]?.swapped).toBe(true);
    expect(announce.join('\n')).toContain('swaps');
    refused(state, ANN, { type: 'swap', card: '6' }, 'wrong-phase');
  });

  it('GIVEN the starting player swaps before everyone declared THEN it is refused', () => {
    refused(negotiate(start()), ANN, { type: 'swap', card: '5' }, 'wrong-phase');
  });
});

describe('the reveal and the next round', () => {
  it('GIVEN a pair THEN those two keep their cards face up, the others shuffle theirs back, all draw to seven', () => {
    let s = declareAll(negotiate(start()), { 0: ['7', '7'], 1: ['7', '7'], 2: ['2', '2'], 3: ['K', '5'] });
    s = act(s, ANN, { type: 'keep' }).state;
    expect(s.seats.map((x) => x.scored)).toEqual([['7'], ['7'], [], []]);
    expect(s.seats.every((x) => x.hand.length === 7)).toBe(true);
    expect(s.seats[2]?.deck).toContain('2');
    expect(s.startingSeat).toBe(1);
    expect(s.mode).toBe('high');
    expect(s.modeChosen).toBe(false);
    expect(engine.activePlayers(s)).toEqual(PLAYERS.map((p) => p.id));
    expect(s.history[0]?.plays.map((p) => p.claim)).toEqual(['7', '7', '2', 'K']);
  });

  it('GIVEN five rounds of four of a kind THEN all four win together', () => {
    let s = start();
    for (const rank of ['2', '3', '4', '5', '6'] as Rank[]) {
      s = declareAll(negotiate(s), { 0: [rank, rank], 1: [rank, rank], 2: [rank, rank], 3: [rank, rank] });
      s = act(s, s.seats[s.startingSeat]?.id ?? '', { type: 'keep' }).state;
    }
    expect(engine.outcome(s)?.winners).toEqual([ANN, BOB, CAT, DAN]);
    expect(s.phase).toBe('over');
    refused(s, ANN, { type: 'ready' }, 'game-over');
    expect(engine.activePlayers(s)).toEqual([]);
  });

  it('GIVEN a round cap of 1 THEN the player with the most scored cards wins after round one (R11)', () => {
    let s = start(undefined, { rounds: 1 });
    s = declareAll(negotiate(s), { 0: ['2', '2'], 1: ['4', '4'], 2: ['6', '6'], 3: ['8', '8'] });
    s = act(s, ANN, { type: 'keep' }).state;
    expect(engine.outcome(s)?.winners).toEqual([DAN]);
    expect(engine.outcome(s)?.summary).toContain('Round cap');
  });
});

describe('team seats and replays', () => {
  it('GIVEN a team seat THEN any member acts for it and sees its hand', () => {
    const players = PLAYERS.map((p, i) => (i === 0 ? { ...p, members: ['u-ann2'] } : p));
    const r = engine.setup({
      players,
      options: {},
      seed: 's',
      arrangement: { decks: ORDERED, startingSeat: 0 },
    });
    if (!r.ok) throw new Error('setup');
    expect(engine.apply(r.value, 'u-ann2', { type: 'mode', mode: 'low' }).ok).toBe(true);
    expect(engine.view(r.value, 'u-ann2').me?.hand).toEqual(r.value.seats[0]?.hand);
  });

  it('GIVEN the same seed and actions THEN the same state results, also after a JSON round trip', () => {
    const play = (roundTrip: boolean) => {
      let s = start({ startingSeat: 3 });
      for (let i = 0; i < 60 && !engine.outcome(s); i++) {
        const actor = engine.activePlayers(s)[0] ?? '';
        const action = engine.computerAction(s, actor);
        if (!action) throw new Error('no action');
        s = act(s, actor, action).state;
        if (roundTrip) s = JSON.parse(JSON.stringify(s)) as IcgState;
      }
      return s;
    };
    const a = play(false);
    expect(a.history.length).toBeGreaterThan(2);
    expect(play(true)).toEqual(a);
  });

  it('GIVEN every rank THEN a hand never holds one twice after setup', () => {
    const s = start({});
    for (const seat of s.seats) expect(new Set(seat.hand).size).toBe(7);
    expect(RANKS).toHaveLength(13);
  });
});

describe('what the platform registers', () => {
  it('GIVEN the engine THEN its id, options and slash actions fit Discord', () => {
    expect(engine.id).toBe('item-collection');
    expect([engine.minPlayers, engine.maxPlayers]).toEqual([4, 4]);
    expect(engine.rulesSummary.length).toBeLessThanOrEqual(4000);
    const shape = optionsSchema.shape;
    for (const [name, field] of Object.entries(shape)) {
      expect(name).toMatch(/^[a-z]{1,32}$/);
      expect(field.description?.length ?? 0).toBeGreaterThan(0);
      expect(field.description?.length ?? 999).toBeLessThanOrEqual(100);
    }
    for (const type of engine.slashActions) expect(type).toMatch(/^[a-z]{1,32}$/);
    expect(engine.slashActions).not.toContain('place'); // the secret card stays off slash commands
    expect(engine.computerStrategies.map((s) => s.id)).toEqual([
      'negotiator',
      'handler',
      'recruit',
      'honest',
      'opportunist',
      'reciprocator',
      'wildcard',
    ]);
  });

  it('GIVEN I type a claim THEN autocomplete offers my hand first, then the bluffs', () => {
    const s = start();
    const choices = engine.autocomplete(s, ANN, 'claim', 'rank', '');
    expect(choices).toHaveLength(13);
    expect(choices[0]).toEqual({ name: '2♠ (Two) in hand', value: '2' });
    expect(choices[7]?.value).toBe('9');
    expect(engine.autocomplete(s, ANN, 'claim', 'rank', 'q').map((c) => c.value)).toEqual(['Q']);
    expect(engine.autocomplete(s, ANN, 'mode', 'mode', 'l').map((c) => c.value)).toEqual(['low']);
  });
});
