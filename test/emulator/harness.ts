/** Shared setup for emulator tests: a world with one guild, one channel, two players, and a real client. */
import { Client, GatewayIntentBits } from 'discord.js';
import type { ClientOptions } from 'discord.js';
import { AdjustableClock } from '../../src/sandbox/clock.ts';
import { DiscordEmulator } from '../../src/sandbox/emulator/index.ts';
import type { EmuChannel, EmuGuild, EmuUser, LatencyProfile } from '../../src/sandbox/emulator/index.ts';

export interface World {
  emu: DiscordEmulator;
  clock: AdjustableClock;
  guild: EmuGuild;
  channel: EmuChannel;
  alice: EmuUser;
  bob: EmuUser;
  owner: EmuUser;
}

export async function startWorld(
  opts: {
    shards?: number;
    guilds?: number;
    latency?: string | LatencyProfile;
    latencySeed?: number;
    markdown?: 'strict' | 'lenient';
  } = {},
): Promise<World> {
  const clock = new AdjustableClock();
  const emu = new DiscordEmulator({
    clock,
    ...(opts.shards ? { shards: opts.shards } : {}),
    ...(opts.latency !== undefined ? { latency: opts.latency } : {}),
    ...(opts.latencySeed !== undefined ? { latencySeed: opts.latencySeed } : {}),
    ...(opts.markdown ? { markdown: opts.markdown } : {}),
  });
  await emu.start();
  const owner = emu.createUser({ username: 'owner' });
  const alice = emu.createUser({ username: 'alice' });
  const bob = emu.createUser({ username: 'bob' });
  const guild = emu.createGuild({ name: 'Training Room', ownerId: owner.id });
  const channel = emu.createChannel(guild.id, { name: 'briefing' });
  emu.addMember(guild.id, alice.id);
  emu.addMember(guild.id, bob.id);
  return { emu, clock, guild, channel, alice, bob, owner };
}

const clients: Client[] = [];

export async function login(
  emu: DiscordEmulator,
  options: Partial<ClientOptions> = {},
): Promise<Client<true>> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emu.apiUrl }, ...options });
  clients.push(client);
  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  await client.login(emu.token);
  await ready;
  return client as Client<true>;
}

export async function destroyClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.destroy()));
}

/** Resolves with the next value `register` passes to its callback. */
export function nextEvent<T>(register: (cb: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}
