/** Decision deadlines (src/bot/kernel/pace.ts): what a player sees of their clock and reserve. */
import { describe, expect, it } from 'vitest';
import { playAction } from '../../src/bot/kernel/play.ts';
import {
  DEFAULT_MARK,
  deadlineLines,
  newTableClock,
  nextWake,
  pauseClocks,
  PACE_RULES,
  planClocks,
} from '../../src/bot/kernel/pace.ts';
import { appendHistory } from '../../src/storage/history.ts';
import type { Session } from '../../src/storage/session.ts';
import type { Pace } from '../../src/storage/table-clock.ts';
import { tallySession } from '../fixtures/session.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';

const ANN = '111111111111111111';
const BEN = '222222222222222222';
const { perDecisionMs, reserveMs, remindBeforeMs } = PACE_RULES.daily;

const table = (pace: Pace = 'daily'): Session =>
  planClocks(
    tally,
    tallySession(
      [
        { id: ANN, name: 'Ann' },
        { id: BEN, name: 'Ben' },
      ],
      undefined,
      { tableClock: newTableClock(pace) },
    ),
    0,
  );

/** Ann moves at `at`; the next save plans the clocks again. */
function annMoves(session: Session, at: number): Session {
  const r = playAction(tally, session, ANN, { type: 'add', n: 1 }, at);
  if (!r.ok) throw new Error(r.error.message);
  return planClocks(tally, r.step.session, at);
}

describe('decision deadlines', () => {
  it('GIVEN a daily table WHEN a decision starts THEN its deadline is a day plus the seat’s reserve, with a reminder two hours before', () => {
    const [clock] = table().tableClock?.clocks ?? [];
    expect(clock).toMatchObject({ player: ANN, startedAt: 0, due: perDecisionMs + reserveMs });
    expect(clock?.remindAt).toBe(perDecisionMs + reserveMs - remindBeforeMs);
    expect(nextWake(table())).toBe(clock?.remindAt);
  });

  it('GIVEN a table with no pace THEN nobody gets a deadline and nothing wakes', () => {
    expect(table('none').tableClock?.clocks).toEqual([]);
    expect(nextWake(table('none'))).toBeUndefined();
    expect(deadlineLines(table('none'))).toEqual([]);
  });

  it('GIVEN a player who answers within the day THEN their reserve is untouched and the next player’s clock starts', () => {
    const after = annMoves(table(), perDecisionMs - 1);
    expect(after.tableClock?.reserves[ANN] ?? reserveMs).toBe(reserveMs);
    expect(after.tableClock?.clocks.map((c) => c.player)).toEqual([BEN]);
    expect(after.tableClock?.clocks[0]?.startedAt).toBe(perDecisionMs - 1);
  });

  it('GIVEN a player who answers an hour late THEN exactly that hour comes out of their reserve, and their next deadline is that much sooner', () => {
    const hour = 3_600_000;
    const after = annMoves(table(), perDecisionMs + hour);
    expect(after.tableClock?.reserves[ANN]).toBe(reserveMs - hour);
    const benMoved = playAction(tally, after, BEN, { type: 'add', n: 1 }, perDecisionMs + hour);
    if (!benMoved.ok) throw new Error(benMoved.error.message);
    const annAgain = planClocks(tally, benMoved.step.session, perDecisionMs + hour);
    const [clock] = annAgain.tableClock?.clocks ?? [];
    expect(clock?.player).toBe(ANN);
    expect((clock?.due ?? 0) - (clock?.startedAt ?? 0)).toBe(perDecisionMs + reserveMs - hour);
  });

  it('GIVEN a decision the platform played by default THEN it counts as no answer: the reserve is not charged', () => {
    const start = table();
    const late = perDecisionMs + reserveMs + 1;
    const r = tally.apply(start.state as TallyState, ANN, { type: 'add', n: 1 });
    if (!r.ok) throw new Error(r.error.message);
    const history = appendHistory(start.history, [
      { at: late, actor: ANN, action: { type: 'add', n: 1 }, announce: [DEFAULT_MARK] },
    ]);
    const after = planClocks(tally, { ...start, state: r.value.state, history }, late);
    expect(after.tableClock?.reserves[ANN]).toBeUndefined();
  });

  it('GIVEN a paused table THEN the clock keeps the time left, nothing wakes, and resuming gives that time back', () => {
    const start = table();
    const now = 5 * 3_600_000;
    const paused = { ...start, tableClock: pauseClocks(start.tableClock!, true, now) };
    const [held] = paused.tableClock.clocks;
    expect(held?.due).toBeUndefined();
    expect(held?.remaining).toBe(perDecisionMs + reserveMs - now);
    expect(nextWake(paused)).toBeUndefined();
    expect(deadlineLines(paused)[0]).toContain('(clock paused)');
    const later = now + 7 * 24 * 3_600_000;
    const resumed = pauseClocks(paused.tableClock, false, later);
    expect(resumed.clocks[0]?.due).toBe(later + perDecisionMs + reserveMs - now);
  });

  it('GIVEN a decision owed THEN the board shows who owes it and a countdown Discord renders', () => {
    expect(deadlineLines(table())).toEqual([
      `⏳ <@${ANN}>: ${tally.waits(table().state as TallyState)[0]?.for}, due <t:${(perDecisionMs + reserveMs) / 1000}:R>`,
    ]);
  });
});
