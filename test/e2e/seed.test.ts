/**
 * The seed is the deal (issue #23 part 1): the engines are open source and fully determined by
 * it, so while a game runs no message shows it to anyone. A drawn seed is a 128-bit secret; the
 * debrief and the export reveal it at the end. A chosen seed is shown only to whoever chose it
 * (warned when they hold a seat) and, at a study session, to its facilitator; the tables of a
 * study session keep their shared seed until the last of them has ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { revealSeed } from '../../src/bot/table/deal.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Every version of every message anyone was shown (edits included), with who could see it. */
function recorder(harness: Harness) {
  const seen: { to: string | undefined; text: string }[] = [];
  const keep = (m: EmuMessage) =>
    seen.push({
      to: m.ephemeralTo,
      text: [renderMessageText(m), ...m.attachments.map((a) => a.data.toString('utf8'))].join('\n'),
    });
  harness.emu.events.on('messageCreate', keep);
  harness.emu.events.on('messageUpdate', keep);
  return {
    /** Who was shown `text` so far: 'public', or the user ids of private answers. */
    shownTo(text: string): string[] {
      return [...new Set(seen.filter((s) => s.text.includes(text)).map((s) => s.to ?? 'public'))];
    },
    reset: () => (seen.length = 0),
  };
}

const load = async (harness: Harness, channelId = harness.channel.id): Promise<Session> => {
  const s = await harness.bot.tables.load(channelId);
  if (!s) throw new Error('no session');
  return s;
};

describe('GIVEN a table opened without a seed', () => {
  it('WHEN it is played THEN its seed is a 128-bit secret nobody is shown; the debrief and export reveal it at the end', async () => {
    h = await Harness.start({ games: [tally] });
    const seen = recorder(h);
    const run = scripted(h);
    const opened = await run('@alice /game start game:tally target:3');
    expect(opened).not.toMatch(/seed/i);
    await run('@bob click Join\n@alice click Start\n@alice click Add 2');
    const playing = await load(h);
    expect(playing.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(playing.deal).toBeUndefined();
    await run('@alice /game status\n@bob click My view\n@alice /game mine');
    expect(seen.shownTo(playing.seed)).toEqual([]);

    const end = await run('@bob click Add 1');
    expect(end).toContain(`🎲 Seed: \`${playing.seed}\`, kept secret until now.`);
    expect(end).toContain(`/game start game:tally seed:${playing.seed}`);
    await run('@alice /game export');
    expect(seen.shownTo(`"seed": "${playing.seed}"`)).toEqual([h.user('alice').id]);
  });

  it('WHEN a finished game is played again with Rematch THEN it gets a new secret', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    await run('@alice /game start game:tally target:3 seed:shown\n@bob click Join\n@alice click Start');
    await run('@alice click Add 2\n@bob click Add 1');
    const first = await load(h);
    await run('@bob click Rematch');
    const again = await load(h);
    expect(again.id).not.toBe(first.id);
    expect(again.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(again.deal).toBeUndefined();
  });
});

describe('GIVEN a host who chooses the seed', () => {
  const SEED = 'zebra-crossing-21';

  it('WHEN they hold a seat THEN only they are shown it, with a plain warning; the lobby says only that the deal is fixed', async () => {
    h = await Harness.start({ games: [tally] });
    const seen = recorder(h);
    const run = scripted(h);
    const opened = await run(`@alice /game start game:tally target:3 seed:${SEED}`);
    expect(opened).toContain(`Your seed \`${SEED}\` fixes the deal`);
    expect(opened).toContain('⚠️ You hold a seat');
    expect(opened).toContain('anyone who knows this seed can compute every hand');
    expect(opened).toContain('Deal: fixed by a chosen seed');
    await run('@bob click Join\n@alice click Start\n@alice click Add 2\n@bob click My view');
    expect((await load(h)).deal).toEqual({ chosenBy: h.user('alice').id });
    expect(seen.shownTo(SEED)).toEqual([h.user('alice').id]);
    expect(await run('@bob click Add 1')).toContain(`🎲 Seed: \`${SEED}\``);
  });

  it('WHEN they facilitate THEN they are shown it without the warning, and warned if they take a seat after all', async () => {
    h = await Harness.start({ games: [tally] });
    const seen = recorder(h);
    const run = scripted(h);
    const opened = await run(`@alice /game start game:tally seed:${SEED} facilitate:true`);
    expect(opened).toContain(`Your seed \`${SEED}\` fixes the deal`);
    expect(opened).not.toContain('⚠️');
    const joined = await run('@alice click Join');
    expect(joined).toContain('[only alice sees]');
    expect(joined).toContain('⚠️ You hold a seat');
    expect(await run('@bob click Join')).not.toContain('⚠️');
    expect(seen.shownTo(SEED)).toEqual([h.user('alice').id]);
  });

  it('WHEN the same seed opens a second table THEN both are dealt the same game', async () => {
    h = await Harness.start({ games: [tally] });
    const run = scripted(h);
    const other = h.emu.createChannel(h.guild.id, { name: 'second' });
    await h.settle();
    await run(`@alice /game start game:tally seed:21\n@bob click Join\n@alice click Start`);
    await h.emu.slash(h.user('carol').id, other.id, 'game', {
      subcommand: 'start',
      options: { game: 'tally', seed: '21' },
    });
    await h.settle();
    const lobby = await load(h, other.id);
    const table = await load(h);
    const secrets = (s: Session) => (s.state as TallyState).players.map((p) => p.secret);
    const dealt = h.bot.tables.startGame({ ...lobby, seats: table.seats }, []);
    expect(secrets(dealt)).toEqual(secrets(table));
  });
});

describe('GIVEN a study session', () => {
  const OPEN = '@alice /game session game:item-collection tables:2 fill:honest';

  it('WHEN its seed was drawn THEN nobody is shown it until every table has ended; the last debrief and the combined one reveal it', async () => {
    h = await Harness.start();
    const seen = recorder(h);
    const run = scripted(h);
    const opened = await run(OPEN);
    expect(opened).toContain('The deal comes from a secret seed');
    const study = [...h.bot.client.channels.cache.filter((c) => c.isThread()).keys()];
    const [first, second] = await Promise.all(study.map((t) => load(h!, t)));
    if (!first || !second) throw new Error('no tables');
    expect(first.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(second.seed).toBe(first.seed);
    expect(first.deal?.study).toBeDefined();
    expect(first.deal?.chosenBy).toBeUndefined();
    await run('@alice click Facilitator view\n@alice click Start every table');
    expect(seen.shownTo(first.seed)).toEqual([]);

    // Table 1 ends while table 2 plays: its debrief keeps the shared seed.
    await h.bot.tables.end(first.channelId, first.id, 'alice');
    await h.settle();
    expect(seen.shownTo(first.seed)).toEqual([]);
    expect(seen.shownTo('The seed stays secret until every table of the study session has ended')).toEqual([
      'public',
    ]);
    // The export of the ended table withholds it too.
    const withheld = await revealSeed(h.bot.tables, await load(h, first.channelId));
    expect(withheld.shown).toBe(false);
    await run('@alice click Close every table');
    expect(seen.shownTo(`🎲 Seed: \`${first.seed}\``)).toEqual(['public']);
  });

  it('WHEN the facilitator chose the seed THEN their Facilitator view shows it to them alone', async () => {
    h = await Harness.start();
    const seen = recorder(h);
    const run = scripted(h);
    const opened = await run(`${OPEN} seed:class-7`);
    expect(opened).toContain('Your seed `class-7` fixes the deal');
    expect(opened).not.toContain('⚠️');
    expect(await run('@alice click Facilitator view')).toContain('Seed (yours, only you see it): `class-7`.');
    await run('@alice click Start every table');
    expect(seen.shownTo('class-7')).toEqual([h.user('alice').id]);
  });
});
