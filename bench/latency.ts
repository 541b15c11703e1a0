/**
 * Slash command → callback latency on the emulator, for Tradecraft (with a persisted session)
 * and for a bare discord.js bot that answers at once. Both run in this process, each on its own
 * emulator, so the comparison shares the machine and the transport.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Events, GatewayIntentBits, MessageFlags, type Interaction } from 'discord.js';
import { AdjustableClock } from '../src/sandbox/clock.ts';
import { DiscordEmulator, type EmuMessage } from '../src/sandbox/emulator/index.ts';
import { Harness } from '../src/sandbox/harness.ts';

export interface Samples {
  /** ms from the user's command to the bot's first response (Discord's 3-second clock). */
  callback: number[];
  /** ms from the command to the bot's final answer (the deferred reply filled in). */
  done: number[];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** Fires `rounds` waves of one command per channel, all channels at once. */
async function waves(
  emu: DiscordEmulator,
  channels: string[],
  userId: string,
  rounds: number,
  command: string,
  subcommand: string | undefined,
): Promise<Samples> {
  const samples: Samples = { callback: [], done: [] };
  const finals = new Map<string, () => void>();
  const onUpdate = (m: EmuMessage) => {
    if (m.interactionId && m.content) finals.get(m.interactionId)?.();
  };
  emu.events.on('messageUpdate', onUpdate);
  emu.events.on('messageCreate', onUpdate);
  for (let r = 0; r < rounds; r++) {
    await Promise.all(
      channels.map(async (channelId) => {
        const t0 = performance.now();
        const handle = await emu.slash(userId, channelId, command, subcommand ? { subcommand } : {});
        samples.callback.push(performance.now() - t0);
        if (handle.message?.content) {
          samples.done.push(performance.now() - t0);
          return;
        }
        await new Promise<void>((resolve) => finals.set(handle.id, resolve));
        samples.done.push(performance.now() - t0);
      }),
    );
  }
  emu.events.off('messageUpdate', onUpdate);
  emu.events.off('messageCreate', onUpdate);
  return samples;
}

export async function benchTradecraft(channelCount: number, rounds: number): Promise<Samples> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  const h = await Harness.start({ storeUrl: `sqlite://${join(dir, 'bench.sqlite')}` });
  try {
    const alice = h.user('alice').id;
    const channels = [h.channel.id];
    for (let i = 1; i < channelCount; i++)
      channels.push(h.emu.createChannel(h.guild.id, { name: `table-${i}` }).id);
    // A persisted session (a lobby) in every channel, so each command loads and saves one.
    for (const channelId of channels)
      await h.emu.slash(alice, channelId, 'game', {
        subcommand: 'start',
        options: { game: 'item-collection' },
      });
    await h.settle();
    await waves(h.emu, channels, alice, 2, 'game', 'status'); // warm-up
    await h.settle();
    return await waves(h.emu, channels, alice, rounds, 'game', 'status');
  } finally {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a bare discord.js bot (no Tradecraft) has to work with: the emulator, the client, a user, channels. */
export interface BareWorld {
  emu: DiscordEmulator;
  client: Client;
  userId: string;
  guildId: string;
  channels: string[];
}

/**
 * Runs `measure` against a discord.js client that only does what `answer` does with each
 * interaction: the floor that the same requests cost without the bot's work.
 */
export async function withBareBot<T>(
  channelCount: number,
  answer: (i: Interaction) => void,
  measure: (world: BareWorld) => Promise<T>,
): Promise<T> {
  const emu = new DiscordEmulator({ clock: new AdjustableClock() });
  await emu.start();
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emu.apiUrl } });
  try {
    const user = emu.createUser({ username: 'alice' });
    const guild = emu.createGuild({ name: 'Bench', ownerId: user.id });
    emu.addMember(guild.id, user.id);
    const channels = Array.from(
      { length: channelCount },
      (_, i) => emu.createChannel(guild.id, { name: `c${i}` }).id,
    );
    client.on(Events.InteractionCreate, answer);
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(emu.token);
    await ready;
    return await measure({ emu, client, userId: user.id, guildId: guild.id, channels });
  } finally {
    await client.destroy();
    await emu.stop();
  }
}

export function benchBare(channelCount: number, rounds: number): Promise<Samples> {
  return withBareBot(
    channelCount,
    (i) => {
      if (i.isChatInputCommand()) void i.reply({ content: 'pong', flags: MessageFlags.Ephemeral });
    },
    async ({ emu, client, userId, guildId, channels }) => {
      await client.application?.commands.set([{ name: 'ping', description: 'Answers at once' }], guildId);
      await waves(emu, channels, userId, 2, 'ping', undefined);
      return waves(emu, channels, userId, rounds, 'ping', undefined);
    },
  );
}
