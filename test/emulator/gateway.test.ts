import { Client, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordEmulator } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, nextEvent, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

describe('gateway and login', () => {
  it('GIVEN a guild with a channel and members WHEN the bot logs in THEN discord.js caches them', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const guild = client.guilds.cache.get(world.guild.id);
    expect(guild?.name).toBe('Training Room');
    expect(guild?.ownerId).toBe(world.owner.id);
    expect(guild?.channels.cache.get(world.channel.id)?.name).toBe('briefing');
    expect(guild?.members.cache.get(world.alice.id)?.user.username).toBe('alice');
    expect(guild?.roles.everyone.id).toBe(world.guild.id);
    expect(client.user.id).toBe(world.emu.botUserId);
    expect(client.application.id).toBe(world.emu.applicationId);
  });

  it('GIVEN a wrong token WHEN the bot logs in THEN login fails with TokenInvalid', async () => {
    world = await startWorld();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: world.emu.apiUrl } });
    await expect(client.login('not-the-token')).rejects.toMatchObject({ code: 'TokenInvalid' });
    await client.destroy();
  });

  it('GIVEN a logged-in bot WHEN a channel is created later THEN the bot learns of it through CHANNEL_CREATE', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const created = nextEvent<{ id: string }>((cb) => client.once('channelCreate', cb));
    const channel = world.emu.createChannel(world.guild.id, { name: 'debrief' });
    expect((await created).id).toBe(channel.id);
  });

  it('GIVEN a dropped connection WHEN the client resumes THEN interactions sent meanwhile and afterwards still arrive', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }]);
    client.on('interactionCreate', (i) => {
      if (i.isChatInputCommand()) void i.reply('pong');
    });
    const resumed = nextEvent<number>((cb) => client.once('shardResume', (_id, replayed) => cb(replayed)));
    emu.dropConnection();
    const during = emu.slash(alice.id, channel.id, 'ping');
    expect(await resumed).toBeGreaterThanOrEqual(1);
    expect((await during).message?.content).toBe('pong');
    const after = await emu.slash(alice.id, channel.id, 'ping');
    expect(after.message?.content).toBe('pong');
  });

  it('GIVEN /gateway/bot recommends 2 shards WHEN the client uses shards auto THEN each guild arrives on its own shard', async () => {
    const emu = new DiscordEmulator({ shards: 2 });
    world = { emu } as World;
    await emu.start();
    // Guild ids chosen so that (id >> 22) % 2 puts one on each shard.
    const even = emu.createGuild({ name: 'even', id: String(2n << 22n) });
    const odd = emu.createGuild({ name: 'odd', id: String(3n << 22n) });
    emu.createChannel(even.id, { name: 'a' });
    emu.createChannel(odd.id, { name: 'b' });
    const client = await login(emu, { shards: 'auto' });
    expect(client.ws.shards.size).toBe(2);
    expect(client.guilds.cache.get(even.id)?.shardId).toBe(0);
    expect(client.guilds.cache.get(odd.id)?.shardId).toBe(1);
  });

  it('GIVEN two processes each identifying as one of 2 shards THEN each gets only its guilds, their interactions, and the session start limit counts both', async () => {
    const emu = new DiscordEmulator({ shards: 2 });
    world = { emu } as World;
    await emu.start();
    const owner = emu.createUser({ username: 'owner' });
    // (id >> 22) % 2: 2 → shard 0, 3 → shard 1 (Discord's sharding formula).
    const even = emu.createGuild({ name: 'even', id: String(2n << 22n), ownerId: owner.id });
    const odd = emu.createGuild({ name: 'odd', id: String(3n << 22n), ownerId: owner.id });
    const evenChannel = emu.createChannel(even.id, { name: 'a' });
    const oddChannel = emu.createChannel(odd.id, { name: 'b' });
    const gatewayBot = async () =>
      (await (
        await fetch(`${emu.apiUrl}/v10/gateway/bot`, { headers: { Authorization: `Bot ${emu.token}` } })
      ).json()) as { shards: number; session_start_limit: Record<string, number> };
    const before = await gatewayBot();
    expect(before.shards).toBe(2);
    expect(before.session_start_limit).toMatchObject({ total: 1000, remaining: 1000, reset_after: 0 });
    const shard0 = await login(emu, { shards: [0], shardCount: 2 });
    const shard1 = await login(emu, { shards: [1], shardCount: 2 });
    expect([...shard0.guilds.cache.keys()]).toEqual([even.id]);
    expect([...shard1.guilds.cache.keys()]).toEqual([odd.id]);
    const after = await gatewayBot();
    expect(after.session_start_limit.remaining).toBe(998);
    expect(after.session_start_limit.reset_after).toBeGreaterThan(23 * 3600_000);

    await shard0.application.commands.set([{ name: 'ping', description: 'Ping' }]);
    const seen: string[] = [];
    for (const [name, client] of [
      ['shard0', shard0],
      ['shard1', shard1],
    ] as const)
      client.on('interactionCreate', (i) => {
        seen.push(`${name}:${i.guildId === even.id ? 'even' : 'odd'}`);
        if (i.isChatInputCommand()) void i.reply('pong');
      });
    await emu.slash(owner.id, oddChannel.id, 'ping');
    await emu.slash(owner.id, evenChannel.id, 'ping');
    await emu.waitForIdle();
    expect(seen).toEqual(['shard1:odd', 'shard0:even']);
  });
});
