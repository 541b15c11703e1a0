/**
 * One way to start a table (issue #26): a lobby's Start, a study session's Start and a Rematch all
 * deal through the same step, so a game that computers finish as it is dealt ends the same way
 * whichever started it: its final board, its debrief and its result.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

// Tally without rounds: a table of computers plays it to its end at Start (nothing to pace).
const roundless = { ...tally };
delete roundless.roundOf;

describe('GIVEN a table of two computers whose game ends as it is dealt', () => {
  it('WHEN the host starts it AND calls a Rematch THEN each game posts its debrief once', async () => {
    h = await Harness.start({ games: [roundless] });
    const run = scripted(h);
    const debriefs = () =>
      h!.emu.messages(h!.channel.id).filter((m) => renderMessageText(m).includes('**Debrief**'));
    await run(
      '@alice /game start game:tally target:3 facilitate:true\n@alice select Greedy\n@alice select Greedy\n@alice click Start',
    );
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('ended');
    expect(debriefs()).toHaveLength(1);

    expect(await run('@alice click Rematch')).toContain('Rematch dealt');
    await h.settle();
    const again = await h.bot.tables.load(h.channel.id);
    expect(again?.status).toBe('ended');
    expect(again?.wrapUp).toBeUndefined();
    expect(debriefs()).toHaveLength(2);
  });
});
