/**
 * Real moves on the emulator: a button click that changes the game and posts the new board
 * (the test game Tally: the turn passes to the other player on every click, so each move
 * posts a fresh board that mentions them). Three figures:
 * - the click → callback latency at many busy channels, against a bare discord.js bot that
 *   answers a button click at once (deferUpdate);
 * - the REST calls the bot makes per move (the emulator counts them, the callback included);
 * - how long 1,000 simultaneous clicks on one board take to drain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { DiscordEmulator } from '../src/sandbox/emulator/index.ts';
import { allComponents, type EmuMessage } from '../src/sandbox/emulator/index.ts';
import { Harness } from '../src/sandbox/harness.ts';
import { withBareBot } from './latency.ts';
import { tally } from '../test/fixtures/tally.ts';

export interface MoveFigures {
  /** ms from each click to the bot's callback. */
  callback: number[];
  /** Clicks the bot did not answer within Discord's 3 seconds. */
  missed: number;
  moves: number;
  restCalls: number;
}

/** The newest message in the channel with a button of that label, and the button's custom_id. */
function button(emu: DiscordEmulator, channelId: string, label: string): { message: EmuMessage; id: string } {
  for (const message of [...emu.messages(channelId)].reverse())
    for (const c of allComponents(message.components))
      if (c.type === 2 && c.label === label && c.disabled !== true && typeof c.custom_id === 'string')
        return { message, id: c.custom_id };
  throw new Error(`no "${label}" button in channel ${channelId}`);
}

async function tallyTables(channelCount: number) {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-bench-'));
  const h = await Harness.start({ storeUrl: `sqlite://${join(dir, 'bench.sqlite')}`, games: [tally] });
  const alice = h.user('alice').id;
  const bob = h.user('bob').id;
  const channels = [h.channel.id];
  for (let i = 1; i < channelCount; i++)
    channels.push(h.emu.createChannel(h.guild.id, { name: `table-${i}` }).id);
  for (const channelId of channels) {
    await h.emu.slash(alice, channelId, 'game', {
      subcommand: 'start',
      options: { game: 'tally', target: '50' },
    });
    await h.settle();
    const join = button(h.emu, channelId, 'Join');
    await h.emu.click(bob, join.message.id, join.id);
    await h.settle();
    const start = button(h.emu, channelId, 'Start');
    await h.emu.click(alice, start.message.id, start.id);
  }
  await h.settle();
  const close = async () => {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { h, channels, players: [alice, bob], close };
}

/** Waves of one move per channel, all channels at once; Alice and Bob take turns. */
export async function benchTradecraftMoves(channelCount: number, rounds: number): Promise<MoveFigures> {
  const { h, channels, players, close } = await tallyTables(channelCount);
  try {
    const callback: number[] = [];
    let missed = 0;
    const wave = async (round: number, record: boolean) => {
      const player = players[round % 2] ?? '';
      await Promise.all(
        channels.map(async (channelId) => {
          const add = button(h.emu, channelId, 'Add 1');
          const t0 = performance.now();
          // A click left unanswered for 3 s counts as a miss, its latency as what it waited.
          const ok = await h.emu.click(player, add.message.id, add.id).then(
            () => true,
            () => false,
          );
          if (record) callback.push(performance.now() - t0);
          if (record && !ok) missed++;
        }),
      );
      await h.settle();
    };
    await wave(0, false); // warm-up
    const before = h.emu.stats.restRequests;
    for (let r = 1; r <= rounds; r++) await wave(r, true);
    return {
      callback,
      missed,
      moves: channels.length * rounds,
      restCalls: h.emu.stats.restRequests - before,
    };
  } finally {
    await close();
  }
}

/** The same clicks answered by a discord.js bot that does nothing but acknowledge them. */
export function benchBareClicks(channelCount: number, rounds: number): Promise<number[]> {
  return withBareBot(
    channelCount,
    (i) => {
      if (i.isButton()) void i.deferUpdate();
    },
    async ({ emu, client, userId, channels }) => {
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('add').setLabel('Add 1').setStyle(ButtonStyle.Primary),
      );
      for (const channelId of channels) {
        const channel = await client.channels.fetch(channelId);
        if (channel?.isSendable()) await channel.send({ content: 'Board', components: [row] });
      }
      const callback: number[] = [];
      for (let r = 0; r <= rounds; r++)
        await Promise.all(
          channels.map(async (channelId) => {
            const add = button(emu, channelId, 'Add 1');
            const t0 = performance.now();
            await emu.click(userId, add.message.id, add.id);
            if (r > 0) callback.push(performance.now() - t0);
          }),
        );
      return callback;
    },
  );
}

/** 1,000 clicks on one board at once (both players, alternately): ms until all are handled. */
export async function benchBurst(clicks: number): Promise<{ ms: number; answered: number }> {
  const { h, channels, players, close } = await tallyTables(1);
  try {
    const channelId = channels[0] ?? '';
    const add = button(h.emu, channelId, 'Add 1');
    const t0 = performance.now();
    if (process.env.BURST_TRACE) {
      let n = 0;
      h.emu.events.on('interactionResponse', () => {
        n++;
        if (n % 100 === 1) console.log('response', n, Math.round(performance.now() - t0));
      });
    }
    const answered = await Promise.all(
      Array.from({ length: clicks }, (_, i) =>
        h.emu.click(players[i % 2] ?? '', add.message.id, add.id).then(
          () => true,
          () => false,
        ),
      ),
    );
    await h.settle();
    const ms = performance.now() - t0;
    return { ms, answered: answered.filter(Boolean).length };
  } finally {
    await close();
  }
}
