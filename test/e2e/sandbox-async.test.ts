/**
 * The sandbox as a place to try play over days (issue #27): user options by @name, restarts and
 * outages, DMs printed as DMs, `wait … until`, and a kept store that finds its game again in the
 * next run at the time it left off.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import { tally } from '../fixtures/tally.ts';

const run$ = promisify(execFile);
let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

function storeFile(): string {
  const dir = tempDir('sandbox-async-');
  return join(dir, 'sandbox.sqlite');
}

async function world() {
  h = await Harness.start({ games: [tally], storeUrl: `sqlite://${storeFile()}` });
  return { h, run: scripted(h) };
}

const DAILY = `@alice /game start game:tally seed:7 pace:daily
@bob click Join
@alice click Start`;

describe('GIVEN a sandbox script of a game over days', () => {
  it('WHEN the host hands a seat with user options written @bob and @erin THEN erin holds it', async () => {
    const { h: harness, run } = await world();
    await run(DAILY);
    expect(await run('@alice /game hand player:@bob to:@erin')).not.toContain('expects a user id');
    const seats = (await harness.bot.tables.load(harness.channel.id))?.seats ?? [];
    expect(seats.map((s) => s.handedTo)).toContain(harness.user('erin').id);
  });

  it('WHEN the bot is down past a deadline and its reminder THEN the player is reminded when it is back and gets the reminder’s two hours before the default', async () => {
    const { run } = await world();
    await run(DAILY);
    expect(await run('restart')).not.toContain('Out of time');
    const back = await run('down 2d');
    expect(back).toContain('⏰ @alice: add 1 or 2, due in 2h.');
    expect(back).not.toContain('Out of time');
    expect(await run('wait 119m')).not.toContain('Out of time');
    expect(await run('wait 2m')).toContain('⏱ Out of time: @alice');
  });

  it('WHEN the reminder went out before the bot went down THEN the deadline that fell due meanwhile is played when it is back, in that line', async () => {
    const { run } = await world();
    await run(DAILY);
    expect(await run('wait 47h')).toContain('⏰ @alice');
    expect(await run('down 2h')).toContain('⏱ Out of time: @alice');
  });

  it('WHEN a player asked for reminders by DM THEN the transcript prints them as DMs, not as a thread', async () => {
    const { run } = await world();
    await run(`${DAILY}\n@alice /game notify dm:true`);
    const out = await run('wait 47h');
    expect(out).toContain('[DM to alice]');
    expect(out).not.toMatch(/#thread-\d+\]\n.*Your decision/);
  });

  it('WHEN a script waits a day at a time until a text appears THEN it stops there, and says so when it never does', async () => {
    const { h: harness, run } = await world();
    await run(DAILY);
    const before = harness.clock.now();
    expect(await run('wait 1d until "Out of time"')).toContain('Out of time');
    const days = (harness.clock.now() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThan(4);
    await expect(run('wait 1h until "no such line ever"')).rejects.toThrow(/Waited 200 × 1h/);
  });

  it('WHEN the sandbox’s harness starts twice THEN the server, channel and players have the same ids', async () => {
    const first = await Harness.start({ games: [tally], stableIds: true });
    const ids = [first.guild.id, first.channel.id, first.user('alice').id, first.emu.botUserId];
    await first.stop();
    h = await Harness.start({ games: [tally], stableIds: true });
    expect([h.guild.id, h.channel.id, h.user('alice').id, h.emu.botUserId]).toEqual(ids);
  });
});

describe('GIVEN npm run sandbox with --keep', () => {
  it('WHEN a daily game is started in one run and the next run waits two days THEN its deadline fires there', async () => {
    const store = storeFile();
    const sandbox = (script: string, ...args: string[]) => {
      const child = run$('npx', ['tsx', 'src/sandbox/main.ts', '--script', '-', '--store', store, ...args], {
        timeout: 120_000,
      });
      child.child.stdin?.end(script);
      return child;
    };
    const first = await sandbox(
      '@alice /game start game:item-collection seed:4 pace:daily\n@bob click Join\n@alice select Honest\n@alice select Opportunist\n@alice click Start',
    );
    expect(first.stdout).toContain('Script finished.');
    const kept = await sandbox('wait 2d\n@alice /game status', '--keep');
    expect(kept.stdout).toContain('⏱ Out of time: @alice');
    expect(kept.stdout).toContain('Script finished.');
  }, 240_000);
});
