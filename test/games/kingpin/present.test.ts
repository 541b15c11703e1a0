/** Panels within Discord's limits, with only legal controls, for every viewer of seeded games. */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';
import type { Panel } from '../../../src/games/panel.ts';

function checkLimits(p: Panel): void {
  expect(p.title.length).toBeLessThanOrEqual(256);
  expect((p.description ?? '').length).toBeLessThanOrEqual(4096);
  expect((p.fields ?? []).length).toBeLessThanOrEqual(25);
  // Counted in characters (code points), as Discord and the emulator count: an emoji is one.
  for (const f of p.fields ?? []) expect([...f.value].length, f.name).toBeLessThanOrEqual(1024);
  expect((p.buttons ?? []).length).toBeLessThanOrEqual(5);
  expect((p.selects ?? []).length).toBeLessThanOrEqual(4);
  for (const b of p.buttons ?? []) expect(b.label.length).toBeLessThanOrEqual(80);
  for (const s of p.selects ?? []) {
    expect(s.options.length).toBeGreaterThan(0);
    expect(s.options.length).toBeLessThanOrEqual(25);
    for (const o of s.options) expect(o.label.length).toBeLessThanOrEqual(100);
  }
}

describe('Kingpin panels', () => {
  it('GIVEN every state of 20 seeded games THEN every viewer’s panel fits Discord and every control is accepted', () => {
    let controls = 0;
    for (let g = 0; g < 20; g++)
      playout(kingpin, {
        seed: `panel-${g}`,
        cartel: g % 2 ? 'reckless' : 'methodical',
        hunters: g % 3 ? 'methodical' : 'reckless',
        onStep: (s) => {
          for (const viewer of [null, 'cpu:1', 'cpu:2']) {
            const p = kingpin.present(kingpin.view(s, viewer), { viewer });
            checkLimits(p);
            if (viewer === null) {
              expect(p.buttons ?? []).toEqual([]);
              continue;
            }
            const actions = [
              ...(p.buttons ?? []).flatMap((b) => (b.action ? [b.action] : [])),
              ...(p.selects ?? []).flatMap((x) => x.options.flatMap((o) => (o.action ? [o.action] : []))),
            ];
            for (const a of actions.slice(0, 6)) {
              const r = kingpin.apply(s, viewer, kingpin.actionSchema.parse(a));
              expect(r.ok ? 'ok' : r.error.code, JSON.stringify(a)).toBe('ok');
              controls++;
            }
          }
        },
      });
    expect(controls).toBeGreaterThan(1000);
  });

  it('GIVEN the public board THEN it says whose move it is and mentions that team', () => {
    const r = playout(kingpin, { seed: 'panel-mention', maxSteps: 5000 });
    const p = kingpin.present(kingpin.view(r.state, null), { viewer: null });
    expect(p.title).toBe('Kingpin — game over');
    expect(p.description).toContain(r.state.result?.summary);
  });
});

describe('Kingpin panels cut long text between whole characters', () => {
  it('GIVEN a latest-moves log whose cut falls inside an emoji THEN the field ends on a whole character and an ellipsis', () => {
    let view: ReturnType<typeof kingpin.view> | undefined;
    playout(kingpin, {
      seed: 'panel-0',
      cartel: 'methodical',
      hunters: 'methodical',
      onStep: (s) => {
        view ??= kingpin.view(s, null);
      },
    });
    if (!view) throw new Error('no state');
    // A 🎯 (two UTF-16 units) at characters 1,023-1,024 of 1,033: cutting by units kept half of it.
    const log = [`${'x'.repeat(1022)}🎯${'y'.repeat(10)}`];
    const p = kingpin.present({ ...view, log }, { viewer: null });
    const latest = (p.fields ?? []).find((f) => f.name === 'Latest');
    expect(latest?.value.endsWith('…')).toBe(true);
    // No lone surrogate: Discord refuses a message with half an emoji in it.
    expect(latest?.value).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    expect([...(latest?.value ?? '')].length).toBeLessThanOrEqual(1024);
  });
});
