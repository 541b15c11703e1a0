import { describe, expect, it } from 'vitest';
import { collectionDeck } from '../../../src/games/collection-deck/index.ts';
import { census } from '../../../src/games/collection-deck/deck.ts';
import { playout, randomPlayout } from '../../../src/games/collection-deck/playout.ts';
import type { CdState } from '../../../src/games/collection-deck/types.ts';
import type { Panel } from '../../../src/games/panel.ts';
import { sorted } from './fixtures.ts';

function strings(x: unknown, out: string[] = []): string[] {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) strings(v, out);
  return out;
}

/** Discord's limits as panel.ts states them. */
function checkPanel(p: Panel): void {
  expect(p.title.length).toBeLessThanOrEqual(256);
  expect((p.description ?? '').length).toBeLessThanOrEqual(4096);
  expect((p.fields ?? []).length).toBeLessThanOrEqual(25);
  for (const f of p.fields ?? []) {
    expect(f.name.length).toBeLessThanOrEqual(256);
    expect(f.value.length).toBeLessThanOrEqual(1024);
    expect(f.value.length).toBeGreaterThan(0);
  }
  const buttons = p.buttons ?? [];
  expect(buttons.length).toBeLessThanOrEqual(5);
  expect((p.selects ?? []).length + (buttons.length > 0 ? 1 : 0)).toBeLessThanOrEqual(5);
  for (const b of buttons) {
    expect(b.label.length).toBeLessThanOrEqual(80);
    expect(b.action === undefined).not.toBe(b.modal === undefined);
  }
  for (const s of p.selects ?? []) {
    expect(s.options.length).toBeGreaterThan(0);
    expect(s.options.length).toBeLessThanOrEqual(25);
    for (const o of s.options) expect(o.label.length).toBeLessThanOrEqual(100);
  }
}

function checkViews(state: CdState): void {
  const publicView = collectionDeck.view(state, null);
  expect(publicView.me).toBeNull();
  const seen = new Set(strings(publicView));
  for (const seat of state.seats) for (const card of seat.hand) expect(seen.has(card)).toBe(false);
  checkPanel(collectionDeck.present(publicView, { viewer: null }));
  for (const seat of state.seats) {
    const mine = collectionDeck.view(state, seat.id);
    expect(mine.me?.hand.map((c) => c.id)).toEqual(seat.hand);
    checkPanel(collectionDeck.present(mine, { viewer: seat.id }));
  }
}

describe('seeded random playouts with the real card set', () => {
  const configs = Array.from({ length: 200 }, (_, i) => ({
    seed: `inv-${i}`,
    edition: i % 2 === 0 ? ('cia' as const) : ('collect-it-all' as const),
    options: { challenge: i % 3 === 0, hardcore: i % 7 === 3 },
  }));

  it.each([0, 1, 2, 3])(
    '200 games always end, and no card is ever lost or duplicated (part %i of 4)',
    (part) => {
      let ended = 0;
      for (const config of configs.slice(part * 50, part * 50 + 50)) {
        let expected: string | null = null;
        let broken: string | null = null;
        const r = playout(collectionDeck, {
          ...config,
          onStep: (s) => {
            const now = sorted(census(s)).join(',');
            expected ??= now;
            if (now !== expected && broken === null) broken = `${config.seed} step ${s.seq}`;
          },
        });
        expect(broken).toBeNull();
        expect(collectionDeck.outcome(r.state)).not.toBeNull();
        ended++;
      }
      expect(ended).toBe(50);
    },
  );

  it('the public view never shows a hand card, and every panel stays within Discord limits', () => {
    for (const config of configs.slice(0, 12)) {
      let step = 0;
      playout(collectionDeck, {
        ...config,
        onStep: (s) => {
          if (step++ % 3 === 0) checkViews(s);
        },
      });
    }
  });

  it('the same seed replays the same game; computer moves never change the state they read', () => {
    const a = playout(collectionDeck, { seed: 'replay', edition: 'collect-it-all' });
    const b = playout(collectionDeck, { seed: 'replay', edition: 'collect-it-all' });
    expect(b.state).toEqual(a.state);
    const c = playout(collectionDeck, { seed: 'replay-2', edition: 'collect-it-all' });
    expect(c.state).not.toEqual(a.state);
    let checked = 0;
    playout(collectionDeck, {
      seed: 'pure',
      edition: 'cia',
      onStep: (s) => {
        const before = JSON.stringify(s);
        for (const p of collectionDeck.activePlayers(s)) collectionDeck.computerAction(s, p);
        expect(JSON.stringify(s)).toBe(before);
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(10);
  });

  it('randomPlayout reports the number of turns', () => {
    expect(randomPlayout('bench', 'cia').turns).toBeGreaterThan(0);
  });
});
