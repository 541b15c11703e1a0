/** Seeded games between computer analysts: they always end, and no state breaks an invariant. */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { rasterise } from '../../../src/bot/discord/pictures.ts';
import { collection } from '../../../src/games/collection/index.ts';
import { playout } from '../../../src/games/collection/playout.ts';
import { needs } from '../../../src/games/collection/rules.ts';
import { COLLECTORS, COLOURS, type ColState } from '../../../src/games/collection/types.ts';
import type { Panel } from '../../../src/games/panel.ts';
import { MIN_TEXT_PX } from '../../../src/games/picture.ts';

function checkPanel(p: Panel): void {
  expect(p.title.length).toBeLessThanOrEqual(256);
  expect((p.description ?? '').length).toBeLessThanOrEqual(4096);
  expect((p.fields ?? []).length).toBeLessThanOrEqual(25);
  for (const f of p.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
  expect((p.buttons ?? []).length).toBeLessThanOrEqual(5);
  for (const b of p.buttons ?? []) expect(b.label.length).toBeLessThanOrEqual(80);
  for (const s of p.selects ?? []) {
    expect(s.options.length).toBeGreaterThan(0);
    expect(s.options.length).toBeLessThanOrEqual(25);
  }
}

function invariants(s: ColState): void {
  const drawn = s.stage.kind === 'drawn' ? 1 : 0;
  const held = s.seats.reduce((n, x) => n + x.held.length, 0);
  expect(s.deck.length + s.discard.length + held + drawn).toBe(80);
  for (const sc of s.scenarios) {
    expect(sc.crisis).toBeGreaterThanOrEqual(sc.card ? 1 : 0);
    expect(sc.crisis).toBeLessThanOrEqual(10);
    for (const c of COLOURS) expect(sc.reports[c]).toBeLessThanOrEqual(needs(sc)[c]);
    for (const k of COLLECTORS) {
      const sp = sc.spaces[k];
      if (sp.coin !== null) expect(sp.coin).toBeGreaterThanOrEqual(1);
      if (sp.coin !== null) expect(sp.coin).toBeLessThanOrEqual(10);
      for (const c of COLOURS) expect(sp.gems[c]).toBeGreaterThanOrEqual(0);
    }
  }
  if (s.outcome?.victory) expect(s.scenarios.every((x) => x.completed)).toBe(true);
  if (s.outcome && !s.outcome.victory) expect(s.scenarios.some((x) => x.crisis === 10)).toBe(true);
}

describe('seeded playouts with computer analysts', () => {
  const cases = Array.from(
    { length: 40 },
    (_, i) => [`inv-${i}`, 3 + (i % 5), i % 3 === 0 ? 'careless' : 'careful'] as const,
  );

  it.each(cases)(
    'GIVEN seed %s, %i analysts, %s THEN the game ends and every state keeps the invariants',
    (seed, players, strategy) => {
      let steps = 0;
      const r = playout({
        seed,
        players,
        strategy,
        onStep: (s) => {
          invariants(s);
          if (steps++ % 7 === 0) {
            const pub = collection.view(s, null);
            const text = JSON.stringify(pub);
            for (const seat of s.seats) for (const card of seat.held) expect(text).not.toContain(card);
            checkPanel(collection.present(pub, { viewer: null }));
            for (const seat of s.seats)
              checkPanel(collection.present(collection.view(s, seat.id), { viewer: seat.id }));
          }
        },
      });
      expect(r.state.outcome).not.toBeNull();
    },
  );

  it('GIVEN the same seed twice THEN the same game (replayable)', () => {
    const a = playout({ seed: 'same', players: 5, strategy: 'careful' });
    const b = playout({ seed: 'same', players: 5, strategy: 'careful' });
    expect(b.state).toEqual(a.state);
  });

  it('GIVEN mixed careful and careless seats THEN computers play any role', () => {
    const r = playout({
      seed: 'mix',
      players: 7,
      strategy: ['careless', 'careful', 'careless', 'careful', 'careless', 'careful', 'careless'],
    });
    expect(new Set(r.state.seats.map((s) => s.role)).size).toBe(7);
  });
});

describe('the board picture', () => {
  it('GIVEN a game in progress THEN the picture renders to a PNG about 1080 px wide, under 1 MiB, with no text under 14 px and a text summary', async () => {
    const held: { state: ColState | null } = { state: null };
    let n = 0;
    playout({
      seed: 'pic',
      players: 7,
      strategy: 'careful',
      onStep: (s) => (n++ === 60 ? (held.state = structuredClone(s)) : null),
    });
    const mid = held.state;
    if (!mid) throw new Error('no state');
    const pic = collection.picture?.(collection.view(mid, null), { viewer: null });
    if (!pic) throw new Error('no picture');
    const sizes = [...pic.svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    expect(pic.alt).toMatch(/Scenario A/);
    expect(pic.alt.length).toBeLessThanOrEqual(1024);
    const png = await rasterise(pic);
    const img = PNG.sync.read(png);
    expect(img.width).toBe(pic.width);
    expect(img.width).toBeGreaterThanOrEqual(1000);
    expect(img.width).toBeLessThanOrEqual(1100);
    expect(img.height).toBe(pic.height);
    expect(png.length).toBeLessThan(1024 * 1024);
    // Same view, same picture.
    expect(collection.picture?.(collection.view(mid, null), { viewer: null })?.svg).toBe(pic.svg);
  });
});
