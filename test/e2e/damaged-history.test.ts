/**
 * A finished game whose stored move history lost a chunk (issue #24): the store answers, so
 * "not answering, try again" would never come true. Export gives every move that remains and
 * says where the gap is, review says why it cannot replay, and the operator finds it in the log.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { historyChunkKey } from '../../src/storage/history.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { tally } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

async function finishedGame(damage: 'missing' | 'mangled') {
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  const storeUrl = urlFor({ name: 'sqlite', url: 'sqlite' });
  h = await Harness.start({
    games: [tally],
    storeUrl,
    logger: createLogger({ level: 'warn', format: 'json', secrets: [], destination: sink }),
  });
  const run = scripted(h);
  await run('@alice /game start game:tally seed:7 target:30\n@bob click Join\n@alice click Start');
  for (let i = 0; i < 15; i++) await run(`@${i % 2 ? 'bob' : 'alice'} click Add 2`);
  const session = await h.bot.tables.load(h.channel.id);
  if (session?.status !== 'ended' || session.history.stored === 0) throw new Error('no stored history');
  const keyv = await openKeyv(storeUrl);
  const key = historyChunkKey(h.channel.id, session.id, 0);
  if (damage === 'missing') await keyv.delete(key);
  else await keyv.set(key, 'not a chunk of moves');
  await keyv.disconnect();
  return { h, run, logged };
}

describe('GIVEN a finished game whose stored history lost its first chunk', () => {
  it.each(['missing', 'mangled'] as const)(
    'WHEN the chunk is %s and a player exports the game THEN they get the moves that remain and are told which are gone',
    async (damage) => {
      const { h, run, logged } = await finishedGame(damage);
      const said = await run('@alice /game export');
      expect(said).not.toMatch(/not answering|try again/);
      expect(said).toMatch(/damaged \(moves 1-8 are missing\)/);
      const reply = h.emu
        .messages(h.channel.id)
        .findLast((m) => m.ephemeralTo === h.user('alice').id && m.attachments.length > 0);
      const md = reply?.attachments.find((a) => a.filename.endsWith('.md'))?.data.toString('utf8') ?? '';
      expect(md).toContain('Moves 1-8 are missing');
      expect(md).toMatch(/^9\. /m);
      expect(md).toMatch(/^15\. /m);
      expect(logged.join('')).toContain('stored move history damaged: moves 1-8');
    },
  );

  it('WHEN a player asks for the review THEN they hear why it cannot be replayed, not that the store is down', async () => {
    const { run } = await finishedGame('missing');
    const said = await run('@alice /game review');
    expect(said).not.toMatch(/not answering|try again/);
    expect(said).toMatch(/moves 1-8 are missing or unreadable/);
    expect(said).toContain('/game export');
  });
});
