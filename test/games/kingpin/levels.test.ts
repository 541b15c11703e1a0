/**
 * Kingpin's computer levels (issue #30, docs/rules/kingpin.md "Computer players"): what the
 * Mastermind does that the Methodical level did not, and the ladder's order on fixed seeds.
 */
import { describe, expect, it } from 'vitest';
import { computerMove } from '../../../src/games/kingpin/computer.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';
import { pairing } from '../../../src/games/kingpin/tournament.ts';
import { CARTEL, edit, HUNTERS, placed, plan, toHunters } from './helpers.ts';

const as = (s: KpState, level: string): KpState =>
  edit(s, (x) => x.seats.forEach((seat) => (seat.computer = level)));

/** The Cartel's moves this turn, played by `level` until it ends the turn. */
function cartelTurn(s: KpState, level: string): KpAction[] {
  let x = as(s, level);
  const moves: KpAction[] = [];
  for (let i = 0; i < 10; i++) {
    const a = computerMove(x, CARTEL);
    if (!a) break;
    moves.push(a);
    if (a.type === 'end-turn') break;
    const r = kingpin.apply(x, CARTEL, a);
    if (!r.ok) throw new Error(r.error.message);
    x = r.value.state;
  }
  return moves;
}

describe('Kingpin computer levels', () => {
  it('GIVEN Chapo fulfilling a Need away from his only Defense WHEN the Mastermind plays THEN it moves the Defense to him (Methodical never moved one)', () => {
    // No Defense left in hand to place: the one out must come to him.
    const s = edit(placed(), (x) => {
      x.chapo.at = 'mazatlan';
      for (const [id, c] of Object.entries(x.cards))
        if (id.startsWith('def-') && id !== 'def-halcones') x.cards[id] = { ...c, zone: 'finished' };
    });
    const master = cartelTurn(s, 'mastermind');
    expect(master).toContainEqual({ type: 'fulfil', card: 'need-beach' });
    expect(master).toContainEqual({ type: 'move-defense', card: 'def-halcones', location: 'mazatlan' });
    expect(cartelTurn(s, 'methodical').some((a) => a.type === 'move-defense')).toBe(false);
  });

  it('GIVEN a forced Fix between a Need holding a disc and a cheap Defense WHEN the Mastermind answers THEN it gives up the Defense, whatever the order', () => {
    for (const options of [
      ['need-launder', 'def-halcones'],
      ['def-halcones', 'need-launder'],
    ]) {
      const s = edit(placed(), (x) => {
        x.chapo.at = 'mazatlan';
        x.cards['def-halcones'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
        x.cards['need-launder'] = { ...x.cards['need-launder']!, discs: 1 };
        x.pending = { id: x.seq, at: 'guadalajara', options, why: 'Police at the Location', pawn: null };
      });
      expect(computerMove(as(s, 'mastermind'), CARTEL)).toEqual({
        type: 'choose-fix',
        option: 'def-halcones',
      });
      // Methodical gave up whatever came first.
      expect(computerMove(as(s, 'methodical'), CARTEL)).toEqual({ type: 'choose-fix', option: options[0] });
    }
  });

  it("GIVEN a forced Fix WHEN the review weighs the computer's answer THEN it says why in Kingpin's terms", () => {
    const s = edit(placed(), (x) => {
      x.cards['def-halcones'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
      x.pending = {
        id: x.seq,
        at: 'guadalajara',
        options: ['need-launder', 'def-halcones'],
        why: 'Police at the Location',
        pawn: null,
      };
    });
    const said = kingpin.explainAlternative?.(
      s,
      CARTEL,
      { type: 'choose-fix', option: 'def-halcones' },
      { type: 'choose-fix', option: 'need-launder' },
    );
    expect(said).toMatch(/^it gives up Halcones Lookouts, the least costly to lose, and keeps .+ Hidden/);
  });

  it('GIVEN a Police search that found nothing last turn WHEN the Mastermind Hunters plan THEN they search elsewhere (Methodical repeated it)', () => {
    // Two Fixed Needs: two spots worth a Police pawn.
    const s = edit(plan(toHunters(placed()), []), (x) => {
      x.cards['need-beach'] = { ...x.cards['need-beach']!, zone: 'fixed' };
      x.cards['need-launder'] = { ...x.cards['need-launder']!, zone: 'fixed' };
    });
    const first = computerMove(as(s, 'methodical'), HUNTERS);
    if (first?.type !== 'add-pawn') throw new Error(`expected a pawn, got ${JSON.stringify(first)}`);
    const remembered = edit(s, (x) => {
      x.turn += 1;
      x.records.push({
        turn: x.turn - 1,
        pawn: 'police',
        spot: first.spot,
        found: false,
        empty: true,
        to: 'public',
      });
    });
    expect(computerMove(as(remembered, 'methodical'), HUNTERS)).toEqual(first);
    const next = computerMove(as(remembered, 'mastermind'), HUNTERS);
    expect(next?.type).toBe('add-pawn');
    expect(next).not.toEqual(first);
    // A failed die is not an empty search: the Mastermind tries again.
    const failed = edit(remembered, (x) => delete x.records.at(-1)!.empty);
    expect(computerMove(as(failed, 'mastermind'), HUNTERS)).toEqual(first);
  });

  it('GIVEN 80 fixed seeds THEN each Hunters level wins more than the one below, the Methodical Cartel more than the Reckless, the Mastermind Cartel no less than the Methodical', () => {
    type L = 'reckless' | 'methodical' | 'mastermind';
    const games = (c: L, h: L) => pairing(kingpin, c, h, 80, 'levels');
    const hunters = (h: L) => games('methodical', h).hunterWins;
    expect(hunters('reckless')).toBeLessThan(hunters('methodical'));
    expect(hunters('methodical')).toBeLessThan(hunters('mastermind'));
    const cartel = (c: L) => games(c, 'methodical').cartelWins;
    expect(cartel('reckless')).toBeLessThan(cartel('methodical'));
    expect(cartel('methodical')).toBeLessThanOrEqual(cartel('mastermind'));
  });
});
