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
});
