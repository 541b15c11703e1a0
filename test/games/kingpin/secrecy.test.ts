/**
 * What the Referee may say (rulings R28-R33, issue #23): each announcement, wait and board reads the
 * same whatever is Hidden, and the Cartel's choices are offered, never made for it. Each test
 * compares twins: two states that differ only in what the other side cannot see.
 */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';
import { legalActions } from '../../../src/games/kingpin/legal.ts';
import { seedRng } from '../../../src/games/rng.ts';
import { runOutWait } from '../../../src/games/waits.ts';
import {
  act,
  CARTEL,
  dice,
  edit,
  forcedFixAtGuadalajara,
  fresh,
  HUNTERS,
  placed,
  plan,
  refused,
  slotOf,
  toHunters,
} from './helpers.ts';

/** Police planned on `spot` (and a second pawn, so the turn does not end), turn 1. */
const policeOn = (s: KpState, spot: string): KpState =>
  plan(plan(toHunters(s), []), [
    { pawn: 'police', spot },
    { pawn: 'police', spot: 'loc:los-cabos' },
  ]);

/** What the public and the Hunters read of a state: board, Hunters' view, waits. */
function readable(s: KpState): string {
  const pub = kingpin.present(kingpin.view(s, null), { viewer: null });
  const hun = kingpin.present(kingpin.view(s, HUNTERS), { viewer: HUNTERS });
  const waits = kingpin.waits(s).map((w) => [w.player, w.for, w.rule]);
  return JSON.stringify([pub, hun, waits, kingpin.activePlayers(s)]);
}

/** Guadalajara holding nothing, one Need, or two Needs (Hidden). */
const withAtGuadalajara = (n: 0 | 1 | 2): KpState =>
  edit(placed(), (x) => {
    if (n === 0) x.cards['need-launder'] = { zone: 'hidden', at: 'culiacan', discs: 0 };
    if (n === 2) x.cards['need-beach'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
  });

describe('R28: whenever anything is Hidden where a Fix is asked, the Cartel answers', () => {
  const asked = ([0, 1, 2] as const).map((n) =>
    act(dice(policeOn(withAtGuadalajara(n), 'loc:guadalajara'), 5), HUNTERS, { type: 'resolve', index: 0 }),
  );

  it('GIVEN one thing or two Hidden where Police succeed THEN the same words are said and the Cartel is waited on', () => {
    const [, one, two] = asked;
    expect(one?.announce).toEqual([
      'Police on Guadalajara: rolled 5.',
      'The Cartel must Fix one thing Hidden at Guadalajara.',
    ]);
    expect(two?.announce).toEqual(one?.announce);
    expect(readable(two!.s)).toBe(readable(one!.s));
    expect(kingpin.waits(one!.s)[0]).toMatchObject({
      player: CARTEL,
      for: 'choose what to Fix',
      rule: 'kingpin R15',
    });
    // The Record waits for the answer.
    expect(one?.s.records).toEqual([]);
  });

  it('GIVEN one thing Hidden there THEN the Cartel still answers, and it is Fixed with a Record of something found', () => {
    const one = asked[1]!.s;
    expect(legalActions(one, 'cartel')).toEqual([{ type: 'choose-fix', option: 'need-launder' }]);
    expect(refused(one, CARTEL, { type: 'choose-fix', option: 'need-beach' })).toBe('bad-choice');
    const r = act(one, CARTEL, { type: 'choose-fix', option: 'need-launder' });
    expect(r.announce).toEqual(['Launder the Proceeds is Fixed at Guadalajara.']);
    expect(r.s.cards['need-launder']?.zone).toBe('fixed');
    expect(r.s.records.at(-1)).toMatchObject({ pawn: 'police', spot: 'loc:guadalajara', found: true });
  });

  it('GIVEN nothing Hidden there THEN the result is said at once, as the rulebook makes it public, with a Record of nothing found', () => {
    const none = asked[0]!;
    expect(none.announce).toEqual(['Police on Guadalajara: rolled 5.', 'Nothing is Hidden at Guadalajara.']);
    expect(none.s.pending).toBeNull();
    expect(none.s.records.at(-1)).toMatchObject({ spot: 'loc:guadalajara', found: false });
  });
});

describe('R28 and R12: a screened Intelligence die stays screened', () => {
  it('GIVEN Intelligence on a Lead of a Fixed card finds nothing Hidden there THEN only the Hunters hear it, and the public reads what a failed roll gives', () => {
    const s = plan(
      toHunters(
        edit(placed(), (x) => {
          const t = x.topo.find((y) => y.card === 'topo-emma');
          if (t) Object.assign(t, { faceUp: true, fixedAt: 'mazatlan' });
          x.cards['need-beach'] = { zone: 'fixed', at: 'mazatlan', discs: 0 };
          x.cards['need-wife-twins'] = { zone: 'fixed', at: 'culiacan', discs: 0 };
          x.cards['def-halcones'] = { zone: 'hidden', at: 'los-mochis', discs: 0 };
          x.chapo.at = 'guadalajara';
        }),
      ),
      [{ pawn: 'intel', spot: `lead:${slotOf(placed(), 'topo-emma')}:culiacan` }],
    );
    const hit = act(dice(s, 5), HUNTERS, { type: 'resolve', index: 0 });
    const miss = act(dice(s, 2), HUNTERS, { type: 'resolve', index: 0 });
    expect(hit.announce).toEqual(miss.announce);
    const pub = (x: KpState): string =>
      JSON.stringify(kingpin.present(kingpin.view(x, null), { viewer: null }));
    const car = (x: KpState): string =>
      JSON.stringify(kingpin.present(kingpin.view(x, CARTEL), { viewer: CARTEL }));
    expect(pub(hit.s)).toBe(pub(miss.s));
    expect(car(hit.s)).toBe(car(miss.s));
    expect(kingpin.view(hit.s, HUNTERS).log).toContain('Nothing is Hidden at Culiacán.');
  });
});

describe('R29: a weakening Defense acts only when it changes the roll', () => {
  const pine = edit(
    placed(),
    (x) => (x.cards['def-pine-huts'] = { zone: 'hidden', at: 'la-tuna', discs: 0 }),
  );
  const bare = placed();
  const roll = (s: KpState, r: number) =>
    act(dice(policeOn(s, 'loc:la-tuna'), r), HUNTERS, { type: 'resolve', index: 0 });

  it.each([1, 2, 3])(
    'GIVEN Pine-Hut Camps Hidden and a roll of %i THEN nothing more is said than without it',
    (r) => {
      const a = roll(pine, r);
      const b = roll(bare, r);
      expect(a.announce).toEqual([`Police on La Tuna: rolled ${r}.`]);
      expect(a.announce).toEqual(b.announce);
      expect(readable(a.s)).toBe(readable(b.s));
    },
  );

  it.each([4, 5])(
    'GIVEN Pine-Hut Camps Hidden and a roll of %i THEN only a Hidden Defense used is announced, not what was needed',
    (r) => {
      const a = roll(pine, r);
      expect(a.announce).toEqual([`Police on La Tuna: rolled ${r}.`, 'The Cartel used a Hidden Defense.']);
      expect(a.s.pending).toBeNull();
    },
  );

  it('GIVEN a 6 THEN Police succeed there all the same and the Cartel is asked', () => {
    expect(roll(pine, 6).s.pending).toMatchObject({ at: 'la-tuna' });
  });
});

describe('R30: the free move is the Cartel’s choice', () => {
  const convoy = edit(
    placed(),
    (x) => (x.cards['def-suv-convoy'] = { zone: 'hidden', at: 'with-chapo', discs: 0 }),
  );

  it('GIVEN a Mobility Defense with Chapo THEN both moves are offered, and an ordinary one says what a Cartel without it says: nothing', () => {
    const moves = legalActions(convoy, 'cartel').filter(
      (a) => a.type === 'move-chapo' && a.location === 'mazatlan',
    );
    expect(moves).toEqual([
      { type: 'move-chapo', location: 'mazatlan' },
      { type: 'move-chapo', location: 'mazatlan', reveal: true },
      { type: 'move-chapo', location: 'mazatlan', free: true },
      { type: 'move-chapo', location: 'mazatlan', reveal: true, free: true },
    ]);
    const a = act(convoy, CARTEL, { type: 'move-chapo', location: 'mazatlan' });
    const b = act(placed(), CARTEL, { type: 'move-chapo', location: 'mazatlan' });
    expect(a.announce).toEqual([]);
    expect(readable(a.s)).toBe(readable(b.s));
    expect(a.s.cartel.freeUsed).toEqual([]);
  });

  it('GIVEN both Chapo actions spent THEN the free move is what is left, and the refusal says so', () => {
    let s = act(convoy, CARTEL, { type: 'move-chapo', location: 'mazatlan' }).s;
    s = act(s, CARTEL, { type: 'move-chapo', location: 'culiacan' }).s;
    const r = kingpin.apply(s, CARTEL, { type: 'move-chapo', location: 'mazatlan' });
    expect(!r.ok && r.error.code).toBe('too-many-chapo');
    expect(!r.ok && r.error.message).toMatch(/free move/);
    expect(act(s, CARTEL, { type: 'move-chapo', location: 'mazatlan', free: true }).announce).toEqual([
      'The Cartel used a Hidden Defense.',
    ]);
  });
});

describe('R30 and R15: what a free move and a silent Cartel give away', () => {
  it('GIVEN two Fixed Mobility Defenses reaching Chapo, one at his Location and one with him THEN the free move comes from the one with him, whose name says nothing of where he is', () => {
    const s = edit(placed(), (x) => {
      x.chapo.at = 'badiraguato';
      x.cards['def-light-aircraft'] = { zone: 'fixed', at: 'badiraguato', discs: 0 };
      x.cards['def-suv-convoy'] = { zone: 'fixed', at: 'with-chapo', discs: 0 };
    });
    expect(act(s, CARTEL, { type: 'move-chapo', location: 'mazatlan', free: true }).announce).toEqual([
      'The Cartel used Armored SUV Convoy: a free move for Chapo.',
    ]);
  });

  it('R15: GIVEN a forced Fix between a Need with a disc and a Defense THEN the default gives up the Defense, whatever the dice to come', () => {
    const base = edit(forcedFixAtGuadalajara(placed(), ['need-launder', 'def-halcones']), (x) => {
      x.cards['need-launder'] = { ...x.cards['need-launder']!, discs: 1 };
    });
    for (const seed of ['a', 'b', 'c', 'd']) {
      const s = edit(base, (x) => (x.rng = seedRng(seed)));
      expect(kingpin.waits(s)[0]?.default).toEqual({ type: 'choose-fix', option: 'def-halcones' });
    }
  });
});

describe('R31: defaults draw on hidden chance', () => {
  const chapoDefault = (s: KpState): string | undefined => {
    let x = s;
    for (let n = 0; n < 4; n++) {
      const r = runOutWait(kingpin, x, kingpin.waits(x)[0]?.key ?? '');
      if (!r.ok) throw new Error(r.error.message);
      x = r.value.state;
    }
    const w = kingpin.waits(x)[0]?.default;
    return w?.type === 'setup-place' ? w.location : undefined;
  };

  it('GIVEN the same state THEN the same default, and applying it leaves the dice to come as they were', () => {
    const s = fresh();
    expect(kingpin.waits(s)[0]?.default).toEqual(kingpin.waits(structuredClone(s))[0]?.default);
    const r = runOutWait(kingpin, s, kingpin.waits(s)[0]?.key ?? '');
    expect(r.ok && r.value.state.rng).toEqual(s.rng);
  });

  it('GIVEN states that differ only in the hidden generator THEN a silent Cartel’s Chapo goes to different Locations', () => {
    const places = new Set(
      Array.from({ length: 30 }, (_, n) => chapoDefault(edit(fresh(), (x) => (x.rng = seedRng(`r31-${n}`))))),
    );
    expect(places.size).toBeGreaterThan(4);
  });

  it('GIVEN a silent Cartel holding a drawn Need THEN it goes to a suitable Location picked at random, not always the first', () => {
    const drawn = act(placed(), CARTEL, { type: 'draw-need' }).s;
    const places = new Set(
      Array.from({ length: 30 }, (_, n) => {
        const w = kingpin.waits(edit(drawn, (x) => (x.rng = seedRng(`r31-need-${n}`))))[0]
          ?.default as KpAction;
        return w.type === 'place-need' ? w.location : '';
      }),
    );
    expect(places.size).toBeGreaterThan(1);
  });
});

describe('R32: the blind draw is seen whole', () => {
  it('GIVEN a new game THEN the Cartel’s view lists the Defense and the three Needs before anything is placed, and any may go first', () => {
    const s = fresh();
    const panel = JSON.stringify(kingpin.present(kingpin.view(s, CARTEL), { viewer: CARTEL }));
    for (const name of ['Halcones Lookouts', 'Visit Wife', 'Days by the Sea', 'Launder'])
      expect(panel).toContain(name);
    const picked = act(s, CARTEL, { type: 'pick', card: 'need-beach' }).s;
    expect(kingpin.waits(picked)[0]?.default).toMatchObject({ type: 'setup-place', item: 'need-beach' });
    const placedFirst = act(picked, CARTEL, {
      type: 'setup-place',
      item: 'need-beach',
      location: 'mazatlan',
    }).s;
    expect(placedFirst.toPlace).toEqual(['def-halcones', 'need-wife-twins', 'need-launder', 'chapo']);
    expect(refused(placedFirst, CARTEL, { type: 'pick', card: 'need-beach' })).toBe('nothing-to-place');
  });
});

describe('R33: computers see what their side sees', () => {
  it('GIVEN the Hunters’ hidden moves and the dice to come differ THEN a Reckless Cartel (and a Cartel newcomer’s hint) chooses the same', () => {
    let s = edit(placed(), (x) => (x.seats[0]!.computer = 'reckless'));
    for (let turn = 0; turn < 12 && s.phase === 'cartel'; turn++) {
      const twin = edit(s, (x) => {
        x.seq += 3;
        x.rng = seedRng(`r33-${turn}`);
        const t = x.topo.find((y) => !y.faceUp);
        if (t) t.faceUp = true;
      });
      const a = kingpin.computerAction(s, CARTEL);
      expect(kingpin.computerAction(twin, CARTEL)).toEqual(a);
      s = act(s, CARTEL, a!).s;
    }
  });
});
