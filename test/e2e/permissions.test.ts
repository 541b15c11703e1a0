/**
 * The bot in channels where Discord does not let it do everything: it checks what it may do
 * before changing anything, names what is missing and who can grant it, and when Discord still
 * refuses later it undoes what it created and says so truthfully.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { NEED } from '../../src/bot/discord/app-permissions.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world(): Promise<Harness> {
  h = await Harness.start({ games: [tally] });
  return h;
}

/** The text of the first answer alice got, once the bot has finished. */
async function startAs(h: Harness, user: string, options: Record<string, string | boolean> = {}) {
  const handle = await h.emu.slash(h.user(user).id, h.channel.id, 'game', {
    subcommand: 'start',
    options: { game: 'tally', ...options },
  });
  await h.settle();
  return { handle, text: handle.message ? renderMessageText(handle.message) : '' };
}

const threads = (h: Harness): number => h.bot.client.channels.cache.filter((c) => c.isThread()).size;

describe('GIVEN the bot lacks a permission it needs in the channel', () => {
  const cases = [
    { need: NEED.send, thread: false },
    { need: NEED.attach, thread: false },
    { need: NEED.view, thread: false },
    { need: NEED.createThreads, thread: true },
    { need: NEED.sendInThreads, thread: true },
  ];
  for (const { need, thread } of cases) {
    it(`WHEN /game start${thread ? ' thread:true' : ''} is used without ${need.name} THEN the host is told exactly that, privately, and nothing is left behind`, async () => {
      const h = await world();
      h.setBotPermissions({ deny: need.bit });
      const refused: unknown[] = [];
      h.emu.events.on('restError', (e) => refused.push(e));
      const { handle, text } = await startAs(h, 'alice', thread ? { thread: true } : {});
      expect(handle.message?.ephemeralTo).toBe(h.user('alice').id);
      expect(text).toContain(`**${need.name}**`);
      expect(text).toContain('settings → **Permissions**');
      expect(text).toContain('Nothing was changed.');
      // Nothing was tried, so Discord refused nothing; no record, no thread, no public message.
      expect(refused).toEqual([]);
      expect(await h.bot.tables.load(h.channel.id)).toBeNull();
      expect(threads(h)).toBe(0);
      expect(h.emu.messages(h.channel.id).filter((m) => !m.ephemeralTo)).toEqual([]);
      // Once an admin grants it, the same command works.
      h.setBotPermissions({}, h.channel.id);
      const again = await startAs(h, 'alice', thread ? { thread: true } : {});
      expect(again.text).toMatch(/Lobby for Tally opened/);
    });
  }

  it('WHEN the bot has exactly the permissions the README asks for (no Manage Threads) THEN a game thread opens without Discord refusing anything', async () => {
    const h = await world();
    expect(h.emu.botPermissionsIn(h.channel.id) & P.ManageThreads).toBe(0n);
    const refused: unknown[] = [];
    h.emu.events.on('restError', (e) => refused.push(e));
    const { text } = await startAs(h, 'alice', { thread: true });
    expect(text).toMatch(/Lobby for Tally opened in <#\d+>/);
    expect(refused).toEqual([]);
  });

  it('WHEN a move is clicked in a channel where the bot can no longer post THEN the player is told what is missing and the move is not applied', async () => {
    const h = await world();
    await startAs(h, 'alice');
    const lobby = h.emu.messages(h.channel.id).find((m) => titleOf(m)?.includes('lobby'));
    h.setBotPermissions({ deny: P.AttachFiles });
    const join = [...allComponents(lobby?.components ?? [])].find((c) => c.label === 'Join');
    const handle = await h.emu.click(h.user('bob').id, lobby!.id, (join as { custom_id: string }).custom_id);
    await h.settle();
    expect(renderMessageText(handle.message!)).toContain('**Attach Files**');
    expect((await h.bot.tables.load(h.channel.id))?.seats.map((s) => s.id)).toEqual([h.user('alice').id]);
  });
});

describe('GIVEN Discord refuses a step after the bot began', () => {
  it('WHEN posting the lobby is refused THEN no lobby record is left, the host hears the truth, and the channel stays free', async () => {
    const h = await world();
    h.emu.injectFault({
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel.id}/messages$`),
      status: 403,
      body: { code: 50013, message: 'Missing Permissions' },
    });
    const { text } = await startAs(h, 'alice');
    expect(text).toContain('Discord refused to let me post the lobby (Missing Permissions)');
    expect(text).toContain('No lobby was opened.');
    expect(text).not.toContain('Nothing was changed');
    expect(await h.bot.tables.load(h.channel.id)).toBeNull();
    expect((await startAs(h, 'alice')).text).toMatch(/Lobby for Tally opened below/);
  });

  it('WHEN the lobby cannot be posted in the new thread THEN the empty thread is deleted if the bot may, else the host is told it remains', async () => {
    const h = await world();
    const refuseInThread = () =>
      h.emu.injectFault({
        method: 'POST',
        path: /^\/channels\/\d+\/messages$/,
        status: 403,
        body: { code: 50001, message: 'Missing Access' },
      });
    const deleted: string[] = [];
    h.emu.events.on('channelDelete', (c: { id: string }) => deleted.push(c.id));
    refuseInThread();
    const kept = await startAs(h, 'alice', { thread: true });
    expect(kept.text).toMatch(/the empty thread I had created \(<#\d+>\) could not be deleted/);
    expect(deleted).toEqual([]);

    h.setBotPermissions({ allow: P.ManageThreads });
    refuseInThread();
    const gone = await startAs(h, 'bob', { thread: true });
    expect(gone.text).toContain('No lobby was opened, and the empty thread I had created was deleted.');
    expect(deleted).toHaveLength(1);
    expect(await h.bot.tables.load(deleted[0]!)).toBeNull();
  });
});

describe('GIVEN /tradecraft, limited to Manage Server by default_member_permissions', () => {
  it('WHEN a member without it tries THEN Discord does not deliver it; WHEN an admin grants a moderator role the command THEN the bot serves the moderator without re-checking', async () => {
    const h = await world();
    const bob = h.user('bob');
    await expect(
      h.emu.slash(bob.id, h.channel.id, 'tradecraft', { subcommand: 'about' }),
    ).rejects.toMatchObject({
      code: 'command-forbidden',
    });
    const mods = h.emu.createRole(h.guild.id, { name: 'Moderators', permissions: 0n });
    h.emu.addMember(h.guild.id, bob.id, { roleIds: [mods.id] });
    h.emu.setCommandPermissions(h.guild.id, 'tradecraft', [{ id: mods.id, type: 1, permission: true }]);
    const handle = await h.emu.slash(bob.id, h.channel.id, 'tradecraft', { subcommand: 'about' });
    await h.settle();
    expect(renderMessageText(handle.message!)).toMatch(/^Tradecraft .*This channel: no game\./);
  });
});
