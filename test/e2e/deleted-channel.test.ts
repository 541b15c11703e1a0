/**
 * A channel with a running game is deleted (issue #27): Discord sends CHANNEL_DELETE and refuses
 * every later post with 10003 Unknown Channel. The table is closed (ended, its deadlines
 * disarmed, nothing retried), and the host is told by direct message, or the log says so when
 * their DMs are closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { ScriptRunner } from '../../src/sandbox/script.ts';
import { tally } from '../fixtures/tally.ts';

let h: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const HOUR = 3_600_000;

/** Lets `n` half-days pass, every timer due in them firing and its work settling. */
async function passHalfDays(harness: Harness, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await harness.clock.advance(12 * HOUR);
    await harness.settle();
  }
}

async function world(storeUrl?: string) {
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  h = await Harness.start({
    games: [tally],
    logger: createLogger({ level: 'info', format: 'json', secrets: [], destination: sink }),
    ...(storeUrl ? { storeUrl } : {}),
  });
  const harness = h;
  const runner = new ScriptRunner(harness, () => undefined);
  const run = async (script: string) => {
    for (const line of script.split('\n')) await runner.line(line);
  };
  const dms: EmuMessage[] = [];
  harness.emu.events.on('messageCreate', (m: EmuMessage) => {
    if (harness.emu.channel(m.channelId).type === 1) dms.push(m);
  });
  // Anything Discord refused after the channel went (each a failure the bot would retry).
  const refused: { path: string; code?: number }[] = [];
  harness.emu.events.on('restError', (e: { path: string; body: { code?: number } }) =>
    refused.push({ path: e.path, ...(e.body.code !== undefined ? { code: e.body.code } : {}) }),
  );
  await run('@alice /game start game:tally seed:7 pace:daily\n@bob click Join\n@alice click Start');
  return { h: harness, run, logged, dms, refused };
}

describe('GIVEN a daily table whose channel a moderator deletes', () => {
  it('WHEN the deadlines would have fallen due THEN the table is closed, nothing fires or retries, and the host is told by DM', async () => {
    const { h, logged, dms, refused } = await world();
    const channelId = h.channel.id;
    h.emu.deleteChannel(channelId);
    await h.settle();
    await passHalfDays(h, 8);
    const s = await h.bot.tables.load(channelId);
    expect(s?.status).toBe('ended');
    expect(s?.tableClock?.clocks ?? []).toEqual([]);
    expect(refused).toEqual([]);
    expect(logged.filter((l) => /"level":(40|50)/.test(l))).toEqual([]);
    const told = dms.map(renderMessageText).join('\n');
    expect(told).toContain('Tally');
    expect(told).toContain('was deleted');
  });
});

describe('GIVEN a daily table whose host has closed their DMs', () => {
  it('WHEN its channel is deleted THEN the table is closed and the log says the host could not be told', async () => {
    const { h, logged, dms } = await world();
    h.emu.setDmsClosed(h.user('alice').id, true);
    h.emu.deleteChannel(h.channel.id);
    await h.settle();
    expect((await h.bot.tables.load(h.channel.id))?.status).toBe('ended');
    expect(dms).toEqual([]);
    expect(logged.join('')).toContain(
      'could not tell the host by DM that their table was closed (DMs closed)',
    );
  });
});

describe('GIVEN a daily table whose channel is deleted while the bot is down', () => {
  it('WHEN the bot is back and a deadline falls due THEN the refused post closes the table once: no retry, no second failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tradecraft-'));
    dirs.push(dir);
    const { h, logged, dms, refused } = await world(`sqlite://${join(dir, 'store.sqlite')}`);
    const channelId = h.channel.id;
    await h.bot.stop();
    h.emu.deleteChannel(channelId);
    await h.startBot();
    await h.settle();
    await passHalfDays(h, 8);
    const s = await h.bot.tables.load(channelId);
    expect(s?.status).toBe('ended');
    expect(s?.endedReason).toBe('its channel was deleted');
    // What found the channel gone was refused once, then nothing tried it again.
    const unknown = refused.filter((r) => r.code === 10003).length;
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThanOrEqual(2);
    await passHalfDays(h, 8);
    expect(refused.filter((r) => r.code === 10003).length).toBe(unknown);
    expect(logged.filter((l) => /"level":50/.test(l))).toEqual([]);
    expect(logged.filter((l) => l.includes('could not publish a table')).length).toBeLessThanOrEqual(1);
    expect(dms.map(renderMessageText).join('\n')).toContain('was closed: the channel was deleted');
  });
});
