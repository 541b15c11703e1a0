/**
 * Every message within Discord's limits whatever the game's length (issue #24): a very long
 * game's board fills the 4,000 characters a Components V2 message may hold, and `/game status`
 * for someone not playing added its own line on top of it, which Discord refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('GIVEN a game whose board is as long as a message can be', () => {
  it('WHEN an onlooker and then a player ask for /game status THEN both answers fit (Discord refuses nothing)', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run('@alice /game start game:tally seed:7 target:50\n@bob click Join\n@alice click Start');
    const note = `${'a long note '.repeat(16)}`.trim();
    for (let i = 0; i < 25; i++) await run(`@${i % 2 ? 'bob' : 'alice'} /tally note text:"${i} ${note}"`);
    // scripted() fails the test on any request Discord refused.
    expect(await run('@carol /game status')).toContain('Only you see this copy');
    expect(await run('wait 31s\n@alice /game status')).toContain('The board is posted below');
  });
});
