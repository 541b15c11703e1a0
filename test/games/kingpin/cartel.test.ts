/** The Cartel's preparation and turn (rulebook 1 Setup, 2.0), with rulings R1-R6. */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { act, CARTEL, CARTEL2, edit, fresh, go, HUNTERS, placed, refused } from './helpers.ts';

describe('Kingpin setup (rulebook 1)', () => {
  it('GIVEN a new game THEN the Cartel holds its blind draw of 1 Defense and 3 Needs plus Chapo to place, and 9 Needs stay in the deck', () => {
    const s = fresh();
    expect(s.toPlace).toEqual(['def-halcones', 'need-wife-twins', 'need-beach', 'need-launder', 'chapo']);
    expect(s.needsDeck).toHaveLength(9);
    expect(s.phase).toBe('setup');
    expect(s.topo.every((t) => !t.faceUp)).toBe(true);
  });

  it('R1: GIVEN host:hunters THEN the first seat plays the Hunters; three seats are refused', () => {
    const r = kingpin.setup({
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      options: { host: 'hunters' },
      seed: 's',
    });
    expect(r.ok && r.value.seats.map((x) => x.side)).toEqual(['hunters', 'cartel']);
    const three = kingpin.setup({
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' },
      ],
      options: { host: 'cartel' },
      seed: 's',
    });
    expect(three.ok).toBe(false);
  });

  it('R2: GIVEN a Need on unsuitable terrain THEN it is refused, citing the rulebook and listing the legal Locations', () => {
    const r = kingpin.apply(fresh(), CARTEL, {
      type: 'setup-place',
      item: 'need-beach',
      location: 'la-tuna',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-location');
      expect(r.error.message).toMatch(/rulebook 1, Setup/);
      expect(r.error.message).toMatch(/Mazatlán/);
      expect((r.error as { rule?: string }).rule).toMatch(/rulebook 1/);
    }
  });

  it('R2: GIVEN the items placed in any order THEN the first Cartel turn begins and the public sees nothing Hidden', () => {
    const s = placed();
    expect(s.phase).toBe('cartel');
    expect(s.turn).toBe(1);
    const pub = JSON.stringify(kingpin.view(s, null));
    expect(pub).not.toContain('need-wife-twins');
    expect(pub).not.toContain('Halcones');
    expect(kingpin.view(s, null).chapo).toEqual({ status: 'hidden', at: null });
  });
});

describe('Kingpin Cartel turn (rulebook 2.0)', () => {
  it('GIVEN three actions spent THEN a fourth is refused (too-many-actions)', () => {
    const s = go(
      placed(),
      CARTEL,
      { type: 'fulfil', card: 'need-wife-twins' },
      { type: 'place-defense', card: 'def-steel-doors', location: 'mazatlan' },
    );
    expect(s.cartel.actions).toBe(3);
    expect(refused(s, CARTEL, { type: 'move-chapo', location: 'mazatlan' })).toBe('too-many-actions');
  });

  it('GIVEN two Chapo actions THEN a third Chapo action is refused (too-many-chapo)', () => {
    const s = go(
      placed(),
      CARTEL,
      { type: 'move-chapo', location: 'mazatlan' },
      { type: 'move-chapo', location: 'culiacan' },
    );
    expect(refused(s, CARTEL, { type: 'move-chapo', location: 'mazatlan' })).toBe('too-many-chapo');
  });

  it('GIVEN a Fulfil this turn THEN a second is refused (fulfil-once) even at another Need', () => {
    const s = go(placed(), CARTEL, { type: 'fulfil', card: 'need-wife-twins' });
    expect(s.cards['need-wife-twins']?.discs).toBe(1);
    expect(refused(s, CARTEL, { type: 'fulfil', card: 'need-wife-twins' })).toBe('fulfil-once');
  });

  it('GIVEN a Need away from Chapo or a Finished Need THEN Fulfil is refused', () => {
    const s = placed();
    expect(refused(s, CARTEL, { type: 'fulfil', card: 'need-beach' })).toBe('not-with-chapo');
    const finished = edit(s, (x) => {
      const c = x.cards['need-wife-twins'];
      if (c) c.zone = 'finished';
    });
    expect(refused(finished, CARTEL, { type: 'fulfil', card: 'need-wife-twins' })).toBe('not-with-chapo');
  });

  it('R4: GIVEN a Fixed Need and a Hidden Chapo at the same named Location THEN Chapo may fulfil it, and the disc is public', () => {
    const s = edit(placed(), (x) => {
      const c = x.cards['need-wife-twins'];
      if (c) c.zone = 'fixed';
    });
    const r = act(s, CARTEL, { type: 'fulfil', card: 'need-wife-twins' });
    expect(r.s.cards['need-wife-twins']?.discs).toBe(1);
    expect(r.announce.join()).toMatch(/Wife and Twins \(Fixed\): 1\/2/);
  });

  it('GIVEN a $$ Defense THEN placing it costs 2 actions; a Defense on wrong terrain is refused', () => {
    const s = go(placed(), CARTEL, {
      type: 'place-defense',
      card: 'def-armed-guards',
      location: 'badiraguato',
    });
    expect(s.cartel.actions).toBe(2);
    expect(
      refused(placed(), CARTEL, { type: 'place-defense', card: 'def-armed-guards', location: 'culiacan' }),
    ).toBe('illegal-location');
  });

  it('R3: GIVEN an Exposure box already used at a Location THEN a second Exposure Defense there is refused (box-taken)', () => {
    expect(
      refused(placed(), CARTEL, { type: 'place-defense', card: 'def-steel-doors', location: 'culiacan' }),
    ).toBe('box-taken');
  });

  it('GIVEN a Hidden Defense THEN it moves Hidden to Hidden for its move cost; a Fixed one only Fixed to Fixed; a Finished one never', () => {
    const s = go(placed(), CARTEL, { type: 'move-defense', card: 'def-halcones', location: 'mazatlan' });
    expect(s.cards['def-halcones']).toMatchObject({ zone: 'hidden', at: 'mazatlan' });
    expect(s.cartel.actions).toBe(1);
    const fixed = edit(placed(), (x) => {
      const c = x.cards['def-halcones'];
      if (c) c.zone = 'fixed';
    });
    const moved = act(fixed, CARTEL, { type: 'move-defense', card: 'def-halcones', location: 'los-mochis' });
    expect(moved.s.cards['def-halcones']).toMatchObject({ zone: 'fixed', at: 'los-mochis' });
    expect(moved.announce.join()).toMatch(/Halcones Lookouts \(Fixed\)/);
    const finished = edit(placed(), (x) => {
      const c = x.cards['def-halcones'];
      if (c) c.zone = 'finished';
    });
    expect(
      refused(finished, CARTEL, { type: 'move-defense', card: 'def-halcones', location: 'mazatlan' }),
    ).toBe('not-on-board');
  });

  it('R5: GIVEN Chapo Fixed THEN he may move but stays Fixed, and a move back to Hidden is refused', () => {
    const s = edit(placed(), (x) => (x.chapo.fixed = true));
    const r = act(s, CARTEL, { type: 'move-chapo', location: 'mazatlan' });
    expect(r.s.chapo).toMatchObject({ at: 'mazatlan', fixed: true });
    expect(r.announce.join()).toMatch(/moves to Mazatlán \(Fixed\)/);
    expect(refused(s, CARTEL, { type: 'move-chapo', location: 'mazatlan', reveal: false })).toBe(
      'fixed-to-hidden',
    );
  });

  it('R5: GIVEN Chapo Hidden THEN he may be revealed in place (a Chapo action) but not "moved" to where he is', () => {
    const s = placed();
    expect(refused(s, CARTEL, { type: 'move-chapo', location: 'culiacan' })).toBe('same-location');
    const r = act(s, CARTEL, { type: 'move-chapo', location: 'culiacan', reveal: true });
    expect(r.s.chapo.fixed).toBe(true);
    expect(r.s.cartel.chapoActions).toBe(1);
  });

  it('R6: GIVEN a drawn Need THEN it must be placed before anything else, costs no action, and counts toward victory', () => {
    const s = go(placed(), CARTEL, { type: 'draw-need' });
    const drawn = s.cartel.drawn ?? '';
    expect(drawn).not.toBe('');
    expect(refused(s, CARTEL, { type: 'end-turn' })).toBe('place-drawn-first');
    expect(refused(s, CARTEL, { type: 'draw-need' })).toBe('place-drawn-first');
    const spot = kingpin.view(s, CARTEL).options[0]?.action;
    const after = go(s, CARTEL, spot ?? { type: 'end-turn' });
    expect(after.cards[drawn]?.zone).toBe('hidden');
    expect(after.cartel.actions).toBe(0);
  });

  it('GIVEN an empty Needs deck THEN drawing is refused (deck-empty)', () => {
    expect(
      refused(
        edit(placed(), (x) => (x.needsDeck = [])),
        CARTEL,
        { type: 'draw-need' },
      ),
    ).toBe('deck-empty');
  });

  it('R11: GIVEN a Cartel team of two THEN either member acts for the seat, and the Hunters may not act in its turn', () => {
    const s = go(placed(), CARTEL2, { type: 'move-chapo', location: 'mazatlan' });
    expect(s.chapo.at).toBe('mazatlan');
    expect(refused(s, HUNTERS, { type: 'confirm' })).toBe('not-your-turn');
    expect(refused(s, 'stranger', { type: 'end-turn' })).toBe('not-seated');
  });

  it('R30: GIVEN a Mobility Defense that travels with Chapo THEN it gives a free move each turn, used only when the Cartel chooses it, and its Hidden use is announced as such', () => {
    const s = edit(
      placed(),
      (x) => (x.cards['def-suv-convoy'] = { zone: 'hidden', at: 'with-chapo', discs: 0 }),
    );
    const r = act(s, CARTEL, { type: 'move-chapo', location: 'mazatlan', free: true });
    expect(r.s.cartel.actions).toBe(0);
    expect(r.announce).toEqual(['The Cartel used a Hidden Defense.']);
    const second = act(r.s, CARTEL, { type: 'move-chapo', location: 'culiacan' });
    expect(second.s.cartel.actions).toBe(1);
    expect(second.announce).toEqual([]);
    expect(refused(second.s, CARTEL, { type: 'move-chapo', location: 'mazatlan', free: true })).toBe(
      'no-free-move',
    );
  });
});
