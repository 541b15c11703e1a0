/** The Hunters' turn (rulebook 3.0) and the Referee's Leads (4.0), with rulings R7-R14, R20-R22, R25-R26. */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import {
  act,
  CARTEL,
  dice,
  edit,
  go,
  HUNTERS,
  HUNTERS2,
  placed,
  plan,
  refused,
  resolveAll,
  slotOf,
  toHunters,
} from './helpers.ts';

const faceUp = (s: KpState, card: string, fixedAt: string | null = null): KpState =>
  edit(s, (x) => {
    const t = x.topo.find((y) => y.card === card);
    if (t) Object.assign(t, { faceUp: true, fixedAt });
  });
const setCard = (
  s: KpState,
  id: string,
  zone: 'hidden' | 'fixed' | 'finished' | 'unplayed',
  at: string | null,
  discs = 0,
): KpState => edit(s, (x) => (x.cards[id] = { zone, at, discs }));
/** The Hunters at enforcement planning of turn 1, Intelligence skipped. */
const atEnforcement = (s: KpState): KpState => plan(toHunters(s), []);

describe('Kingpin Intelligence (rulebook 3.0)', () => {
  it('R10: GIVEN turn 1 THEN the Hunters have 1 Intelligence pawn, 3 Police and the Marina; a second Intelligence pawn is refused', () => {
    const s = toHunters(placed());
    expect(s.hunt.available).toEqual({ intel: 1, police: 3, marina: 1 });
    const one = go(s, HUNTERS, { type: 'add-pawn', pawn: 'intel', spot: `card:${slotOf(s, 'topo-emma')}` });
    expect(
      refused(one, HUNTERS, { type: 'add-pawn', pawn: 'intel', spot: `card:${slotOf(s, 'topo-mayo')}` }),
    ).toBe('no-pawn-left');
  });

  it('R11: GIVEN one member proposes THEN another confirms for the team and resolution begins', () => {
    const s = toHunters(placed());
    const proposed = go(s, HUNTERS2, {
      type: 'add-pawn',
      pawn: 'intel',
      spot: `card:${slotOf(s, 'topo-emma')}`,
    });
    expect(kingpin.view(proposed, HUNTERS).hunters?.proposal).toHaveLength(1);
    const confirmed = go(proposed, HUNTERS, { type: 'confirm' });
    expect(confirmed.phase).toBe('intel-resolve');
    expect(
      refused(confirmed, HUNTERS, {
        type: 'add-pawn',
        pawn: 'intel',
        spot: `card:${slotOf(s, 'topo-emma')}`,
      }),
    ).toBe('not-your-turn');
  });

  it('GIVEN a face-down Nexus THEN one Intelligence pawn flips it without a die', () => {
    const s = toHunters(placed());
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-emma')}` }]));
    expect(r.s.topo.find((t) => t.card === 'topo-emma')?.faceUp).toBe(true);
    expect(r.s.dice).toHaveLength(0);
  });

  it.each([
    [4, true],
    [3, false],
  ])('GIVEN a face-down Support and a roll of %i THEN it is flipped: %s', (roll, flipped) => {
    const s = dice(toHunters(placed()), roll);
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-cuerno')}` }]));
    expect(r.s.topo.find((t) => t.card === 'topo-cuerno')?.faceUp).toBe(flipped);
  });

  it('R14: GIVEN a found Nexus THEN Intelligence on it flips the first face-down Support of a linked subtype in display order', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-emma')}` }]));
    const flipped = r.s.topo.filter((t) => t.faceUp && t.card !== 'topo-emma');
    const first = s.topo.find((t) =>
      ['topo-cuerno', 'topo-condor', 'topo-antrax', 'topo-pilots', 'topo-boats'].includes(t.card),
    );
    expect(flipped.map((t) => t.card)).toEqual([first?.card]);
  });

  it('R14: GIVEN a found Support THEN Intelligence on the card itself finds nothing', () => {
    const s = faceUp(toHunters(placed()), 'topo-money');
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-money')}` }]));
    expect(r.s.topo.filter((t) => t.faceUp)).toHaveLength(1);
    expect(r.s.records.at(-1)?.found).toBe(false);
  });

  it('R7: GIVEN Emma Coronel face up THEN she bears Leads to the Locations of her linked Needs in play, and they vanish when a Need is Finished', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const emma = kingpin.view(s, HUNTERS).hunters?.display.find((t) => t.name === 'Emma Coronel');
    expect(emma?.leads.sort()).toEqual(['culiacan', 'mazatlan']);
    const finished = setCard(s, 'need-beach', 'finished', 'mazatlan');
    expect(
      kingpin.view(finished, HUNTERS).hunters?.display.find((t) => t.name === 'Emma Coronel')?.leads,
    ).toEqual(['culiacan']);
  });

  it('R7: GIVEN a face-down Nexus is flipped THEN the Hunters are told of each new Lead and the Cartel is not', () => {
    const s = toHunters(placed());
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-emma')}` }]));
    expect(kingpin.view(r.s, HUNTERS).log.join('\n')).toMatch(/Lead marker on Emma Coronel: Mazatlán/);
    expect(kingpin.view(r.s, CARTEL).log.join('\n')).not.toMatch(/Lead marker/);
  });

  it('R25: GIVEN a Lead on a Found card and a roll of 5 THEN the linked Hidden Needs are Fixed at their Locations', () => {
    const s = dice(faceUp(toHunters(placed()), 'topo-emma'), 5);
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `lead:${slotOf(s, 'topo-emma')}:mazatlan` }]));
    expect(r.s.cards['need-beach']?.zone).toBe('fixed');
    expect(r.s.cards['need-wife-twins']?.zone).toBe('fixed');
    expect(r.announce.join('\n')).toMatch(/Days by the Sea is Fixed at Mazatlán/);
  });

  it('R25: GIVEN a Lead on a Found card whose linked cards are all Fixed THEN nothing else is Fixed (no fallback)', () => {
    let s = faceUp(toHunters(placed()), 'topo-emma');
    s = setCard(setCard(s, 'need-beach', 'fixed', 'mazatlan'), 'need-wife-twins', 'fixed', 'culiacan');
    const r = resolveAll(
      plan(dice(s, 6), [{ pawn: 'intel', spot: `lead:${slotOf(s, 'topo-emma')}:culiacan` }]),
    );
    expect(r.s.chapo.fixed).toBe(false);
    expect(r.s.cards['def-halcones']?.zone).toBe('hidden');
  });

  it('R12: GIVEN an Intelligence die THEN only the Hunters see it; the Cartel and the public do not', () => {
    const s = dice(toHunters(placed()), 2);
    const r = resolveAll(plan(s, [{ pawn: 'intel', spot: `card:${slotOf(s, 'topo-cuerno')}` }]));
    expect(kingpin.view(r.s, HUNTERS).dice).toEqual([{ pawn: 'intel', roll: 2, turn: 1 }]);
    expect(kingpin.view(r.s, CARTEL).dice).toEqual([]);
    expect(kingpin.view(r.s, null).dice).toEqual([]);
  });

  it('GIVEN a card bearing a Lead THEN the Hunters may move it to that Fixed Location, not to another', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const slot = slotOf(s, 'topo-emma');
    expect(refused(s, HUNTERS, { type: 'fix-card', slot, location: 'guadalajara' })).toBe('no-such-lead');
    const r = act(s, HUNTERS, { type: 'fix-card', slot, location: 'mazatlan' });
    expect(r.s.topo.find((t) => t.slot === slot)?.fixedAt).toBe('mazatlan');
    expect(kingpin.view(r.s, null).fixed.topo.map((t) => t.name)).toEqual(['Emma Coronel']);
  });

  it('R24: GIVEN a person whose terrain does not include the Lead’s Location THEN the card may still be moved there', () => {
    // Emma Coronel's terrain is rural, city and coast; a Lead may name a mountain Location.
    let s = faceUp(toHunters(placed()), 'topo-emma');
    s = setCard(s, 'need-fiesta', 'hidden', 'la-tuna');
    const r = act(s, HUNTERS, { type: 'fix-card', slot: slotOf(s, 'topo-emma'), location: 'la-tuna' });
    expect(r.s.topo.find((t) => t.card === 'topo-emma')?.fixedAt).toBe('la-tuna');
  });

  it('GIVEN a Detection Defense that takes a pawn THEN the Hunters have one fewer and the public hears only that a Hidden Defense was used', () => {
    const s = edit(
      placed(),
      (x) => (x.cards['def-bought-police'] = { zone: 'hidden', at: 'culiacan', discs: 0 }),
    );
    const r = act(s, CARTEL, { type: 'end-turn' });
    expect(r.s.hunt.available.police).toBe(2);
    expect(r.announce).toContain('The Cartel used a Hidden Defense.');
    expect(r.announce.join()).not.toMatch(/Informants/);
  });
});

describe('Kingpin Police and the Marina (rulebook 3.0)', () => {
  it('R13: GIVEN Halcones Hidden in Culiacán THEN the first Police pawn there does nothing and the public hears only that a Defense was used', () => {
    const s = atEnforcement(placed());
    const r = resolveAll(dice(plan(s, [{ pawn: 'police', spot: 'loc:culiacan' }]), 6));
    expect(r.announce).toContain('The Cartel used a Hidden Defense.');
    expect(r.announce.join()).not.toMatch(/Halcones/);
    expect(r.s.chapo.fixed).toBe(false);
    expect(kingpin.view(r.s, CARTEL).log.join()).toMatch(/Halcones Lookouts was used/);
  });

  it('R9: GIVEN a successful Police roll where several things are Hidden THEN the Cartel chooses, and the Hunters wait', () => {
    const s = atEnforcement(placed());
    const r = resolveAll(
      dice(
        plan(s, [
          { pawn: 'police', spot: 'loc:culiacan' },
          { pawn: 'police', spot: 'loc:culiacan' },
        ]),
        6,
        5,
      ),
    );
    expect(r.s.pending?.options).toEqual(['def-halcones', 'need-wife-twins', 'chapo']);
    expect(kingpin.waits(r.s).map((w) => w.player)).toEqual([CARTEL]);
    expect(refused(r.s, HUNTERS, { type: 'resolve', index: 1 })).toBe('fix-pending');
    const chosen = act(r.s, CARTEL, { type: 'choose-fix', option: 'chapo' });
    expect(chosen.s.chapo).toMatchObject({ fixed: true, at: 'culiacan' });
    expect(chosen.announce.join()).toMatch(/El Chapo is Fixed at Culiacán/);
  });

  it('R8: GIVEN a Lead on a Fixed card with no linked card Hidden THEN the Marina Fixes one other thing at the Lead’s Location', () => {
    let s = faceUp(placed(), 'topo-emma', 'mazatlan');
    s = setCard(setCard(s, 'need-beach', 'fixed', 'mazatlan'), 'need-wife-twins', 'fixed', 'culiacan');
    s = atEnforcement(s);
    const r = resolveAll(plan(s, [{ pawn: 'marina', spot: `lead:${slotOf(s, 'topo-emma')}:culiacan` }]));
    expect(r.s.pending?.options).toEqual(['def-halcones', 'chapo']);
    expect(r.s.dice).toHaveLength(0);
  });

  it('GIVEN Police on a Fixed Need with Chapo Hidden there THEN the Need is Finished with its discs and Chapo is Fixed', () => {
    let s = setCard(placed(), 'need-wife-twins', 'fixed', 'culiacan', 1);
    s = atEnforcement(setCard(s, 'def-halcones', 'hidden', 'los-mochis'));
    const r = resolveAll(dice(plan(s, [{ pawn: 'police', spot: 'fixed:need-wife-twins' }]), 4));
    expect(r.s.cards['need-wife-twins']).toMatchObject({ zone: 'finished', discs: 1 });
    expect(r.s.chapo.fixed).toBe(true);
    expect(kingpin.view(r.s, null).finished.map((c) => c.name)).toEqual(['Visit Wife and Twins']);
  });

  it('GIVEN Chapo Fixed THEN the Marina on his Location captures him and the Hunters win at once', () => {
    const s = atEnforcement(edit(placed(), (x) => (x.chapo.fixed = true)));
    const r = resolveAll(plan(s, [{ pawn: 'marina', spot: 'loc:culiacan' }]));
    expect(r.s.phase).toBe('over');
    expect(kingpin.outcome(r.s)?.winners).toEqual([HUNTERS]);
    expect(r.announce.join()).toMatch(/captures El Chapo/);
    expect(refused(r.s, CARTEL, { type: 'end-turn' })).toBe('game-over');
  });

  it('R20: GIVEN the Marina planned on a Fixed card where Chapo is Fixed THEN it may act on the Location itself and capture', () => {
    let s = setCard(placed(), 'need-wife-twins', 'fixed', 'culiacan');
    s = atEnforcement(edit(s, (x) => (x.chapo.fixed = true)));
    s = plan(s, [{ pawn: 'marina', spot: 'fixed:need-wife-twins' }]);
    const r = act(s, HUNTERS, { type: 'resolve', index: 0, here: true });
    expect(r.s.chapo.captured).toBe(true);
  });

  it('R21: GIVEN 300 Armed Guards where Chapo is Fixed THEN the Marina alone fails, and with 2 Police planned there it captures', () => {
    let s = edit(placed(), (x) => {
      x.chapo = { at: 'badiraguato', fixed: true, captured: false };
      x.cards['def-armed-guards'] = { zone: 'hidden', at: 'badiraguato', discs: 0 };
    });
    s = atEnforcement(s);
    const alone = resolveAll(plan(s, [{ pawn: 'marina', spot: 'loc:badiraguato' }]));
    expect(alone.s.chapo.captured).toBe(false);
    expect(alone.announce).toContain('The Cartel used a Hidden Defense.');
    const backed = resolveAll(
      dice(
        plan(s, [
          { pawn: 'police', spot: 'loc:badiraguato' },
          { pawn: 'police', spot: 'loc:badiraguato' },
          { pawn: 'marina', spot: 'loc:badiraguato' },
        ]),
        1,
        1,
      ),
    );
    expect(backed.s.chapo.captured).toBe(true);
  });

  it('R13: GIVEN Mirror Relays where a card would be Fixed THEN the first Fix that turn fails and the second works', () => {
    let s = setCard(placed(), 'def-mirror-relays', 'hidden', 'mazatlan');
    s = atEnforcement(s);
    const r = resolveAll(
      dice(
        plan(s, [
          { pawn: 'police', spot: 'loc:mazatlan' },
          { pawn: 'police', spot: 'loc:mazatlan' },
        ]),
        5,
        5,
      ),
    );
    // Two things Hidden in Mazatlán: the first success asks the Cartel to choose.
    expect(r.s.pending?.options).toEqual(['def-mirror-relays', 'need-beach']);
    const first = act(r.s, CARTEL, { type: 'choose-fix', option: 'need-beach' });
    expect(first.s.cards['need-beach']?.zone).toBe('hidden');
    expect(first.announce).toContain('The Cartel used a Hidden Defense.');
    const rest = resolveAll(first.s);
    const second = rest.s.pending
      ? act(rest.s, CARTEL, { type: 'choose-fix', option: 'need-beach' }).s
      : rest.s;
    expect(second.cards['need-beach']?.zone).toBe('fixed');
  });

  it('R22: GIVEN the bathtub tunnel where Chapo is Fixed THEN he slips along the escape route to Mazatlán, still Fixed', () => {
    let s = edit(placed(), (x) => {
      x.cards['def-halcones'] = { zone: 'unplayed', at: null, discs: 0 };
      x.cards['need-wife-twins'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
      x.cards['def-bathtub-tunnel'] = { zone: 'hidden', at: 'culiacan', discs: 0 };
    });
    s = atEnforcement(s);
    const r = resolveAll(plan(s, [{ pawn: 'marina', spot: 'loc:culiacan' }]));
    const chosen = act(r.s, CARTEL, { type: 'choose-fix', option: 'chapo' });
    expect(chosen.s.chapo).toMatchObject({ at: 'mazatlan', fixed: true, captured: false });
    expect(chosen.announce.join('\n')).toMatch(/slips away to Mazatlán/);
  });

  it('R26: GIVEN the Cartel choosing a Fix THEN the Hunters may not move cards meanwhile', () => {
    let s = faceUp(placed(), 'topo-emma');
    s = atEnforcement(s);
    const r = resolveAll(
      dice(
        plan(s, [
          { pawn: 'police', spot: 'loc:culiacan' },
          { pawn: 'police', spot: 'loc:culiacan' },
        ]),
        6,
        6,
      ),
    );
    expect(r.s.pending).not.toBeNull();
    expect(
      refused(r.s, HUNTERS, { type: 'fix-card', slot: slotOf(s, 'topo-emma'), location: 'culiacan' }),
    ).toBe('fix-pending');
  });

  it('GIVEN enforcement confirmed THEN the plan is public and the turn track advances after the last pawn', () => {
    const s = atEnforcement(placed());
    const r = act(s, HUNTERS, { type: 'propose', placements: [{ pawn: 'police', spot: 'loc:guadalajara' }] });
    const c = act(r.s, HUNTERS, { type: 'confirm' });
    expect(c.announce.join()).toMatch(/Police on Guadalajara/);
    const asked = resolveAll(dice(c.s, 5));
    // R28: the Cartel answers even with only one thing Hidden there.
    expect(asked.s.pending?.options).toEqual(['need-launder']);
    const done = act(asked.s, CARTEL, { type: 'choose-fix', option: 'need-launder' });
    expect(done.s.cards['need-launder']?.zone).toBe('fixed');
    expect(done.s.turn).toBe(2);
    expect(done.s.phase).toBe('cartel');
  });

  it('GIVEN Police on a Lead or a Location THEN an Intelligence pawn cannot go there, nor Police in the Found area', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    expect(refused(s, HUNTERS, { type: 'add-pawn', pawn: 'intel', spot: 'loc:culiacan' })).toBe('bad-spot');
    expect(refused(s, HUNTERS, { type: 'add-pawn', pawn: 'police', spot: 'loc:culiacan' })).toBe('bad-spot');
    const e = plan(s, []);
    expect(
      refused(e, HUNTERS, {
        type: 'add-pawn',
        pawn: 'police',
        spot: `lead:${slotOf(s, 'topo-emma')}:culiacan`,
      }),
    ).toBe('bad-enforcement-spot');
  });
});
