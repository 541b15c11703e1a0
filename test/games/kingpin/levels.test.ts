/**
 * Kingpin's computer levels (issue #30, docs/rules/kingpin.md "Computer teams"): the decisions
 * a good player makes that the Methodical level did not (it now makes them in a simple form),
 * what the Mastermind adds, and the ladder's order on fixed seeds.
 */
import { describe, expect, it } from 'vitest';
import { computerMove } from '../../../src/games/kingpin/computer.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';
import { pairing } from '../../../src/games/kingpin/tournament.ts';
import { CARTEL, edit, forcedFixAtGuadalajara, HUNTERS, placed, plan, toHunters } from './helpers.ts';

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
  const LEVELS = ['methodical', 'mastermind'] as const;

  it('GIVEN Chapo fulfilling a Need away from his only Defense WHEN Methodical or Mastermind plays THEN it moves the Defense to him', () => {
    // No Defense left in hand to place: the one out must come to him (Methodical never moved one).
    const s = edit(placed(), (x) => {
      x.chapo.at = 'mazatlan';
      for (const [id, c] of Object.entries(x.cards))
        if (id.startsWith('def-') && id !== 'def-halcones') x.cards[id] = { ...c, zone: 'finished' };
    });
    for (const level of LEVELS) {
      const turn = cartelTurn(s, level);
      expect(turn).toContainEqual({ type: 'fulfil', card: 'need-beach' });
      expect(turn).toContainEqual({ type: 'move-defense', card: 'def-halcones', location: 'mazatlan' });
    }
  });

  it('GIVEN a forced Fix WHEN either level answers THEN it gives up the least valuable card, whatever the order: a Defense before a Need, an empty Need before one with discs', () => {
    const cases = [
      { options: ['need-launder', 'def-halcones'], gives: 'def-halcones' },
      { options: ['def-halcones', 'need-launder'], gives: 'def-halcones' },
      { options: ['need-beach', 'need-launder'], gives: 'need-beach' },
      { options: ['need-launder', 'need-beach'], gives: 'need-beach' },
    ];
    for (const { options, gives } of cases) {
      const s = edit(placed(), (x) => {
        x.chapo.at = 'mazatlan';
        x.cards['def-halcones'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
        x.cards['need-beach'] = { ...x.cards['need-beach']!, at: 'guadalajara' };
        x.cards['need-launder'] = { ...x.cards['need-launder']!, discs: 1 };
        x.pending = { id: x.seq, at: 'guadalajara', options, why: 'Police at the Location', pawn: null };
      });
      for (const level of LEVELS)
        expect(computerMove(as(s, level), CARTEL)).toEqual({ type: 'choose-fix', option: gives });
    }
  });

  it("GIVEN a forced Fix WHEN the review weighs the computer's answer THEN it says why in Kingpin's terms", () => {
    const s = forcedFixAtGuadalajara(placed(), ['need-launder', 'def-halcones']);
    const said = kingpin.explainAlternative?.(
      s,
      CARTEL,
      { type: 'choose-fix', option: 'def-halcones' },
      { type: 'choose-fix', option: 'need-launder' },
    );
    expect(said).toMatch(/^it gives up Halcones Lookouts, the least costly to lose, and keeps .+ Hidden/);
  });

  it('GIVEN Chapo filling the last circle of a Fixed Need WHEN Methodical plays THEN he leaves for an open Need instead of staying where the Police aim', () => {
    const s = edit(placed(), (x) => {
      x.cards['need-wife-twins'] = { ...x.cards['need-wife-twins']!, zone: 'fixed', discs: 1 };
    });
    const turn = cartelTurn(s, 'methodical');
    expect(turn.slice(0, 2)).toEqual([
      { type: 'fulfil', card: 'need-wife-twins' },
      { type: 'move-chapo', location: 'mazatlan' },
    ]);
  });

  it('GIVEN Chapo beside a Fixed Need with circles open WHEN the Mastermind plays THEN it fills one and takes him away (the disc is announced), never onto another Fixed Need', () => {
    const s = edit(placed(), (x) => {
      x.cards['need-wife-twins'] = { ...x.cards['need-wife-twins']!, zone: 'fixed' };
      x.cards['need-launder'] = { ...x.cards['need-launder']!, zone: 'fixed' };
    });
    // (Two of three Needs Fixed leave too few open circles: it may draw one first.)
    const turn = cartelTurn(s, 'mastermind').filter((a) => a.type !== 'draw-need' && a.type !== 'place-need');
    expect(turn[0]).toEqual({ type: 'fulfil', card: 'need-wife-twins' });
    const moves = turn.filter((a) => a.type === 'move-chapo');
    expect(moves).toHaveLength(1);
    const to = moves[0]?.type === 'move-chapo' ? moves[0].location : '';
    expect(['culiacan', 'guadalajara']).not.toContain(to);
    // Methodical stays to fill the second circle next turn.
    expect(cartelTurn(s, 'methodical').some((a) => a.type === 'move-chapo')).toBe(false);
    const why = kingpin.explainAlternative?.(
      edit(s, (x) => x.cards['need-wife-twins']!.discs++),
      CARTEL,
      moves[0]!,
      { type: 'end-turn' },
    );
    expect(why).toMatch(/^Chapo leaves Culiacán, where a Fixed Need draws the Police/);
  });

  it('GIVEN open circles enough for the win WHEN the Cartel has actions to spare THEN neither level draws a Need (each raises the target); GIVEN too few THEN both draw and place it away from Fixed Needs', () => {
    // Three Needs, 7 circles: 4 discs needed, 7 open. Drawing would only raise the target.
    expect(cartelTurn(placed(), 'methodical')).not.toContainEqual({ type: 'draw-need' });
    expect(cartelTurn(placed(), 'mastermind')).not.toContainEqual({ type: 'draw-need' });
    // Days by the Sea and Visit Wife and Twins Finished empty: 4 discs needed, 3 open circles left.
    const short = edit(placed(), (x) => {
      x.cards['need-wife-twins'] = { ...x.cards['need-wife-twins']!, zone: 'finished' };
      x.cards['need-beach'] = { ...x.cards['need-beach']!, zone: 'finished' };
      x.cards['need-launder'] = { ...x.cards['need-launder']!, zone: 'fixed' };
    });
    for (const level of LEVELS) {
      const turn = cartelTurn(short, level);
      expect(turn).toContainEqual({ type: 'draw-need' });
      const placedAt = turn.find((a) => a.type === 'place-need');
      expect(placedAt).toBeDefined();
      expect(placedAt).not.toEqual({ type: 'place-need', location: 'guadalajara' });
    }
    expect(kingpin.explainAlternative?.(short, CARTEL, { type: 'draw-need' }, { type: 'end-turn' })).toMatch(
      /^the Cartel still lacks 4 discs and its Hidden Needs have only 0 open circles left/,
    );
  });

  it('GIVEN a Police search that found nothing last turn WHEN either Hunters level plans THEN it searches elsewhere; a failed die is tried again', () => {
    // Two Fixed Needs: two spots worth a Police pawn.
    const s = edit(plan(toHunters(placed()), []), (x) => {
      x.cards['need-beach'] = { ...x.cards['need-beach']!, zone: 'fixed' };
      x.cards['need-launder'] = { ...x.cards['need-launder']!, zone: 'fixed' };
    });
    for (const level of LEVELS) {
      const first = computerMove(as(s, level), HUNTERS);
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
      const next = computerMove(as(remembered, level), HUNTERS);
      expect(next?.type).toBe('add-pawn');
      expect(next).not.toEqual(first);
      // A failed die is not an empty search: it is worth another try.
      const failed = edit(remembered, (x) => delete x.records.at(-1)!.empty);
      expect(computerMove(as(failed, level), HUNTERS)).toEqual(first);
    }
  });

  it('GIVEN 80 fixed seeds THEN each level wins clearly more than the one below, on either side', () => {
    type L = 'reckless' | 'methodical' | 'mastermind';
    const games = (c: L, h: L) => pairing(kingpin, c, h, 80, 'levels');
    const hunters = (h: L) => games('methodical', h).hunterWins;
    expect(hunters('reckless') + 8).toBeLessThan(hunters('methodical'));
    expect(hunters('methodical') + 8).toBeLessThan(hunters('mastermind'));
    const cartel = (c: L) => games(c, 'methodical').cartelWins;
    expect(cartel('reckless') + 8).toBeLessThan(cartel('methodical'));
    expect(cartel('methodical') + 8).toBeLessThan(cartel('mastermind'));
  });
});
