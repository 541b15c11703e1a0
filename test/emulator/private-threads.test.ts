/**
 * Private threads as Discord runs them, through the real discord.js client: created only with
 * Create Private Threads, seen only by their members and by Manage Threads (50001 otherwise),
 * members added and listed through the thread-member routes, THREAD_MEMBERS_UPDATE, and the
 * archive and lock rules of Modify Channel.
 */
import {
  ChannelType,
  DiscordAPIError,
  GatewayIntentBits,
  PermissionFlagsBits as P,
  RESTJSONErrorCodes,
} from 'discord.js';
import type { TextChannel, ThreadChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { destroyClients, login, nextEvent, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

const codeOf = async (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DiscordAPIError ? e.code : e),
  );

async function privateThread(
  w: World,
  allow = P.CreatePrivateThreads,
  intents?: GatewayIntentBits[],
): Promise<ThreadChannel> {
  w.emu.setOverwrite(w.channel.id, { id: w.emu.botUserId, type: 'member', allow });
  const client = await login(w.emu, intents ? { intents } : {});
  const channel = (await client.channels.fetch(w.channel.id)) as TextChannel;
  return channel.threads.create({ name: 'Cartel', type: ChannelType.PrivateThread, invitable: false });
}

describe('private threads', () => {
  it('GIVEN no Create Private Threads THEN creating one is refused with 50013 and nothing is made', async () => {
    world = await startWorld();
    // @everyone's defaults include it, as on Discord; a channel overwrite takes it from the bot.
    world.emu.setOverwrite(world.channel.id, {
      id: world.emu.botUserId,
      type: 'member',
      deny: P.CreatePrivateThreads,
    });
    const client = await login(world.emu);
    const channel = (await client.channels.fetch(world.channel.id)) as TextChannel;
    const made: unknown[] = [];
    world.emu.events.on('threadCreate', (t) => made.push(t));
    const tried = channel.threads.create({ name: 'Team', type: ChannelType.PrivateThread });
    expect(await codeOf(tried)).toBe(RESTJSONErrorCodes.MissingPermissions);
    expect(made).toEqual([]);
    // A public thread needs only Create Public Threads, which the bot has by default.
    expect(await codeOf(channel.threads.create({ name: 'Open' }))).toBe('ok');
  });

  it('GIVEN a private thread THEN only its members see it, read it and post in it; adding a member lets them in', async () => {
    world = await startWorld();
    const { emu, alice, bob } = world;
    const thread = await privateThread(world);
    expect(emu.channel(thread.id)).toMatchObject({ type: 12, invitable: false, parentId: world.channel.id });
    expect(thread.type).toBe(ChannelType.PrivateThread);
    await thread.send('Plan here');
    expect(emu.canSee(alice.id, thread.id)).toBe(false);
    expect(emu.visibleMessages(alice.id, thread.id)).toEqual([]);
    await expect(emu.say(alice.id, thread.id, 'peek')).rejects.toThrow(/cannot see/);
    await thread.members.add(alice.id);
    expect(emu.canSee(alice.id, thread.id)).toBe(true);
    expect(emu.visibleMessages(alice.id, thread.id).map((m) => m.content)).toEqual(['Plan here']);
    await emu.say(alice.id, thread.id, 'On it');
    expect(emu.canSee(bob.id, thread.id)).toBe(false);
    const members = await thread.members.fetch();
    expect([...members.keys()].sort()).toEqual([emu.botUserId, alice.id].sort());
    expect(await codeOf(thread.members.fetch({ member: bob.id }))).toBe(RESTJSONErrorCodes.UnknownMember);
    // Someone outside the server cannot be added.
    const stranger = emu.createUser({ username: 'stranger' });
    expect(await codeOf(thread.members.add(stranger.id))).toBe(RESTJSONErrorCodes.UnknownMember);
  });

  it('GIVEN the bot leaves a private thread THEN it has no access any more, unless it may manage threads', async () => {
    world = await startWorld();
    const thread = await privateThread(world);
    await thread.leave();
    expect(await codeOf(thread.send('Still here?'))).toBe(RESTJSONErrorCodes.MissingAccess);
    world.emu.setOverwrite(world.channel.id, {
      id: world.emu.botUserId,
      type: 'member',
      allow: P.CreatePrivateThreads | P.ManageThreads,
    });
    expect(await codeOf(thread.send('As a moderator'))).toBe('ok');
  });

  it('GIVEN the Guild Members intent THEN adding someone dispatches THREAD_MEMBERS_UPDATE', async () => {
    world = await startWorld();
    const thread = await privateThread(world, P.CreatePrivateThreads, [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMembers,
    ]);
    const update = nextEvent<[string[], ThreadChannel]>((cb) =>
      thread.client.on('threadMembersUpdate', (added, _removed, t) => cb([[...added.keys()], t])),
    );
    await thread.members.add(world.alice.id);
    const [added, updated] = await update;
    expect(added).toEqual([world.alice.id]);
    expect(updated.id).toBe(thread.id);
  });

  it('GIVEN an archived thread or no Manage Threads THEN members cannot be added and it cannot be locked, but its creator may archive it', async () => {
    world = await startWorld();
    const thread = await privateThread(world);
    expect(await codeOf(thread.setLocked(true))).toBe(RESTJSONErrorCodes.MissingPermissions);
    expect(await codeOf(thread.setArchived(true))).toBe('ok');
    expect(world.emu.channel(thread.id).archived).toBe(true);
    expect(world.emu.channel(thread.id).locked ?? false).toBe(false);
    expect(await codeOf(thread.members.add(world.alice.id))).toBe(
      RESTJSONErrorCodes.InvalidActionOnArchivedThread,
    );
    world.emu.setOverwrite(world.channel.id, {
      id: world.emu.botUserId,
      type: 'member',
      allow: P.CreatePrivateThreads | P.ManageThreads,
    });
    expect(await codeOf(thread.edit({ archived: true, locked: true }))).toBe('ok');
    expect(world.emu.channel(thread.id)).toMatchObject({ archived: true, locked: true });
  });
});
