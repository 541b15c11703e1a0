/**
 * Hidden information (rulebook 1, Layout; 4.0): over 1,000 seeded games between computer teams,
 * no Hidden card, Hidden Chapo, Found-area card or screened die reaches a team that may not see
 * it, nor the public view, panel, picture or announcements.
 */
import { describe, expect, it } from 'vitest';
import { auditGames } from '../../../src/games/kingpin/audit.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { playout } from '../../../src/games/kingpin/playout.ts';

describe('Kingpin leak audit', () => {
  it(
    'GIVEN 1,000 seeded games THEN nothing secret ever reaches the other team or the public',
    { timeout: 600_000 },
    () => {
      const f = auditGames(kingpin, 1000, 25);
      console.log(
        `kingpin leak audit: ${f.games} games, ${f.actions} actions, ${f.viewsChecked} views, ${f.picturesChecked} public pictures, ` +
          `${f.hiddenDefenseAnnouncements} Hidden Defense announcements, ${f.screenedDice} screened dice, ${f.leaks.length} leaks`,
      );
      expect(f.leaks).toEqual([]);
      expect(f.hiddenDefenseAnnouncements).toBeGreaterThan(0);
      expect(f.screenedDice).toBeGreaterThan(0);
    },
  );
});

describe('Kingpin seeded playouts', () => {
  it('GIVEN 200 seeded games of every pairing THEN each ends within 8 turns with a result', () => {
    for (let i = 0; i < 200; i++) {
      const r = playout(kingpin, {
        seed: `end-${i}`,
        cartel: i % 2 ? 'reckless' : 'methodical',
        hunters: i % 4 < 2 ? 'methodical' : 'reckless',
      });
      expect(r.state.result).not.toBeNull();
      expect(r.state.turn).toBeLessThanOrEqual(8);
    }
  });

  it('GIVEN the same seed THEN the same game, action for action', () => {
    const a = playout(kingpin, { seed: 'replay' });
    const b = playout(kingpin, { seed: 'replay' });
    expect(b.state).toEqual(a.state);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
  });

  it('GIVEN every legal action listed for a side THEN the engine accepts it', () => {
    let checked = 0;
    playout(kingpin, {
      seed: 'legal-1',
      onStep: (s) => {
        for (const side of ['cartel', 'hunters'] as const) {
          const actor = side === 'cartel' ? 'cpu:1' : 'cpu:2';
          for (const o of kingpin.view(s, actor).options) {
            const r = kingpin.apply(s, actor, o.action);
            expect(r.ok ? 'ok' : `${r.error.code}: ${JSON.stringify(o.action)}`).toBe('ok');
            checked++;
          }
        }
      },
    });
    expect(checked).toBeGreaterThan(100);
  });
});
