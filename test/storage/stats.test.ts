/** Server stats (src/storage/stats.ts): a game counts once, whoever records it and however often. */
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { StatsStore } from '../../src/storage/stats.ts';
import { removeTempDirs, urlFor } from './stores.ts';

afterEach(removeTempDirs);

const result = (userId: string, won: boolean) => ({ userId, name: userId, won, score: 3 });

describe('GIVEN a finished game recorded in the stats', () => {
  it('WHEN it is recorded again (a wrap-up resumed, or a second process) THEN it counts once; another game counts', async () => {
    const url = urlFor({ name: 'sqlite', url: 'sqlite' });
    const first = new StatsStore(await openKeyv(url));
    const second = new StatsStore(await openKeyv(url));
    await first.record('g', 'tally', [result('u1', true), result('u2', false)], 'game1');
    await second.record('g', 'tally', [result('u1', true), result('u2', false)], 'game1');
    await Promise.all([
      first.record('g', 'tally', [result('u1', false)], 'game2'),
      second.record('g', 'tally', [result('u1', false)], 'game3'),
    ]);
    const table = await first.table('g', 'tally');
    expect(table['u1']).toMatchObject({ played: 3, won: 1, scoreSum: 9 });
    expect(table['u2']).toMatchObject({ played: 1, won: 0 });
  });

  it('WHEN the record was written before games were counted by id THEN its lines are kept and added to', async () => {
    const keyv = await openKeyv(urlFor({ name: 'sqlite', url: 'sqlite' }));
    await keyv.set('stats:g:tally', { u1: { name: 'u1', played: 4, won: 2 } });
    const stats = new StatsStore(keyv);
    expect((await stats.table('g', 'tally'))['u1']).toMatchObject({ played: 4, won: 2 });
    await stats.record('g', 'tally', [result('u1', true)], 'game9');
    expect((await stats.table('g', 'tally'))['u1']).toMatchObject({ played: 5, won: 3 });
  });
});
