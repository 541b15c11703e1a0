/** Victory (rulebook 5.0), the turn track, defaults (R15-R19) and refusals that teach. */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SECTIONS } from '../../../src/games/kingpin/errors.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import { runOutWait } from '../../../src/games/waits.ts';
import { act, CARTEL, dice, edit, fresh, HUNTERS, placed, plan, resolveAll, toHunters } from './helpers.ts';

/** The last enforcement planning of turn 8 with `discs` on the Needs (7 circles in all). */
function lastTurn(discs: Record<string, number>, finish: string[] = []): KpState {
  const s = plan(toHunters(placed()), []);
  return edit(s, (x) => {
    x.turn = 8;
    for (const [id, n] of Object.entries(discs)) {
      const c = x.cards[id];
      if (c) c.discs = n;
    }
    for (const id of finish) {
      const c = x.cards[id];
      if (c) c.zone = 'finished';
    }
  });
}

describe('Kingpin victory (rulebook 5.0)', () => {
  it('R23: GIVEN 8 turns with 4 of 7 circles filled THEN the Cartel wins', () => {
    const r = act(lastTurn({ 'need-wife-twins': 2, 'need-launder': 2 }), HUNTERS, { type: 'confirm' });
    expect(r.s.phase).toBe('over');
    expect(kingpin.outcome(r.s)?.winners).toEqual([CARTEL]);
    expect(r.announce.join()).toMatch(/Cartel .* wins/);
  });

  it('R23: GIVEN 8 turns with 3 of 7 circles filled THEN the game is a draw', () => {
    const r = resolveAll(plan(lastTurn({ 'need-wife-twins': 2, 'need-launder': 1 }), []));
    expect(kingpin.outcome(r.s)?.winners).toEqual([]);
    expect(r.s.result?.kind).toBe('draw');
  });

  it('R23: GIVEN a Finished Need with empty circles THEN its circles still count against the Cartel', () => {
    const r = resolveAll(plan(lastTurn({ 'need-wife-twins': 2, 'need-launder': 1 }, ['need-beach']), []));
    expect(r.s.result?.kind).toBe('draw');
  });

  it('GIVEN turn 7 ends THEN turn 8 begins with the Cartel; the game lasts at most 8 turn pairs', () => {
    const s = edit(plan(toHunters(placed()), []), (x) => (x.turn = 7));
    const r = resolveAll(plan(s, []));
    expect(r.s.turn).toBe(8);
    expect(r.s.phase).toBe('cartel');
    expect(kingpin.view(r.s, null).phase).toBe('cartel');
  });
});

describe('Kingpin defaults (R15-R19)', () => {
  it('R16: GIVEN a silent Cartel at setup THEN each time-out places only the next item, at a legal Location, and after five the game starts', () => {
    let s = fresh();
    for (let n = 5; n > 0; n--) {
      const w = kingpin.waits(s)[0];
      expect(w?.key).toBe(`kp:setup:${n}`);
      const r = runOutWait(kingpin, s, w?.key ?? '');
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.applied).toHaveLength(1);
      s = r.value.state;
      expect(s.toPlace).toHaveLength(n - 1);
    }
    expect(s.phase).toBe('cartel');
  });

  it('R17: GIVEN a silent Cartel holding a drawn Need THEN it is placed and the turn ends', () => {
    const s = act(placed(), CARTEL, { type: 'draw-need' }).s;
    const r = runOutWait(kingpin, s, 'kp:t1:cartel');
    expect(r.ok && r.value.state.phase).toBe('intel-plan');
    expect(r.ok && r.value.state.cartel.drawn).toBeNull();
  });

  it('R18: GIVEN silent Hunters planning THEN their proposal stands as it is and is confirmed', () => {
    const s = act(toHunters(placed()), HUNTERS, { type: 'add-pawn', pawn: 'intel', spot: `card:N1` }).s;
    const r = runOutWait(kingpin, s, 'kp:t1:intel-plan');
    expect(r.ok && r.value.state.hunt.plan).toHaveLength(1);
  });

  it('R19 and R15: GIVEN silent teams during resolution THEN pawns resolve in plan order and the Cartel Fixes a card, never Chapo while a card is there', () => {
    const s = dice(
      plan(plan(toHunters(placed()), []), [
        { pawn: 'police', spot: 'loc:culiacan' },
        { pawn: 'police', spot: 'loc:culiacan' },
      ]),
      6,
      6,
    );
    const w = kingpin.waits(s);
    expect(w[0]).toMatchObject({
      player: HUNTERS,
      default: { type: 'resolve', index: 0 },
      rule: 'kingpin R19',
    });
    const step = runOutWait(kingpin, s, w[0]?.key ?? '');
    const after = step.ok
      ? runOutWait(kingpin, step.value.state, kingpin.waits(step.value.state)[0]?.key ?? '')
      : step;
    const pending = after.ok ? after.value.state : s;
    const fix = kingpin.waits(pending)[0];
    expect(fix).toMatchObject({ player: CARTEL, default: { type: 'choose-fix' }, rule: 'kingpin R15' });
    expect(['def-halcones', 'need-wife-twins']).toContain(
      (fix?.default as { option?: string } | undefined)?.option,
    );
  });
});

describe('Kingpin log (R27)', () => {
  it('R27: GIVEN a long game THEN the state keeps only the latest log lines, numbered on', () => {
    const long = edit(placed(), (x) => {
      for (let i = 0; i < 100; i++)
        x.log.push({ n: (x.log.at(-1)?.n ?? 0) + 1, turn: 1, to: 'cartel', text: `line ${i}` });
    });
    const s = act(long, CARTEL, { type: 'move-chapo', location: 'mazatlan' }).s;
    expect(s.log.length).toBeLessThanOrEqual(80);
    expect(s.log.at(-1)?.n).toBe((long.log.at(-1)?.n ?? 0) + 1);
  });
});

describe('Kingpin refusals that teach', () => {
  it('GIVEN every error code THEN it names a rulebook section', () => {
    for (const [code, section] of Object.entries(ERROR_CODES))
      expect(SECTIONS[section], code).toMatch(/^rulebook \d/);
  });

  it('GIVEN a refused move THEN the message says what was tried, the section, and what to do instead; the rule is data too', () => {
    const r = kingpin.apply(placed(), CARTEL, {
      type: 'place-defense',
      card: 'def-steel-doors',
      location: 'culiacan',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(
        /exposure box at Culiacán already holds a Hidden Defense \(rulebook 2\.0, Defense Actions; ruling R3\)\. Free legal Locations: /,
      );
      expect((r.error as unknown as { rule: string }).rule).toBe('rulebook 2.0, Defense Actions; ruling R3');
    }
  });
});
