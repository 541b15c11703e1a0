/**
 * Host controls that follow the seat (issue #27), end to end through the emulator: once the host
 * hands a seat to another user, every mention, deadline line, reminder, `/game mine` entry and
 * autocomplete goes to the new holder and none to the old one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FACILITATOR_ACTOR } from '../../src/games/contract.ts';
import { GAMES } from '../../src/games/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import { type HarnessOptions } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';
import { tallyWorld } from './worlds.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world(opts: HarnessOptions = {}) {
  const w = await tallyWorld(opts);
  h = w.h;
  return w;
}

/** Public messages posted since `from` (an index into the channel's messages). */
const posted = (harness: Harness, from = 0): EmuMessage[] =>
  harness.emu
    .messages(harness.channel.id)
    .slice(from)
    .filter((m) => !m.ephemeralTo);
const pinged = (ms: EmuMessage[]): string[] => ms.flatMap((m) => m.pinged?.users ?? []);
/** The board as it reads now (edits included). */
async function boardText(harness: Harness): Promise<string> {
  const id = (await harness.bot.tables.load(harness.channel.id))?.boardMessageId;
  const board = harness.emu.messages(harness.channel.id).find((m) => m.id === id);
  return board ? renderMessageText(board) : '';
}

describe('GIVEN a daily table where the host hands dave’s seat to erin', () => {
  it('WHEN the turn comes to the seat THEN erin is pinged, named on the deadline line, reminded and told by /game mine; dave never is', async () => {
    const { h, run, session } = await world();
    await run('@alice /game start game:tally seed:7 pace:daily\n@dave click Join\n@alice click Start');
    const dave = h.user('dave').id;
    const erin = h.user('erin').id;
    await run(`@alice /game hand player:${dave} to:${erin}`);
    const from = h.emu.messages(h.channel.id).length;
    await run('@alice click Add 1');
    expect((await session()).tableClock?.clocks.map((c) => c.player)).toEqual([dave]);
    // The board posted anew for the seat pings erin, and its deadline line names her.
    const board = posted(h, from).findLast((m) => m.components.length > 0);
    expect(board && renderMessageText(board)).toContain(`⏳ <@${erin}>: add 1 or 2, due <t:`);
    expect(pinged(posted(h, from))).toContain(erin);
    // The reminder before the deadline goes to erin.
    await run('wait 47h');
    const reminder = posted(h, from).find((m) => m.content.startsWith('⏰'));
    expect(reminder?.content).toContain(`<@${erin}>`);
    expect(pinged(posted(h, from))).not.toContain(dave);
    expect(posted(h, from).map(renderMessageText).join('\n')).not.toContain(`<@${dave}>`);
    // /game mine: the seat waits on erin; dave holds none.
    expect(await run('@erin /game mine')).toContain('**waits on you**: add 1 or 2, due');
    expect(await run('@dave /game mine')).toContain('You hold no seat');
  });
});

describe('GIVEN an Item Collection table where the host hands dave’s seat to frank', () => {
  it('WHEN frank types a claim THEN autocomplete offers the seat’s hand; dave is offered nothing', async () => {
    const { h, run } = await world({ games: GAMES });
    await run(
      '@alice /game start game:item-collection seed:7\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    await run(`@alice /game hand player:${h.user('dave').id} to:${h.user('frank').id}`);
    const typing = async (name: string) =>
      (
        await h.emu.autocomplete(h.user(name).id, h.channel.id, 'item-collection', {
          subcommand: 'claim',
          options: { rank: '' },
          focused: 'rank',
        })
      ).choices ?? [];
    expect((await typing('frank')).length).toBeGreaterThan(0);
    expect(await typing('dave')).toEqual([]);
  });
});

describe('GIVEN a daily Collection Deck table of eight team seats of three, all building at once', () => {
  it('WHEN the board is posted THEN every seat is named with all its members and its deadline, one line each', async () => {
    const users = Array.from({ length: 24 }, (_, i) => `agent${i + 1}`);
    const { h, run } = await world({ games: GAMES, users });
    const seats = users.filter((_, i) => i % 3 === 0);
    await run(
      [
        `@${seats[0]} /game start game:collection-deck seed:3 pace:daily`,
        ...users
          .slice(1)
          .map((n, i) =>
            (i + 1) % 3 === 0
              ? `@${n} click Join`
              : `@${n} select Join ${users[i + 1 - ((i + 1) % 3)]}'s team`,
          ),
        `@${seats[0]} click Start`,
        // Every seat passes its build: the round ends and all eight choose their discards at once.
        ...seats.map(() => `@${seats[0]} /game skip`),
      ].join('\n'),
    );
    const board = posted(h).findLast((m) => m.components.length > 0);
    const text = board ? renderMessageText(board) : '';
    const lines = text.split('\n').filter((l) => l.startsWith('⏳'));
    expect(lines).toHaveLength(8);
    for (const [i, name] of users.entries()) {
      const line = lines[Math.floor(i / 3)] ?? '';
      expect(line, name).toContain(`<@${h.user(name).id}>`);
      expect(line, name).toMatch(/: choose cards to discard, or keep your hand, due <t:\d+:R>$/);
    }
    expect(text).not.toContain('more decisions');
  });
});

describe('GIVEN a daily Item Collection table whose players the host hands, one by one, to computers', () => {
  it('WHEN every seat is a computer’s THEN nobody is pinged or shown a deadline, and the owners get one line saying how to take their seat back', async () => {
    const { h, run } = await world({ games: GAMES });
    const four = ['alice', 'bob', 'carol', 'dave'];
    await run(
      '@alice /game start game:item-collection seed:7 pace:daily\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const from = h.emu.messages(h.channel.id).length;
    await run(`@alice /game hand player:${h.user('alice').id}`);
    // One seat away: the others are still pinged and timed, alice is not.
    const one = posted(h, from);
    const text = await boardText(h);
    expect(text).not.toContain(`⏳ <@${h.user('alice').id}>`);
    expect(text).not.toMatch(/⏳ alice/);
    expect(text).toContain(`🤖 A computer plays for <@${h.user('alice').id}>: a click on this table`);
    expect(pinged(one)).not.toContain(h.user('alice').id);
    for (const name of four.slice(1)) await run(`@alice /game hand player:${h.user(name).id}`);
    const all = posted(h, from);
    expect(pinged(all)).toEqual([]);
    const shown = await boardText(h);
    expect(shown).not.toContain('⏳');
    const line = shown.split('\n').find((l) => l.startsWith('🤖 A computer plays for'));
    for (const name of four) expect(line).toContain(`<@${h.user(name).id}>`);
    expect(line).toContain('/item-collection');
  });
});

describe('GIVEN /game mine', () => {
  it('WHEN a facilitator owes a vote THEN it says what they owe and by when', async () => {
    // Tally with a facilitator's judgement pending, as Collection Deck's facilitated vote is.
    const judged: typeof tally = {
      ...tally,
      waits: (s) => [
        ...tally.waits(s),
        {
          player: FACILITATOR_ACTOR,
          for: 'judge the notes',
          default: { type: 'skip' },
          rule: 'tally R1',
          key: 'judge',
        },
      ],
    };
    const { run } = await world({ games: [judged] });
    await run(
      '@alice /game start game:tally seed:7 pace:daily facilitate:true\n@bob click Join\n@carol click Join\n@alice click Start',
    );
    const out = await run('@alice /game mine');
    expect(out).not.toContain('You hold no seat');
    expect(out).toContain('**waits on you** (facilitator): judge the notes, due in 48h');
  });

  it('WHEN a computer keeps a player’s seat warm THEN it tells them so and how to take it back, and does not say the table waits on them', async () => {
    const { h, run } = await world();
    await run('@alice /game start game:tally seed:7 pace:daily\n@bob click Join\n@alice click Start');
    await run(`@alice /game hand player:${h.user('bob').id}`);
    const out = await run('@bob /game mine');
    expect(out).toContain(
      '🤖 a computer holds your seat: click on the table (even **My view**) or type a move with `/tally` to take it back',
    );
    expect(out).not.toContain('waits on you**');
  });
});
