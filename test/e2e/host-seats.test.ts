/**
 * The host's hand on seats and rounds (issue #10), through the emulator: removing a player hands
 * the seat to a computer where the game's rules allow it, a slash move gives a seat back from a
 * computer as a click does, and the facilitator of a study table ends a round now.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.ts';
import type { IcgState } from '../../src/games/item-collection/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import { type HarnessOptions } from '../../src/sandbox/harness.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
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

const THREE = `
@alice /game start game:tally seed:7 target:12
@bob click Join
@carol click Join
@alice click Start`;

describe('GIVEN a host removing a player from a running game', () => {
  it('WHEN the game has a computer player THEN it plays the seat to the end and the removed player can no longer move', async () => {
    const { h, run, session } = await world();
    await run(THREE);
    const carol = h.user('carol').id;
    await run(`@alice /game remove player:${carol}`);
    let s = await session();
    expect(s.seats.find((x) => x.id === carol)?.computer).toBe('greedy');
    expect(s.tableClock?.standIns[carol]).toBe('removed');
    // alice adds 1, bob adds 1, then carol's seat: the computer adds 2 at once.
    await run('@alice click Add 1\n@bob click Add 1');
    expect(((await session()).state as TallyState).total).toBe(4);
    // Her clicks and slash moves are refused plainly, and give her nothing back.
    expect(await run('@carol click Add 1')).toContain('The host removed you from this game');
    expect(await run('@carol /tally note text:hello')).toContain('The host removed you from this game');
    s = await session();
    expect((s.state as TallyState).notes).toEqual([]);
    expect(s.seats.find((x) => x.id === carol)?.computer).toBe('greedy');
    for (let i = 0; i < 12 && (await session()).status === 'playing'; i++)
      await run(`@${i % 2 ? 'bob' : 'alice'} click Add 2`);
    expect((await session()).status).toBe('ended');
  });

  it('WHEN the game has no computer player THEN the removal is refused, says why, and changes nothing', async () => {
    const { h, run, session } = await world({ games: [{ ...tally, computerStrategies: [] }] });
    await run(THREE);
    const before = await session();
    const out = await run(`@alice /game remove player:${h.user('carol').id}`);
    expect(out).toContain('Tally has no computer player');
    expect(out).toContain('/game hand');
    const after = await session();
    expect(after.version).toBe(before.version);
    expect(after.seats).toEqual(before.seats);
  });

  it('WHEN a player shares a team seat THEN they are removed alone: the team keeps the seat, their moves are refused', async () => {
    const { h, run, session } = await world({ games: [{ ...tally, teams: { maxMembers: 2 } }] });
    await run(
      `@alice /game start game:tally seed:7\n@bob click Join\n@carol select Join bob's team\n@alice click Start`,
    );
    const before = await session();
    expect(before.seats.find((x) => x.id === h.user('bob').id)?.members).toEqual([
      h.user('bob').id,
      h.user('carol').id,
    ]);
    const out = await run(`@alice /game remove player:${h.user('carol').id}`);
    expect(out).toContain("@bob plays the team's seat on");
    const seat = (await session()).seats.find((x) => x.id === h.user('bob').id);
    expect(seat?.computer).toBeUndefined();
    expect(seat?.places).toEqual({ [h.user('carol').id]: null });
    expect(await run('@carol /tally note text:hi')).toContain('the rest of your team plays your seat on');
  });
});

describe('GIVEN a daily table where a computer keeps alice’s seat warm', () => {
  it('WHEN alice makes a slash move THEN the seat is hers again from the next decision', async () => {
    const { h, run, session } = await world();
    await run(`@alice /game start game:tally seed:7 pace:daily\n@bob click Join\n@alice click Start`);
    await run('wait 49h\n@bob click Add 1\nwait 25h');
    const alice = h.user('alice').id;
    expect((await session()).seats.find((s) => s.id === alice)?.computer).toBe('greedy');
    const back = await run('@alice /tally note text:sorry');
    expect(back).toContain('is back');
    const s = await session();
    expect(s.seats.find((x) => x.id === alice)?.computer).toBeUndefined();
    expect(s.tableClock?.standIns[alice]).toBeUndefined();
    expect((s.state as TallyState).notes).toEqual(['sorry']);
    // The next decision waits on her, not on the computer.
    await run('@bob click Add 1');
    expect((await session()).tableClock?.clocks.map((c) => c.player)).toEqual([alice]);
  });
});

describe('GIVEN a facilitated Item Collection table', () => {
  const START =
    '@alice /game start game:item-collection seed:7 facilitate:true\n@bob click Join\n@carol click Join\n@dave click Join\n@erin click Join\n@alice click Start';

  it('WHEN the facilitator ends the round THEN every pending decision gets its default, the round is revealed and the next begins', async () => {
    const { h, run, session } = await world({ games: GAMES });
    await run(START);
    expect(((await session()).state as IcgState).round).toBe(1);
    expect(await run('@bob /game endround')).toContain('Only the host');
    expect(((await session()).state as IcgState).round).toBe(1);
    const out = await run('@alice /game endround');
    expect(out).toContain('ended the round: every pending decision got its default');
    expect(out).toContain('Reveal, round 1');
    const s = await session();
    expect((s.state as IcgState).round).toBe(2);
    expect(s.status).toBe('playing');
    expect(h.emu.messages(h.channel.id).at(-1)?.ephemeralTo).toBeUndefined();
  });

  it('WHEN the table is not facilitated THEN /game endround says it is for facilitated tables', async () => {
    const { run, session } = await world();
    await run(THREE);
    const before = await session();
    expect(await run('@alice /game endround')).toContain('for facilitated tables');
    expect((await session()).version).toBe(before.version);
  });
});

describe('GIVEN a running table and /game status', () => {
  const boards = (harness: Harness) =>
    harness.emu
      .messages(harness.channel.id)
      .filter((m) => !m.ephemeralTo && m.content === '' && m.components.length);

  it('WHEN players ask twenty times in a row THEN at most one fresh board is posted per 30 seconds, the rest get a private link', async () => {
    const { h, run, session } = await world();
    await run(THREE);
    const first = (await session()).boardMessageId;
    const before = boards(h).length;
    let out = '';
    for (let i = 0; i < 20; i++) out += await run(`@${['alice', 'bob', 'carol'][i % 3]} /game status`);
    expect(boards(h).length).toBe(before);
    expect((await session()).boardMessageId).toBe(first);
    expect(out.split('posted moments ago').length - 1).toBe(20);
    expect(out).toContain(`https://discord.com/channels/${h.guild.id}/${h.channel.id}/${first}`);
    expect(out).not.toMatch(/\[#table\]\n/);
    const later = await run('wait 31s\n@bob /game status');
    expect(later).toContain('The board is posted below.');
    expect((await session()).boardMessageId).not.toBe(first);
    expect(await run('@alice /game status')).toContain('can be posted again in 30s');
  });

  it('WHEN someone not playing asks THEN only they see the board, without its buttons, and nothing is posted', async () => {
    const { h, run, session } = await world();
    await run(THREE);
    const board = (await session()).boardMessageId;
    const out = await run('wait 1m\n@dave /game status');
    expect(out).toContain('[only dave sees]');
    expect(out).toContain('Only you see this copy');
    expect(out).toContain('Tally: 0/12');
    expect(out).not.toContain('[Add 1]');
    expect((await session()).boardMessageId).toBe(board);
    expect(
      h.emu
        .messages(h.channel.id)
        .filter((m) => !m.ephemeralTo)
        .at(-1)?.id,
    ).toBe(board);
  });

  it('WHEN someone not seated asks in a lobby THEN they get a private link to it', async () => {
    const { run } = await world();
    await run('@alice /game start game:tally');
    const out = await run('@dave /game status');
    expect(out).toContain('[only dave sees]');
    expect(out).toContain('press **Join** there');
  });
});
