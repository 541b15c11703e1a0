/**
 * The Mastermind Hunters narrow where Chapo hides from what they have seen (issue #30,
 * docs/rules/kingpin.md K3): Leads no Fixed card explains, Locations said to hide nothing, and
 * they press the likeliest one where a success Fixes him; the ladder's order on fixed seeds.
 */
import { describe, expect, it } from 'vitest';
import { computerMove } from '../../../src/games/kingpin/computer.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import { spotLocation } from '../../../src/games/kingpin/spots.ts';
import { pairing } from '../../../src/games/kingpin/tournament.ts';
import { edit, HUNTERS, placed, plan, toHunters } from './helpers.ts';

const as = (s: KpState, level: string): KpState =>
  edit(s, (x) => x.seats.forEach((seat) => (seat.computer = level)));

/** The Police and Marina plan the Hunters at `level` propose, pawn by pawn, until they confirm. */
function enforcementPlan(s: KpState, level: string): string[] {
  let x = as(s, level);
  for (let i = 0; i < 8; i++) {
    const a = computerMove(x, HUNTERS);
    if (a?.type !== 'add-pawn') break;
    const r = kingpin.apply(x, HUNTERS, a);
    if (!r.ok) throw new Error(r.error.message);
    x = r.value.state;
  }
  return x.hunt.proposal.map((p) => spotLocation(x, p.spot) ?? p.spot);
}

describe('K3a Kingpin Mastermind Hunters', () => {
  it('GIVEN Leads and an announcement that point to Culiacán WHEN the Mastermind Hunters plan enforcement THEN they press Culiacán, on the card Fixed there', () => {
    // Chapo hides at Culiacán beside Wife and Twins (Hidden); Halcones Lookouts was Fixed there.
    // Emma's Lead to Culiacán is explained by no Fixed card; her Lead to Mazatlán is (Days by
    // the Sea, Fixed); Police just found nothing Hidden at Guadalajara, beside the other Fixed Need.
    const s = edit(plan(toHunters(placed()), []), (x) => {
      x.cards['def-halcones'] = { ...x.cards['def-halcones']!, zone: 'fixed' };
      x.cards['need-beach'] = { ...x.cards['need-beach']!, zone: 'fixed' };
      x.cards['need-launder'] = { ...x.cards['need-launder']!, zone: 'fixed' };
      const emma = x.topo.find((t) => t.card === 'topo-emma')!;
      emma.faceUp = true;
      emma.fixedAt = 'culiacan';
      x.log.push({ n: 999, turn: x.turn, to: 'public', text: 'Nothing is Hidden at Guadalajara.' });
    });
    expect(s.phase).toBe('police-plan');
    const first = computerMove(as(s, 'mastermind'), HUNTERS);
    expect(first).toEqual({ type: 'add-pawn', pawn: 'police', spot: 'fixed:def-halcones' });
    // The review says why, in the game's terms.
    expect(kingpin.explainAlternative?.(s, HUNTERS, first!, { type: 'confirm' })).toMatch(
      /^Chapo most likely hides at Culiacán \(more Leads no Fixed card explains point there .*\): Finishing Halcones Lookouts Fixes Chapo if he is there/,
    );
    const spots = enforcementPlan(s, 'mastermind');
    expect(spots.filter((at) => at === 'culiacan').length).toBeGreaterThanOrEqual(3);
    expect(spots).not.toContain('guadalajara');
    // The Methodical Hunters still go to the Fixed Needs first.
    expect(enforcementPlan(s, 'methodical')[0]).not.toBe('culiacan');
  });

  it('GIVEN 20 fixed seeds THEN the Mastermind Hunters capture Chapo clearly more often than the Methodical, against either careful Cartel', () => {
    const captures = (c: 'methodical' | 'mastermind', h: 'methodical' | 'mastermind') =>
      pairing(kingpin, c, h, 20, 'levels').hunterWins;
    expect(captures('methodical', 'methodical') + 6).toBeLessThan(captures('methodical', 'mastermind'));
    expect(captures('mastermind', 'methodical') + 6).toBeLessThan(captures('mastermind', 'mastermind'));
  });
});
