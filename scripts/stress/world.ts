/** Shared by the stress sections: Tally tables in many channels of one emulated guild. */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/bot/kernel/logger.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { allComponents, renderMessageText } from '../../src/sandbox/emulator/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';

export const APOLOGY = 'something went wrong on our side';

/** A silent logger that counts what the bot logs at error level or above (each one is a crash). */
export function countingLogger(): { logger: Logger; errors: () => number; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line && (JSON.parse(line) as { level: number }).level >= 50) lines.push(line);
      done();
    },
  });
  return {
    logger: createLogger({ level: 'error', format: 'json', secrets: [], destination: sink }),
    errors: () => lines.length,
    lines,
  };
}

/** Details of failures go to stderr (the figures alone go to stdout). */
export function explain(section: string, lines: readonly string[]): void {
  for (const line of lines.slice(0, 20)) process.stderr.write(`[${section}] ${line.slice(0, 2000)}\n`);
}

/** The newest message in the channel, visible to everyone, with a control of that label. */
export function withControl(h: Harness, channelId: string, label: string): EmuMessage | undefined {
  return h.emu
    .messages(channelId)
    .findLast(
      (m) =>
        !m.ephemeralTo &&
        [...allComponents(m.components)].some((c) => c.label === label && c.disabled !== true),
    );
}

export function customIdOf(message: EmuMessage, label: string): string {
  const c = [...allComponents(message.components)].find((x) => x.label === label);
  if (typeof c?.custom_id !== 'string')
    throw new Error(
      `no control ${label} on ${message.id}: ${JSON.stringify(message.components).slice(0, 1500)}`,
    );
  return c.custom_id;
}

export async function clickLabel(
  h: Harness,
  userId: string,
  channelId: string,
  label: string,
): Promise<void> {
  const m = withControl(h, channelId, label);
  if (!m) throw new Error(`no "${label}" in channel ${channelId}`);
  await h.emu.click(userId, m.id, customIdOf(m, label));
}

/** Opens `count` channels, each with a Tally game between alice and bob, dealt and running. */
export async function openTables(h: Harness, count: number, target = 50): Promise<string[]> {
  const alice = h.user('alice').id;
  const bob = h.user('bob').id;
  const channels: string[] = [];
  for (let i = 0; i < count; i++) {
    const channelId = i === 0 ? h.channel.id : h.emu.createChannel(h.guild.id, { name: `table-${i}` }).id;
    await h.emu.slash(alice, channelId, 'game', {
      subcommand: 'start',
      options: { game: 'tally', seed: `stress-${i}`, target },
    });
    await h.settle();
    await clickLabel(h, bob, channelId, 'Join');
    await h.settle();
    await clickLabel(h, alice, channelId, 'Start');
    await h.settle();
    channels.push(channelId);
  }
  return channels;
}

/** Everything anyone may see in a channel (ids, text, controls), to tell whether it changed. */
export function publicView(h: Harness, channelId: string): string {
  return JSON.stringify(
    h.emu
      .messages(channelId)
      .filter((m) => !m.ephemeralTo)
      .map((m) => [m.id, renderMessageText(m), m.components]),
  );
}

/** The text the user was answered with: the reply (after edits) and any follow-ups. */
export function answerText(handle: { message?: EmuMessage; followUps: EmuMessage[] }): string {
  return [handle.message, ...handle.followUps]
    .filter((m): m is EmuMessage => m !== undefined && m.ephemeralTo !== undefined)
    .map(renderMessageText)
    .join('\n');
}
