import { describe, expect, it } from 'vitest';
import { playerName } from '../../src/bot/kernel/names.ts';
import { DEADLINE_TEXT_MAX, deadlineLines, newTableClock, planClocks } from '../../src/bot/kernel/pace.ts';
import { FACILITATOR_ACTOR } from '../../src/games/contract.ts';
import type { Session } from '../../src/storage/session.ts';
import { tallySession } from '../fixtures/session.ts';
import { tally } from '../fixtures/tally.ts';

const ANN = '111111111111111111';
const BEN = '222222222222222222';
const SUB = '333333333333333333';

const seats: Session['seats'] = [
  { id: ANN, name: 'Ann **bold**' },
  { id: 'cpu:1', name: 'Greedy_one', computer: 'greedy' },
  { id: BEN, name: 'Ben', handedTo: SUB },
];

describe('how the bot names a player', () => {
  it.each([
    { player: ANN, as: 'mention', shown: `<@${ANN}>` },
    { player: ANN, as: 'name', shown: 'Ann \\*\\*bold\\*\\*' },
    { player: 'cpu:1', as: 'mention', shown: 'Greedy\\_one' },
    { player: BEN, as: 'mention', shown: `<@${SUB}>` },
    { player: BEN, as: 'name', shown: 'Ben' },
    { player: FACILITATOR_ACTOR, as: 'mention', shown: 'the facilitator' },
    { player: '444444444444444444', as: 'mention', shown: '<@444444444444444444>' },
  ] as const)('GIVEN $player as a $as THEN it reads $shown', ({ player, as, shown }) => {
    expect(playerName(seats, player, as)).toBe(shown);
  });

  it('GIVEN a seat the host handed to another user THEN its deadline line mentions the user who acts for it now', () => {
    const session = tallySession(
      [
        { id: BEN, name: 'Ben', handedTo: SUB },
        { id: ANN, name: 'Ann' },
      ],
      undefined,
      { tableClock: newTableClock('daily') },
    );
    const lines = deadlineLines(planClocks(tally, session, 0));
    expect(lines[0]).toContain(`<@${SUB}>`);
    expect(lines.join('\n')).not.toContain(`<@${BEN}>`);
  });
});

describe('the deadline lines of a crowded board', () => {
  it('GIVEN eight team seats of three each owing two long decisions THEN each seat gets one line naming every member with a deadline, within the budget', () => {
    const member = (seat: number, m: number) => `${seat + 1}${m}${'0'.repeat(16)}`;
    const seats: Session['seats'] = Array.from({ length: 8 }, (_, i) => ({
      id: member(i, 0),
      name: `Seat ${i}`,
      members: [0, 1, 2].map((m) => member(i, m)),
    }));
    const long = 'vote on the justification of Signals Intelligence from a Commercial Satellite Provider';
    const clocks = seats.flatMap((s, i) =>
      ['a', 'b'].map((k) => ({
        key: `${i}${k}`,
        player: s.id,
        for: `${long} ${k}`,
        startedAt: 0,
        due: 86_400_000,
      })),
    );
    const session = tallySession(seats.slice(0, 4), undefined, {
      seats,
      tableClock: { ...newTableClock('daily'), clocks },
    });
    const lines = deadlineLines(session);
    expect(lines).toHaveLength(8);
    expect(lines.join('\n').length).toBeLessThanOrEqual(DEADLINE_TEXT_MAX);
    for (const [i, line] of lines.entries()) {
      for (const m of [0, 1, 2]) expect(line).toContain(`<@${member(i, m)}>`);
      expect(line).toMatch(/due <t:86400:R>$/);
    }
  });
});

describe('a decision answered by whoever holds a team member’s place now', () => {
  it('GIVEN bob’s place handed to erin and erin’s move recorded as bob’s THEN the decision counts as answered: no miss stays on the seat', () => {
    const team: Session['seats'] = [
      { id: ANN, name: 'Ann', members: [ANN, BEN], places: { [BEN]: SUB } },
      { id: 'cpu:1', name: 'Greedy', computer: 'greedy' },
    ];
    const base = tallySession(team);
    const clock = { key: 'gone', player: ANN, for: 'vote', startedAt: 0, due: 100_000 };
    const session: Session = {
      ...base,
      tableClock: { ...newTableClock('daily'), clocks: [clock], missed: { [ANN]: 1 } },
      history: {
        ...base.history,
        recent: [{ seq: 0, at: 10, actor: BEN, action: { type: 'add', n: 1 }, announce: [] }],
      },
    };
    expect(planClocks(tally, session, 20).tableClock?.missed[ANN]).toBe(0);
  });
});
