import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { runScript } from '../../src/sandbox/script.ts';
import { tally } from '../fixtures/tally.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function play(script: string) {
  h = await Harness.start({ games: [tally] });
  const out: string[] = [];
  const failure = await runScript(h, script, (l) => out.push(l));
  return { out: out.join('\n'), failure };
}

describe('lobby flow through the emulator', () => {
  it('GIVEN a host and a friend WHEN they open, join and start THEN the board names whose turn it is', async () => {
    const { out, failure } = await play(`
@alice /game start game:tally seed:7
@bob click Join
@alice click Start
expect Tally begins
expect @alice — your move
@alice click Add 2
`);
    expect(failure).toBeNull();
    expect(out).toContain('Tally: 2/10');
  });
});
