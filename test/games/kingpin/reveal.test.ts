/** R35: the end reveals everything, and nothing of it shows before the end. */
import { describe, expect, it } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { cardName, locName } from '../../../src/games/kingpin/board.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import { WITH_CHAPO } from '../../../src/games/kingpin/content/index.ts';
import { CARTEL, edit, placed } from './helpers.ts';
import type { Panel } from '../../../src/games/panel.ts';

const textOf = (p: Panel): string =>
  [p.description ?? '', ...(p.fields ?? []).map((f) => `${f.name}\n${f.value}`)].join('\n');
const publicText = (s: KpState): string => textOf(kingpin.present(kingpin.view(s, null), { viewer: null }));

describe('R35 the end reveals everything', () => {
  it('GIVEN seeded games played to the end THEN the final board and debrief tell where Chapo was each turn, the Hidden board and the Defenses used, and no board before the end does', () => {
    for (const [seed, cartel, hunters] of [
      ['reveal-1', 'methodical', 'methodical'],
      ['reveal-2', 'methodical', 'reckless'],
      ['reveal-3', 'reckless', 'methodical'],
    ] as const) {
      let start = '' as string;
      let last: KpState | null = null;
      const moves: string[] = [];
      playout(kingpin, {
        seed,
        cartel,
        hunters,
        onStep: (s, action) => {
          if (action.type === 'setup-place' && action.item === 'chapo') start = action.location;
          if (action.type === 'move-chapo' && s.result === null) moves.push(action.location);
          if (s.result === null) {
            expect(kingpin.view(s, null).reveal).toBeNull();
            expect(kingpin.view(s, 'cpu:2').reveal).toBeNull();
            expect(publicText(s)).not.toContain('Revealed');
          }
          last = s;
        },
      });
      const end = last as unknown as KpState;
      expect(end.result, seed).not.toBeNull();
      const board = publicText(end);
      const debrief = kingpin.debrief(end)?.markdown ?? '';
      expect(board).toContain(`Setup: started at ${locName(start)}`);
      expect(debrief).toContain(`Setup: started at ${locName(start)}`);
      for (let t = 1; t <= end.turn; t++) expect(board).toMatch(new RegExp(`Turn ${t}: `));
      for (const at of moves) expect(debrief).toContain(locName(at));
      for (const [id, c] of Object.entries(end.cards))
        if (c.zone === 'hidden') {
          expect(board, seed).toContain(cardName(id));
          expect(debrief).toContain(cardName(id));
        }
      for (const u of end.uses ?? [])
        expect(debrief).toContain(`Turn ${u.turn}: ${cardName(u.card)}, ${u.what}`);
      // Discord renders no tables: the reveal is lists.
      expect(debrief.slice(debrief.indexOf('### Where Chapo was'))).not.toContain('|');
      const svg = kingpin.picture?.(kingpin.view(end, null), { viewer: null })?.svg ?? '';
      expect(svg).toContain('Hidden revealed');
    }
  });

  it('GIVEN seeded games THEN some Defense uses and Chapo moves are kept (the test above is not vacuous)', () => {
    let uses = 0;
    let moves = 0;
    for (const seed of ['reveal-1', 'reveal-2', 'reveal-3']) {
      const r = playout(kingpin, { seed, cartel: 'methodical', hunters: 'methodical' });
      uses += (r.state.uses ?? []).length;
      moves += (r.state.trail ?? []).filter((x) => x.how !== 'start').length;
    }
    expect(uses).toBeGreaterThan(0);
    expect(moves).toBeGreaterThan(0);
  });
});

describe('R35 the reveal words each Defense as its card does', () => {
  it('GIVEN an Armored SUV Convoy Hidden with Chapo at the end THEN the reveal reads the card’s rule, not the generic "while Chapo is here"', () => {
    const end = edit(placed(), (x) => {
      x.cards['def-suv-convoy'] = { zone: 'hidden', at: WITH_CHAPO, discs: 0 };
      x.result = { kind: 'cartel', winners: [CARTEL], summary: 'The Cartel holds.' };
    });
    const board = publicText(end);
    expect(board).toContain('Armored SUV Convoy (The Cartel gets 1 free Chapo move each turn.)');
    expect(board).not.toContain('While Chapo is here, 1 free Chapo move');
  });
});
