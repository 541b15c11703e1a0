import { describe, expect, it } from 'vitest';
import { PACE_KEY, PACE_MS, playAction, settle, yieldsToPace } from '../../src/bot/kernel/play.ts';
import { newTableClock } from '../../src/bot/kernel/pace.ts';
import { SYSTEM_ACTOR } from '../../src/games/contract.ts';
import type { Session } from '../../src/storage/session.ts';
import { tallySession } from '../fixtures/session.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { historyLength } from '../../src/storage/history.ts';

const playing = (seats: Session['seats'], options?: Record<string, unknown>): Session =>
  tallySession(seats, options);

describe('a step of play', () => {
  it('GIVEN a computer seat next WHEN a human moves THEN the computer answers at once and both moves are recorded', () => {
    const session = playing([
      { id: 'a', name: 'A' },
      { id: 'cpu:1', name: 'Greedy', computer: 'greedy' },
    ]);
    const r = playAction(tally, session, 'a', { type: 'add', n: 1 }, 50);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.step.session.history.recent.map((h) => h.actor)).toEqual(['a', 'cpu:1']);
    expect((r.step.session.state as { total: number }).total).toBe(3);
  });

  it('GIVEN an illegal move THEN the rule error comes back and nothing is recorded', () => {
    const session = playing([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]);
    const r = playAction(tally, session, 'b', { type: 'add', n: 1 }, 50);
    expect(r).toEqual({ ok: false, error: { code: 'not-your-turn', message: 'It is not your turn.' } });
    expect(historyLength(session.history)).toBe(0);
  });

  it('GIVEN computers only in a game without rounds THEN they play the game to its end and the session is marked ended', () => {
    const session = playing([
      { id: 'cpu:1', name: 'G1', computer: 'greedy' },
      { id: 'cpu:2', name: 'G2', computer: 'greedy' },
    ]);
    const announce: string[] = [];
    const roundless = { ...tally };
    delete roundless.roundOf;
    const done = settle(roundless, session, 0, announce);
    expect(done.status).toBe('ended');
    expect(announce.at(-1)).toMatch(/wins/);
  });

  it('GIVEN computers only in a game with rounds THEN they play one round and wait out the pause', () => {
    const session = playing([
      { id: 'cpu:1', name: 'G1', computer: 'greedy' },
      { id: 'cpu:2', name: 'G2', computer: 'greedy' },
    ]);
    const done = settle(tally, session, 0, []);
    expect(done.status).toBe('playing');
    expect((done.state as TallyState).turn).toBe((session.state as TallyState).turn + 1);
    expect(done.timer?.key.startsWith(PACE_KEY)).toBe(true);
    expect(done.timer?.due).toBe(PACE_MS);
  });

  it('GIVEN a phase timer THEN its deadline is set from now, kept within the phase, and renewed in the next', () => {
    const session = playing(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      { target: 10, turnseconds: 60 },
    );
    const first = settle(tally, session, 1_000, []);
    expect(first.timer).toEqual({
      key: 'turn:0',
      label: 'Turn',
      due: 61_000,
      remindAt: 31_000,
      reminderBeforeMs: 30_000,
    });
    expect(settle(tally, first, 5_000, []).timer).toEqual(first.timer);
    const r = playAction(tally, first, SYSTEM_ACTOR, { type: 'skip' }, 61_000);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.step.session.timer?.key).toBe('turn:1');
    expect(r.step.session.timer?.due).toBe(121_000);
  });

  // Issue #27: a game's own clocks follow the table's pace unless the host set them.
  const window = { key: 'w', durationMs: 120_000, label: 'Disruption window', action: {}, option: 'window' };
  const joker = { key: 'j', durationMs: 60_000, label: 'Choice of High or Low', action: {} };
  it.each([
    ['no pace: the game keeps its clock', 'none', false, window, { optionsGiven: [] }],
    ['no pace: a clock no option sets runs too', 'none', false, joker, { optionsGiven: [] }],
    [
      'a pace, the option left out: the decisions pace the phase',
      'daily',
      true,
      window,
      { optionsGiven: [] },
    ],
    ['a pace, a clock no host can set (the joker minute)', 'daily', true, joker, { optionsGiven: [] }],
    ['a pace, the host set window: it keeps its time', 'daily', false, window, { optionsGiven: ['window'] }],
    ['a record from before optionsGiven: its options count as given', 'live', false, window, {}],
  ] as const)('GIVEN %s THEN at pace %s the clock yields: %s', (_, pace, yields, phase, more) => {
    const session = playing(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      { target: 10, window: 120 },
    );
    const given = 'optionsGiven' in more ? { optionsGiven: [...more.optionsGiven] } : {};
    expect(yieldsToPace(phase, { ...session, ...given, tableClock: newTableClock(pace) })).toBe(yields);
  });
});
