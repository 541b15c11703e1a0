/** R37: what the Hunters are told where the rules leave them nothing to do or nothing found. */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../../src/games/index.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { legalActions } from '../../../src/games/kingpin/legal.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';
import type { Panel } from '../../../src/games/panel.ts';
import { act, edit, fresh, go, HUNTERS, placed, plan, toHunters } from './helpers.ts';

const textOf = (p: Panel): string =>
  [p.description ?? '', ...(p.fields ?? []).map((f) => `${f.name}\n${f.value}`)].join('\n');
const panelOf = (s: KpState, viewer: string): Panel => kingpin.present(kingpin.view(s, viewer), { viewer });

describe('R37 guidance for the Hunters', () => {
  it('GIVEN turn 1 with the Encrypted Phone Network in play THEN the Hunters are told why they have no Intelligence pawn and what to press', () => {
    const s = go(
      fresh({ needs: ['need-wife-twins', 'need-beach', 'need-launder'], defense: 'def-encrypted-net' }),
      'c',
      { type: 'setup-place', item: 'def-encrypted-net', location: 'with-chapo' },
      { type: 'setup-place', item: 'need-wife-twins', location: 'culiacan' },
      { type: 'setup-place', item: 'need-beach', location: 'mazatlan' },
      { type: 'setup-place', item: 'need-launder', location: 'guadalajara' },
      { type: 'setup-place', item: 'chapo', location: 'culiacan' },
      { type: 'end-turn' },
    );
    expect(s.hunt.available.intel).toBe(0);
    const text = textOf(panelOf(s, HUNTERS));
    expect(text).toContain(
      'No Intelligence pawn this turn: the Hunters get one per turn number (1 on turn 1), and a Cartel Defense takes 1.',
    );
    expect(text).toContain('Press **Confirm the plan**');
  });

  it('GIVEN a Marina strike on a Fixed Need whose Finish a Hidden Defense stops THEN the table is told it found nothing', () => {
    const s = edit(placed(), (x) => {
      x.cards['need-beach'] = { zone: 'fixed', at: 'mazatlan', discs: 0 };
      x.cards['def-decoys'] = { zone: 'hidden', at: 'mazatlan', discs: 0 };
    });
    const planned = plan(plan(toHunters(s), []), [{ pawn: 'marina', spot: 'fixed:need-beach' }]);
    const r = act(planned, HUNTERS, { type: 'resolve', index: 0 });
    expect(r.announce).toContain('The Cartel used a Hidden Defense.');
    expect(r.announce).toContain('The Marina strike finds nothing.');
  });

  it('GIVEN Intelligence planned on a Location THEN the refusal teaches where Intelligence goes', () => {
    const engine = GAMES.find((g) => g.id === 'kingpin');
    const r = engine?.apply(toHunters(placed()), HUNTERS, {
      type: 'add-pawn',
      pawn: 'intel',
      spot: 'loc:culiacan',
    });
    expect(r?.ok).toBe(false);
    const instead = r && !r.ok ? (r.error.instead ?? '') : '';
    expect(instead).toContain('topography card');
    expect(instead).not.toMatch(/Intelligence on a Location/);
  });

  it('GIVEN more than 75 Police and Marina placements THEN every one of them is offered, Location by Location', () => {
    let crowded = null as KpState | null;
    for (let g = 0; g < 150 && crowded === null; g++)
      playout(kingpin, {
        seed: `cnt-${g}`,
        cartel: g % 2 ? 'reckless' : 'methodical',
        hunters: g % 3 ? 'methodical' : 'reckless',
        onStep: (s) => {
          if (
            !crowded &&
            s.phase === 'police-plan' &&
            legalActions(s, 'hunters').filter((a) => a.type === 'add-pawn').length > 75
          )
            crowded = s;
        },
      });
    expect(crowded).not.toBeNull();
    const s = crowded as unknown as KpState;
    const viewer = s.seats.find((x) => x.side === 'hunters')?.id ?? '';
    const legal = new Set(
      legalActions(s, 'hunters')
        .filter((a) => a.type === 'add-pawn')
        .map((a) => JSON.stringify(a)),
    );
    const offered = new Set<string>();
    const first = panelOf(s, viewer);
    const chooser = first.selects?.[0];
    expect(chooser?.placeholder).toContain('choose a Location');
    for (const o of chooser?.options ?? []) {
      const r = kingpin.apply(s, viewer, o.action as KpAction);
      if (!r.ok) throw new Error(r.error.message);
      for (const sel of panelOf(r.value.state, viewer).selects ?? [])
        for (const x of sel.options) if (x.action?.type === 'add-pawn') offered.add(JSON.stringify(x.action));
    }
    expect([...legal].filter((a) => !offered.has(a))).toEqual([]);
    expect(legal.size).toBeGreaterThan(75);
  });
});
