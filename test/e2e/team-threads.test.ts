/**
 * Private team threads (src/bot/features/team-threads.ts) through the emulator with the real discord.js
 * client: when a game with team seats starts, each team gets a private thread only its members
 * can read; without the permission, or at a table that is itself a thread, the game starts all
 * the same and the table is told why once; a refusal part-way leaves nothing behind.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { kingpin } from '../../src/games/kingpin/index.ts';
import type { EmuChannel } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import { KINGPIN_TEAMS_START } from './worlds.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const START = KINGPIN_TEAMS_START;

async function world(): Promise<{ h: Harness; run: (s: string) => Promise<string>; made: EmuChannel[] }> {
  h = await Harness.start({ games: [kingpin] });
  const made: EmuChannel[] = [];
  h.emu.events.on('threadCreate', (t: EmuChannel) => made.push(t));
  return { h, run: scripted(h), made };
}

const privateOnes = (made: EmuChannel[]): EmuChannel[] => made.filter((t) => t.type === 12);

describe('GIVEN Kingpin with two people a side', () => {
  it('WHEN the game starts THEN each team gets a private thread that only its members can read, closed when the game ends', async () => {
    const { h, run, made } = await world();
    const out = await run(START);
    expect(out).toContain('Kingpin — setup');
    expect(out).not.toContain('Create Private Threads');
    const threads = privateOnes(made);
    expect(threads).toHaveLength(2);
    const id = (name: string): string => h.user(name).id;
    const teams = [
      ['alice', 'bob'],
      ['carol', 'dave'],
    ];
    for (const [i, team] of teams.entries()) {
      const thread = threads.find((t) => h.emu.threadMembers(t.id).includes(id(team[0] ?? '')));
      if (!thread) throw new Error(`no thread for ${team.join(' and ')}`);
      expect(thread).toMatchObject({ type: 12, parentId: h.channel.id, invitable: false });
      const others = teams[1 - i] ?? [];
      for (const name of team) {
        expect(h.emu.canSee(id(name), thread.id)).toBe(true);
        const welcome = h.emu
          .visibleMessages(id(name), thread.id)
          .map((m) => m.content)
          .join('\n');
        expect(welcome).toContain('My view');
        expect(welcome).toContain(`<@${id(name)}>`);
      }
      await h.emu.say(id(team[1] ?? ''), thread.id, 'Our plan: keep him moving.');
      for (const name of others) {
        expect(h.emu.canSee(id(name), thread.id)).toBe(false);
        expect(h.emu.visibleMessages(id(name), thread.id)).toEqual([]);
        await expect(h.emu.say(id(name), thread.id, 'peek')).rejects.toThrow(/cannot see/);
      }
      expect(h.emu.canSee(id('erin'), thread.id)).toBe(false);
    }
    const loaded = await h.bot.tables.deps.store.load(h.channel.id);
    expect(loaded.kind === 'ok' && Object.keys(loaded.session.teamThreads?.threads ?? {})).toHaveLength(2);
    await run('@alice /game end\n@alice click End the game');
    await h.emu.waitForIdle();
    for (const t of threads) {
      expect(h.emu.channel(t.id).archived).toBe(true);
      // Locking needs Manage Threads, which the bot does not have by default: it only archives.
      expect(h.emu.channel(t.id).locked ?? false).toBe(false);
      expect(
        h.emu.visibleMessages(id('alice'), t.id).length + h.emu.visibleMessages(id('carol'), t.id).length,
      ).toBeGreaterThan(1);
    }
  });

  it('WHEN the bot may not create private threads THEN the game starts and the table is told once which permission and who can grant it', async () => {
    const { h, run, made } = await world();
    h.setBotPermissions({ deny: P.CreatePrivateThreads });
    const out = await run(START);
    expect(out).toContain('Kingpin — setup');
    expect(out).toContain('Create Private Threads');
    expect(out).toContain('server admin');
    expect(out.split('Create Private Threads').length - 1).toBe(1);
    expect(privateOnes(made)).toEqual([]);
    const loaded = await h.bot.tables.deps.store.load(h.channel.id);
    expect(loaded.kind === 'ok' && loaded.session.status).toBe('playing');
  });

  it('WHEN the table is itself a thread THEN no team thread is nested in it and the table is told so', async () => {
    const { run, made } = await world();
    const out = await run(START.replace('seed:12', 'seed:12 thread:true'));
    expect(out).toContain('Kingpin — setup');
    expect(out).toContain('does not nest threads');
    expect(privateOnes(made)).toEqual([]);
  });

  it('WHEN Discord refuses part-way THEN the thread already made is deleted, the table is told, and the game goes on', async () => {
    const { h, run, made } = await world();
    h.setBotPermissions({ allow: P.ManageThreads });
    const gone: string[] = [];
    h.emu.events.on('channelDelete', (c: EmuChannel) => gone.push(c.id));
    h.emu.injectFault({
      method: 'PUT',
      path: /thread-members/,
      status: 403,
      body: { code: 50013, message: 'Missing Permissions' },
    });
    const out = await run(START);
    expect(out).toContain('Kingpin — setup');
    expect(out).toContain('could not open the teams');
    expect(out).toContain('Nothing was left half-made');
    const threads = privateOnes(made);
    expect(threads).toHaveLength(1);
    expect(gone).toEqual(threads.map((t) => t.id));
  });

  it('WHEN the start itself is refused THEN no team thread is made', async () => {
    const { h, run, made } = await world();
    await run(START.split('\n').slice(0, -1).join('\n'));
    h.setBotPermissions({ deny: P.AttachFiles });
    expect(await run('@alice click Start')).toContain('Attach Files');
    expect(privateOnes(made)).toEqual([]);
  });
});
