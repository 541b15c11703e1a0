/**
 * Issue #27: whose a finished game's result is (README, "Stats"). Table-driven over how each seat
 * was played, as the table clock notes it (kernel/played-by.ts).
 */
import { describe, expect, it } from 'vitest';
import { gameResults } from '../../src/bot/features/results.ts';
import { newTableClock } from '../../src/bot/kernel/pace.ts';
import type { AnyEngine } from '../../src/games/contract.ts';
import type { PlayedBy } from '../../src/bot/kernel/played-by.ts';
import type { Session } from '../../src/storage/session.ts';
import { tallySession } from '../fixtures/session.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';

/** Tally whose results also report claims and trust, as Item Collection's do. */
const claiming: AnyEngine = {
  ...(tally as unknown as AnyEngine),
  results: (s) =>
    (s as TallyState).players.map((p) => ({
      seat: p.id,
      won: p.id === (s as TallyState).winner,
      score: 5,
      claims: { made: 4, honest: 4 },
      trust: { plays: 2, repaid: 2 },
    })),
};

/** Discord user ids: only people have results. */
const A = '100000000000000001';
const B = '100000000000000002';

function finished(playedBy: PlayedBy | undefined, seat: Partial<Session['seats'][number]> = {}): Session {
  const session = tallySession([
    { id: A, name: 'A' },
    { id: B, name: 'B', ...seat },
  ]);
  const state = { ...(session.state as TallyState), winner: B, total: 10 };
  const tableClock = { ...newTableClock('daily'), ...(playedBy ? { playedBy } : {}) };
  if (!playedBy) delete tableClock.playedBy;
  return { ...session, state, status: 'ended', tableClock };
}

const of = (session: Session) => gameResults(claiming, session).find((r) => r.userId === B);

describe('GIVEN a finished game, how seat b was played', () => {
  it.each([
    ['by its holder alone: played, won, score, honesty and cooperation', { b: ['self'] }, {}, 'full'],
    [
      'by its holder, one decision a default: played and won, no honesty or cooperation',
      { b: ['self', 'default'] },
      {},
      'no-claims',
    ],
    ['by its holder, then a computer stood in: nothing', { b: ['self', 'computer'] }, {}, 'none'],
    ['by defaults only (never moved): nothing', { b: ['default'] }, {}, 'none'],
    [
      'by a computer the host put in for good (removed): nothing',
      { b: ['self', 'computer'] },
      { computer: 'greedy' },
      'none',
    ],
    [
      'handed to erin mid-game: nothing, for either',
      { b: ['self'] },
      { handedTo: '100000000000000005' },
      'none',
    ],
  ] as const)('%s', (_, playedBy, seat, expected) => {
    const result = of(finished({ [A]: ['self'], [B]: [...playedBy.b] }, seat));
    if (expected === 'none') return expect(result).toBeUndefined();
    expect(result).toMatchObject({ won: true, score: 5 });
    if (expected === 'full') expect(result).toMatchObject({ claims: 4, honest: 4, trusting: 2, repaid: 2 });
    else expect(result?.claims ?? 0).toBe(0);
  });

  it('GIVEN a game begun before seats’ play was noted THEN every seat a person holds at the end counts, a computer’s not', () => {
    expect(of(finished(undefined))).toMatchObject({ won: true, claims: 4 });
    expect(of(finished(undefined, { computer: 'greedy' }))).toBeUndefined();
  });
});
