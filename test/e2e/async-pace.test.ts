/**
 * Issue #10's promise through the emulator: no game waits forever. Every game, with one silent
 * human seat and computers in the others, ends under each pace as simulated days pass (under
 * `none`, the host nudges with `/game skip`). Seeded, so each run is the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const STEP: Record<string, string> = { live: '10m', daily: '3d', weekly: '11d' };
const MAX_STEPS = 60;

async function status(harness: Harness): Promise<string | undefined> {
  return (await harness.bot.tables.load(harness.channel.id))?.status;
}

describe('GIVEN a table with one silent seat', () => {
  for (const engine of GAMES)
    for (const pace of ['live', 'daily', 'weekly', 'none'] as const)
      it(`WHEN ${engine.id} runs at pace ${pace} THEN the game ends`, async () => {
        h = await Harness.start();
        const run = scripted(h);
        const strategy = engine.computerStrategies[0]?.name ?? '';
        const computers = Array.from({ length: engine.minPlayers - 1 }, () => `@alice select ${strategy}`);
        await run(
          [
            `@alice /game start game:${engine.id} seed:silent-${pace} pace:${pace}`,
            ...computers,
            '@alice click Start',
          ].join('\n'),
        );
        expect(await status(h)).toBe('playing');
        let steps = 0;
        for (; steps < MAX_STEPS && (await status(h)) === 'playing'; steps++) {
          // Under `none` nothing runs out on its own: the host plays the silent seat's default.
          await run(pace === 'none' ? '@admin /game skip' : `wait ${STEP[pace]}`);
        }
        expect(await status(h)).toBe('ended');
        const said = h.emu.messages(h.channel.id).map(renderMessageText).join('\n');
        expect(said).toContain(pace === 'none' ? 'skipped' : 'Out of time');
        if (pace !== 'none') expect(said).toContain('a computer plays');
        expect(steps).toBeLessThan(MAX_STEPS);
      });
});
