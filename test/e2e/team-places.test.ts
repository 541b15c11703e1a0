/**
 * Kingpin's team seats, one member at a time (issue #27): the host hands one member's place to
 * another user, or removes one member, and the rest of the team keeps its seat; the team's
 * private thread follows (the newcomer is added and welcomed, the one who left removed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kingpin } from '../../src/games/kingpin/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import { KINGPIN_TEAMS_START } from './worlds.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const START = KINGPIN_TEAMS_START;

async function world() {
  h = await Harness.start({ games: [kingpin] });
  const harness = h;
  const id = (name: string): string => harness.user(name).id;
  const session = async () => {
    const s = await harness.bot.tables.load(harness.channel.id);
    if (!s) throw new Error('no session');
    return s;
  };
  /** The private thread of the team seat `owner` opened. */
  const threadOf = async (owner: string): Promise<string> => {
    const t = (await session()).teamThreads?.threads[id(owner)];
    if (!t) throw new Error(`no thread for ${owner}'s team`);
    return t.id;
  };
  /** What `name` is shown by My view (their private answer). */
  const myView = async (name: string): Promise<string> => {
    await run(`@${name} click My view`);
    const m = harness.emu
      .visibleMessages(id(name), harness.channel.id)
      .findLast((x) => x.ephemeralTo === id(name));
    return m ? renderMessageText(m) : '';
  };
  const run = scripted(harness);
  return { h: harness, run, id, session, threadOf, myView };
}

describe('GIVEN Kingpin with two people a side', () => {
  it('WHEN the host hands bob’s place to erin THEN alice and erin play the seat, bob is out, and the thread follows', async () => {
    const { h, run, id, session, threadOf, myView } = await world();
    await run(START);
    const thread = await threadOf('alice');
    const before = await myView('alice');
    const out = await run(`@alice /game hand player:${id('bob')} to:${id('erin')}`);
    expect(out).toContain(`@bob's place on their team now belongs to @erin`);
    const seat = (await session()).seats.find((s) => s.id === id('alice'));
    expect(seat?.computer).toBeUndefined();
    // The team's thread: erin is in it and welcomed, bob is not.
    expect(h.emu.threadMembers(thread)).toContain(id('erin'));
    expect(h.emu.threadMembers(thread)).not.toContain(id('bob'));
    expect(h.emu.canSee(id('bob'), thread)).toBe(false);
    expect(h.emu.canSee(id('erin'), thread)).toBe(true);
    const welcome = h.emu
      .visibleMessages(id('erin'), thread)
      .map((m) => m.content)
      .join('\n');
    expect(welcome).toContain(`<@${id('erin')}>`);
    // alice keeps her seat and erin sees the team's secret board; bob sees it no more.
    const aliceNow = await myView('alice');
    expect(aliceNow).not.toContain('not at this table');
    const erinSees = await myView('erin');
    expect(erinSees.split('\n')[0]).toBe(before.split('\n')[0]);
    expect(await myView('bob')).toContain('You are not playing in this game');
    // The Cartel (alice's team) acts first: its board's call names alice and erin, not bob.
    const board = (await session()).boardMessageId;
    const call = h.emu.messages(h.channel.id).find((m) => m.id === board);
    const line = (call ? renderMessageText(call) : '').split('\n').find((l) => l.endsWith('— your move.'));
    expect(line).toBe(`<@${id('alice')}> <@${id('erin')}> — your move.`);
  });

  it('WHEN the host removes dave alone THEN carol keeps the seat, dave leaves the thread and sees nothing of the team’s', async () => {
    const { h, run, id, session, threadOf } = await world();
    await run(START);
    const thread = await threadOf('carol');
    const out = await run(`@alice /game remove player:${id('dave')}`);
    expect(out).toContain("@carol plays the team's seat on");
    const seat = (await session()).seats.find((s) => s.id === id('carol'));
    expect(seat?.computer).toBeUndefined();
    expect((await session()).tableClock?.standIns[id('carol')]).toBeUndefined();
    expect(h.emu.threadMembers(thread)).toContain(id('carol'));
    expect(h.emu.threadMembers(thread)).not.toContain(id('dave'));
    expect(await run('@dave click My view')).toContain('You are not playing in this game');
    expect(await run('@carol click My view')).toContain('Hunters — Found area');
  });
});
