/** Pictures per viewer: drawn from views, readable, small, and the public one shows nothing Hidden. */
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { rasterise } from '../../../src/bot/discord/pictures.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';
import { MIN_TEXT_PX } from '../../../src/games/picture.ts';
import { CARTEL, HUNTERS, fresh } from './helpers.ts';

/** A mid-game state: the first time something is Fixed in a seeded game between computers. */
function midGame(): KpState {
  let found = null as KpState | null;
  const r = playout(kingpin, {
    seed: 'picture-3',
    onStep: (s) => {
      if (
        !found &&
        s.turn >= 4 &&
        s.topo.some((t) => t.fixedAt) &&
        Object.values(s.cards).some((c) => c.zone === 'fixed')
      )
        found = structuredClone(s);
    },
  });
  return found ?? r.state;
}

/** The same table with the test's seat ids. */
const asSeats = (s: KpState): KpState => ({
  ...s,
  seats: s.seats.map((x) => {
    const id = x.side === 'cartel' ? CARTEL : HUNTERS;
    return { ...x, id, members: [id] };
  }),
});

describe('Kingpin pictures', () => {
  const s = asSeats(midGame());
  const viewers = [
    ['public Fixed map', null, 'fixed-map'],
    ["Cartel's Hidden map", CARTEL, 'hidden-map'],
    ["Hunters' topography display", HUNTERS, 'topography'],
  ] as const;

  it.each(viewers)(
    'GIVEN the %s THEN it is a PNG about 1080 px wide, under 1 MiB, with no text under 14 px',
    async (_name, viewer, kind) => {
      const picture = kingpin.picture?.(kingpin.view(s, viewer), { viewer });
      expect(picture?.kind).toBe(kind);
      if (!picture) return;
      for (const m of picture.svg.matchAll(/font-size="(\d+)"/g))
        expect(Number(m[1])).toBeGreaterThanOrEqual(MIN_TEXT_PX);
      const png = await rasterise(picture);
      const img = PNG.sync.read(png);
      expect(img.width).toBeGreaterThanOrEqual(1000);
      expect(img.width).toBeLessThanOrEqual(1100);
      expect(png.length).toBeLessThan(1024 * 1024);
      if (process.env['KINGPIN_PNG']) writeFileSync(`${process.env['KINGPIN_PNG']}/${kind}.png`, png);
    },
  );

  it('GIVEN the same view THEN the same SVG, byte for byte', () => {
    const a = kingpin.picture?.(kingpin.view(s, null), { viewer: null });
    const b = kingpin.picture?.(kingpin.view(structuredClone(s), null), { viewer: null });
    expect(a?.svg).toBe(b?.svg);
  });

  it('GIVEN Chapo Hidden THEN the public map draws no Chapo marker while the Cartel map does', () => {
    const hidden: KpState = {
      ...s,
      chapo: { ...s.chapo, fixed: false, captured: false, at: s.chapo.at ?? 'culiacan' },
    };
    const pub = kingpin.picture?.(kingpin.view(hidden, null), { viewer: null });
    const own = kingpin.picture?.(kingpin.view(hidden, CARTEL), { viewer: CARTEL });
    expect(pub?.svg).not.toMatch(/>C<\/text>/);
    expect(own?.svg).toMatch(/>C<\/text>/);
  });

  it("GIVEN the Cartel has not placed Chapo yet THEN its map's alt text says so instead of an empty Location", () => {
    const setup = fresh();
    expect(setup.chapo.at ?? null).toBeNull();
    const alt = kingpin.picture?.(kingpin.view(setup, CARTEL), { viewer: CARTEL })?.alt ?? '';
    expect(alt).toContain('Chapo not placed yet');
    expect(alt).not.toMatch(/Chapo at ,/);
  });
});
