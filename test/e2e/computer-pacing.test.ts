/**
 * A table of computers only, in every game, plays one round at a time, a pause apart, so a class
 * can follow it (issue #27): never the whole game in one burst at Start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PACE_MS } from '../../src/bot/kernel/play.ts';
import { GAMES } from '../../src/games/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function table(harness: Harness): Promise<{ status: string; round: number | undefined }> {
  const loaded = await harness.bot.tables.deps.store.load(harness.channel.id);
  if (loaded.kind !== 'ok') throw new Error('no table');
  const engine = GAMES.find((g) => g.id === loaded.session.gameId);
  return { status: loaded.session.status, round: engine?.roundOf?.(loaded.session.state) };
}

describe.each(GAMES.map((g) => [g.id, g] as const))('GIVEN a table of computers only at %s', (id, engine) => {
  it('WHEN the facilitator starts it THEN it plays one round, then the next after the pause', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const computer = engine.computerStrategies[0]?.name ?? '';
    const adds = Array.from({ length: engine.minPlayers }, () => `@alice select ${computer}`).join('\n');
    await run(`@alice /game start game:${id} seed:3 facilitate:true\n${adds}\n@alice click Start`);
    const first = await table(h);
    expect(first.status).toBe('playing');
    const rounds = [first.round];
    // Each pause plays the next round, never several at once.
    for (let i = 0; i < 3; i++) {
      await run(`wait ${PACE_MS / 1000}s`);
      const now = await table(h);
      if (now.status !== 'playing') break;
      rounds.push(now.round);
    }
    // (One move can count for more than one: a COLLECTION turn that ends and the next role pick.)
    for (let i = 1; i < rounds.length; i++) expect(rounds[i]).toBeGreaterThan(rounds[i - 1] ?? 0);
    expect(rounds.length).toBeGreaterThan(1);
  });
});
