/**
 * The move history kept apart from the session record (issue #15): a record stays the same
 * size however long the game, the whole history reads back in order, and neither a lost race
 * nor a crash between the two writes loses or doubles a move.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryDamagedError } from '../../src/storage/errors.ts';
import { appendHistory, HISTORY_CHUNK, historyChunkKey, historyLength } from '../../src/storage/history.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import type { Session } from '../../src/storage/session.ts';
import { SessionStore, VersionConflictError } from '../../src/storage/sessions.ts';
import { freshChannel, removeTempDirs, sessionFor, storeUrls, urlFor } from './stores.ts';

afterEach(removeTempDirs);

const move = (s: Session, n: number): Session => ({
  ...s,
  state: { total: n },
  history: appendHistory(s.history, [
    { at: n, actor: `u${n % 3}`, action: { type: 'add', n }, announce: [`+${n}`] },
  ]),
});

describe.each(storeUrls())('the move history on $name', (store) => {
  it.skipIf(!store.url)(
    'GIVEN a game of 100 moves saved one by one THEN the record holds only the newest moves and the whole history reads back in order',
    async () => {
      const keyv = await openKeyv(urlFor(store));
      const sessions = new SessionStore(keyv, () => 5);
      const channel = freshChannel();
      let s = await sessions.save(sessionFor(channel, { status: 'playing' }), -1);
      for (let n = 1; n <= 100; n++) s = await sessions.save(move(s, n), s.version);
      const loaded = await sessions.load(channel);
      if (loaded.kind !== 'ok') throw new Error(loaded.kind);
      expect(historyLength(loaded.session.history)).toBe(100);
      expect(loaded.session.history.recent.length).toBeLessThan(2 * HISTORY_CHUNK);
      const all = await sessions.history(loaded.session);
      expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(all.map((e) => (e.action as { n: number }).n)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      await sessions.delete(channel);
      await expect(sessions.history(loaded.session)).rejects.toBeInstanceOf(HistoryDamagedError);
      await sessions.close();
    },
  );

  it.skipIf(!store.url)(
    'GIVEN two processes saving over the same version WHEN one loses the race THEN no move is lost or doubled',
    async () => {
      const url = urlFor(store);
      const a = new SessionStore(await openKeyv(url), () => 5);
      const b = new SessionStore(await openKeyv(url), () => 5);
      const channel = freshChannel();
      let s = await a.save(sessionFor(channel, { status: 'playing' }), -1);
      // Enough committed moves that the next save moves a chunk out of the record.
      for (let n = 1; n <= HISTORY_CHUNK + 1; n++) s = await a.save(move(s, n), s.version);
      const seenByB = await b.load(channel);
      if (seenByB.kind !== 'ok') throw new Error(seenByB.kind);
      const won = await a.save(move(s, 100), s.version);
      await expect(b.save(move(seenByB.session, 200), seenByB.session.version)).rejects.toBeInstanceOf(
        VersionConflictError,
      );
      const actions = (await a.history(won)).map((e) => (e.action as { n: number }).n);
      expect(actions).toEqual([...Array.from({ length: HISTORY_CHUNK + 1 }, (_, i) => i + 1), 100]);
      await a.delete(channel);
      await a.close();
      await b.close().catch(() => undefined); // @keyv/postgres shares one pool between connections
    },
  );
});

describe('GIVEN the record and its history chunks', () => {
  it('WHEN a crash came between writing a chunk and saving the record THEN the next save writes the same chunk and nothing doubles', async () => {
    const keyv = await openKeyv('memory://');
    const sessions = new SessionStore(keyv, () => 5);
    let s = await sessions.save(sessionFor('c1', { status: 'playing' }), -1);
    for (let n = 1; n <= HISTORY_CHUNK; n++) s = await sessions.save(move(s, n), s.version);
    // The crash: the chunk of the committed moves is already stored, the record is not yet saved.
    const chunk = s.history.recent.slice(0, HISTORY_CHUNK);
    await keyv.set(historyChunkKey('c1', s.id, 0), chunk);
    s = await sessions.save(move(s, 9), s.version);
    expect(s.history.stored).toBe(HISTORY_CHUNK);
    expect((await sessions.history(s)).map((e) => e.seq)).toEqual(
      Array.from({ length: HISTORY_CHUNK + 1 }, (_, i) => i + 1),
    );
    await sessions.close();
  });

  it('WHEN a chunk is missing (a store that lost data) THEN reading the history fails plainly, never returning a short game', async () => {
    const keyv = await openKeyv('memory://');
    const sessions = new SessionStore(keyv, () => 5);
    let s = await sessions.save(sessionFor('c2', { status: 'playing' }), -1);
    for (let n = 1; n <= 3 * HISTORY_CHUNK; n++) s = await sessions.save(move(s, n), s.version);
    expect(s.history.stored).toBeGreaterThan(0);
    await keyv.delete(historyChunkKey('c2', s.id, 0));
    await expect(sessions.history(s)).rejects.toThrow(/moves 1-8 are missing/);
    await sessions.close();
  });

  it('WHEN chunks are missing or mangled THEN the failure says it is damage (not the store being down), which moves, and carries every move that remains', async () => {
    const keyv = await openKeyv('memory://');
    const sessions = new SessionStore(keyv, () => 5);
    let s = await sessions.save(sessionFor('c5', { status: 'playing' }), -1);
    for (let n = 1; n <= 4 * HISTORY_CHUNK; n++) s = await sessions.save(move(s, n), s.version);
    await keyv.delete(historyChunkKey('c5', s.id, 0));
    await keyv.set(historyChunkKey('c5', s.id, 2), [{ not: 'a move' }]);
    const err: unknown = await sessions.history(s).catch((e: unknown) => e);
    if (!(err instanceof HistoryDamagedError)) throw new Error(`not damage: ${String(err)}`);
    expect(err.damaged).toEqual([
      { from: 1, to: 8 },
      { from: 17, to: 24 },
    ]);
    const total = historyLength(s.history);
    expect(err.readable.map((e) => e.seq)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1).filter((n) => n > 8 && (n < 17 || n > 24)),
    );
    await sessions.close();
  });

  it('WHEN the game is 500 moves long THEN its record is no bigger than it was early in the game', async () => {
    const keyv = await openKeyv('memory://');
    const sessions = new SessionStore(keyv, () => 5);
    const size = () => String((keyv.store as Map<string, unknown>).get('tradecraft:session:c3')).length;
    let s = await sessions.save(sessionFor('c3', { status: 'playing' }), -1);
    const sizes: number[] = [];
    for (let n = 1; n <= 500; n++) {
      s = await sessions.save(move(s, n), s.version);
      sizes.push(size());
    }
    // Early: the first 2 chunks' worth of moves, when the record held the whole history.
    const early = Math.max(...sizes.slice(0, 2 * HISTORY_CHUNK));
    expect(Math.max(...sizes.slice(400))).toBeLessThanOrEqual(1.2 * early);
    await sessions.close();
  });

  it("WHEN a new game replaces a finished one THEN pruning removes only the old game's stored history", async () => {
    const keyv = await openKeyv('memory://');
    const sessions = new SessionStore(keyv, () => 5);
    let old = await sessions.save(sessionFor('c4', { id: 'oldgame1', status: 'playing' }), -1);
    for (let n = 1; n <= 3 * HISTORY_CHUNK; n++) old = await sessions.save(move(old, n), old.version);
    let next = await sessions.save(sessionFor('c4', { id: 'newgame1', status: 'playing' }), old.version);
    for (let n = 1; n <= 3 * HISTORY_CHUNK; n++) next = await sessions.save(move(next, n), next.version);
    expect(await sessions.pruneHistory('c4', next.id)).toBe(old.history.stored / HISTORY_CHUNK);
    await expect(sessions.history(old)).rejects.toBeInstanceOf(HistoryDamagedError);
    expect(await sessions.history(next)).toHaveLength(3 * HISTORY_CHUNK);
    await sessions.close();
  });
});
