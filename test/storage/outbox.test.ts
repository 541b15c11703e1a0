/**
 * What a table owes its channel (src/storage/outbox.ts): changes owed in order, recorded on the
 * newest record whatever another process saved meanwhile, and never hidden by a bookkeeping save.
 */
import { describe, expect, it } from 'vitest';
import { owe, owes, outboxOf, recordPosted, repostOwed } from '../../src/storage/outbox.ts';
import { sessionFor } from './stores.ts';

const base = sessionFor('c1', { status: 'playing', boardMessageId: '100' });

describe('GIVEN changes owed to a channel', () => {
  it('WHEN two changes are saved THEN each bumps the revision, lines are numbered in order, and a repost is owed once asked', () => {
    const one = owe(base, { lines: ['a'] });
    const two = owe(one, { lines: ['b', 'c'], repost: true });
    expect(outboxOf(two)).toMatchObject({ rev: 2, shown: 0, repost: 2, seq: 2 });
    expect(outboxOf(two).entries).toEqual([
      { seq: 0, lines: ['a'] },
      { seq: 1, lines: ['b', 'c'] },
    ]);
    expect(owes(two)).toBe(true);
    expect(repostOwed(two)).toBe(true);
    // A change without lines still owes its board.
    expect(owes(owe(base))).toBe(true);
  });

  it('WHEN what was posted is recorded on a record that moved on THEN only what was posted leaves, and the newer change stays owed', () => {
    const shownTo = owe(base, { lines: ['a'] });
    // Meanwhile another change was saved (by this process or another).
    const latest = owe(shownTo, { lines: ['b'] });
    const { next, replaced, lost } = recordPosted(latest, {
      upTo: 0,
      last: '200',
      board: { rev: 1, messageId: '200', posted: true },
    });
    expect(outboxOf(next)).toMatchObject({ rev: 2, shown: 1, last: '200' });
    expect(outboxOf(next).entries).toEqual([{ seq: 1, lines: ['b'] }]);
    expect(next.boardMessageId).toBe('200');
    expect(replaced).toBe('100');
    expect(lost).toBeUndefined();
    expect(owes(next)).toBe(true);
  });

  it('WHEN a newer board was recorded first THEN ours lost and `shown` does not go back', () => {
    const latest = { ...owe(owe(base)), boardMessageId: '300' };
    const newer = recordPosted(latest, { board: { rev: 2, messageId: '300', posted: true } }).next;
    const { next, lost } = recordPosted(newer, { board: { rev: 1, messageId: '200', posted: true } });
    expect(outboxOf(next).shown).toBe(2);
    expect(next.boardMessageId).toBe('300');
    expect(lost).toBe('200');
  });

  it('WHEN a board edited in place is no longer the recorded one THEN the edit lost', () => {
    const latest = { ...owe(base), boardMessageId: '300' };
    const { next, lost } = recordPosted(latest, { board: { rev: 1, messageId: '100', posted: false } });
    expect(outboxOf(next).shown).toBe(0);
    expect(lost).toBe('100');
  });

  it('WHEN a bookkeeping save copies the record THEN what is owed is exactly what was owed', () => {
    const owed = owe(base, { lines: ['a'], repost: true });
    const bookkeeping = { ...owed, handled: [...owed.handled, 'i1'] };
    expect(outboxOf(bookkeeping)).toEqual(outboxOf(owed));
    const shown = recordPosted(owed, { upTo: 0, board: { rev: 1, messageId: '200', posted: true } }).next;
    expect(owes({ ...shown, handled: ['i2'] } as typeof shown)).toBe(false);
  });
});
