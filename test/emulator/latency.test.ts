/**
 * The network's delays and 429s (latency.ts), and edits that keep an attachment, through the
 * real discord.js client.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiscordAPIError, type TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
import {
  REALISTIC,
  resolveLatency,
  routeKind,
  type LatencyProfile,
} from '../../src/sandbox/emulator/index.ts';
import { Latency } from '../../src/sandbox/emulator/latency.ts';
import { destroyClients, login, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
  removeTempDirs();
});

async function channelWith(latency: LatencyProfile | string, latencySeed?: number): Promise<TextChannel> {
  world = await startWorld({ latency, ...(latencySeed !== undefined ? { latencySeed } : {}) });
  const client = await login(world.emu);
  return (await client.channels.fetch(world.channel.id)) as TextChannel;
}

const timed = async <T>(p: Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await p;
  return [value, performance.now() - started];
};

describe('latency profiles', () => {
  it('GIVEN instant, realistic, a JSON file or nonsense THEN each resolves to its profile or says what is wrong', () => {
    expect(resolveLatency(undefined).routes).toEqual({});
    expect(resolveLatency('').routes).toEqual({});
    expect(resolveLatency('realistic')).toBe(REALISTIC);
    const dir = tempDir('latency-');
    const good = join(dir, 'slow.json');
    writeFileSync(good, JSON.stringify({ name: 'slow', routes: { messageCreate: [500, 600] } }));
    expect(resolveLatency(good)).toMatchObject({ name: 'slow', routes: { messageCreate: [500, 600] } });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ routes: { messageCreate: [600, 500] }, typo: 1 }));
    expect(() => resolveLatency(bad)).toThrow(/not a latency profile/);
    expect(() => resolveLatency(join(dir, 'missing.json'))).toThrow(/missing\.json/);
    expect(() => resolveLatency('fast')).toThrow(/instant, realistic or a path/);
  });

  it.each([
    ['POST', '/channels/1/messages', 'messageCreate'],
    ['PATCH', '/channels/1/messages/2', 'messageEdit'],
    ['POST', '/interactions/1/emu.tok/callback', 'interactionCallback'],
    ['PATCH', '/webhooks/1/emu.tok/messages/@original', 'webhookEdit'],
    ['POST', '/webhooks/1/emu.tok', 'webhookFollowUp'],
    ['GET', '/channels/1/messages/2', 'read'],
    ['DELETE', '/channels/1/messages/2', 'other'],
  ])('GIVEN %s %s THEN it is delayed as a %s', (method, path, kind) => {
    expect(routeKind(method, path)).toBe(kind);
  });

  it('GIVEN the realistic profile THEN every drawn delay lies in its route’s band (plus a spike, plus the upload)', () => {
    const latency = new Latency(REALISTIC);
    const spikeMax = REALISTIC.spikes?.extraMs[1] ?? 0;
    for (let n = 0; n < 300; n++) {
      for (const [method, path] of [
        ['POST', '/channels/1/messages'],
        ['POST', '/interactions/9/emu.t/callback'],
        ['GET', '/channels/1/messages'],
      ] as const) {
        const plan = latency.plan(method, path, 0, true);
        const [lo, hi] = REALISTIC.routes[routeKind(method, path)] ?? [0, 0];
        const total = plan.upstreamMs + plan.downstreamMs;
        expect(total).toBeGreaterThanOrEqual(lo - 1);
        expect(total).toBeLessThanOrEqual(hi + spikeMax + 1);
      }
    }
    // 1 MiB at 2 MiB/s: half a second more on the way up.
    const upload = new Latency({ routes: {}, uploadBytesPerSecond: 2 * 1024 * 1024 });
    expect(upload.plan('POST', '/channels/1/messages', 1024 * 1024, true).upstreamMs).toBe(500);
  });

  it('GIVEN the same seed THEN the same requests draw the same delays and 429s; another seed draws others', () => {
    const run = (seed: number) => {
      const latency = new Latency(REALISTIC, seed);
      return Array.from({ length: 400 }, (_, n) => {
        const plan = latency.plan(n % 2 ? 'POST' : 'PATCH', `/channels/${n % 3}/messages/77777`, 0, true);
        return `${plan.upstreamMs}/${plan.downstreamMs}/${plan.limited?.body.retry_after ?? '-'}`;
      });
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    // Over 400 requests a 1% chance of 429 comes up at least once for these seeds.
    expect(run(7).some((p) => !p.endsWith('/-'))).toBe(true);
  });
});

describe('a slow network through discord.js', () => {
  it('GIVEN a band for message sends THEN a send takes at least its delay, and the same seed draws the same delays', async () => {
    const profile: LatencyProfile = { routes: { messageCreate: [150, 250], read: [20, 40] } };
    const delays = async (): Promise<number[]> => {
      const ch = await channelWith(profile, 3);
      const drawn: number[] = [];
      world?.emu.events.on('latency', (e: { method: string; upstreamMs: number; downstreamMs: number }) => {
        if (e.method === 'POST') drawn.push(e.upstreamMs + e.downstreamMs);
      });
      for (const n of [1, 2, 3]) {
        const [, ms] = await timed(ch.send(`message ${n}`));
        expect(ms).toBeGreaterThanOrEqual(150 - 5);
      }
      expect(world?.emu.messages(world.channel.id).map((m) => m.content)).toEqual([
        'message 1',
        'message 2',
        'message 3',
      ]);
      await destroyClients();
      await world?.emu.stop();
      return drawn;
    };
    const first = await delays();
    expect(first).toHaveLength(3);
    expect(first.every((d) => d >= 150 && d <= 250)).toBe(true);
    expect(await delays()).toEqual(first);
  });

  it('GIVEN a 429 on a route THEN Discord’s body and headers come back, discord.js waits retry_after and the message lands once', async () => {
    const profile: LatencyProfile = {
      routes: {},
      rateLimits: { probability: 1, retryAfterMs: [200, 200], globalShare: 0 },
    };
    const ch = await channelWith(profile);
    const { emu, channel } = world!;
    // What Discord sends, read raw: the body, Retry-After and the X-RateLimit-* headers.
    const raw = await fetch(`${emu.apiUrl}/v10/channels/${channel.id}/typing`, {
      method: 'POST',
      headers: { Authorization: `Bot ${emu.token}` },
    });
    expect(raw.status).toBe(429);
    expect(await raw.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.2,
      global: false,
    });
    expect(raw.headers.get('retry-after')).toBe('0.200');
    expect(raw.headers.get('x-ratelimit-scope')).toBe('user');
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(raw.headers.get('x-ratelimit-reset-after')).toBe('0.200');
    expect(raw.headers.get('x-ratelimit-bucket')).toBeTruthy();
    expect(raw.headers.get('x-ratelimit-global')).toBeNull();

    const limited: { path: string; retry_after: number; global: boolean }[] = [];
    emu.events.on('rateLimited', (e: { path: string; retry_after: number; global: boolean }) =>
      limited.push(e),
    );
    const [sent, ms] = await timed(ch.send('after a 429'));
    expect(ms).toBeGreaterThanOrEqual(195);
    expect(limited).toEqual([expect.objectContaining({ retry_after: 0.2, global: false })]);
    expect(emu.messages(channel.id).map((m) => m.id)).toEqual([sent.id]);
  });

  it('GIVEN a global 429 THEN it says so (X-RateLimit-Global) and discord.js holds every request until it passes', async () => {
    const profile: LatencyProfile = {
      routes: {},
      rateLimits: { probability: 1, retryAfterMs: [150, 150], globalShare: 1 },
    };
    const ch = await channelWith(profile);
    const { emu, channel } = world!;
    const globals: boolean[] = [];
    emu.events.on('rateLimited', (e: { global: boolean }) => globals.push(e.global));
    const [, ms] = await timed(ch.send('globally held'));
    expect(ms).toBeGreaterThanOrEqual(145);
    expect(globals).toEqual([true]);
    expect(emu.messages(channel.id).map((m) => m.content)).toEqual(['globally held']);
    // Interaction webhooks are not bound by the global limit: a follow-up is never refused globally.
    expect(new Latency(profile).plan('POST', '/webhooks/1/emu.t', 0, false).limited?.body.global).toBe(false);
    expect(
      new Latency(profile).plan('POST', '/interactions/1/emu.t/callback', 0, false).limited,
    ).toBeUndefined();
  });

  it('GIVEN 429s WHEN a test waits for quiet THEN waitForIdle also waits for the client to retry', async () => {
    const profile: LatencyProfile = {
      routes: {},
      rateLimits: { probability: 1, retryAfterMs: [300, 300], globalShare: 0 },
    };
    const ch = await channelWith(profile);
    const { emu, channel } = world!;
    const refused = new Promise((resolve) => emu.events.once('rateLimited', resolve));
    void ch.send('sent without waiting');
    await refused;
    await emu.waitForIdle();
    expect(emu.messages(channel.id).map((m) => m.content)).toEqual(['sent without waiting']);
  });

  it('GIVEN a client slow to come back after a 429 (a busy machine) THEN waitForIdle waits for its retry, however late', async () => {
    world = await startWorld({
      latency: { routes: {}, rateLimits: { probability: 1, retryAfterMs: [50, 50], globalShare: 0 } },
    });
    const { emu, channel } = world;
    const send = (): Promise<Response> =>
      fetch(`${emu.apiUrl}/v10/channels/${channel.id}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bot ${emu.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'retried late' }),
      });
    expect((await send()).status).toBe(429);
    // A loaded client reads the 429 late and wakes late: here 400 ms after a 50 ms Retry-After.
    const retried = new Promise((resolve) => setTimeout(resolve, 400)).then(send);
    await emu.waitForIdle();
    expect(emu.messages(channel.id).map((m) => m.content)).toEqual(['retried late']);
    expect((await retried).status).toBe(200);
  });
});

describe('the 3 s rule with a slow network', () => {
  const slowCallback: LatencyProfile = { routes: { interactionCallback: [600, 600] }, upstreamShare: 1 };

  // 2.5 s, not 2.9: the bot's own real milliseconds (gateway, discord.js) count on the clock too,
  // and under load they ate a 100 ms margin. 2.5 s of bot time plus the 600 ms wire is still past
  // 3 s, so an emulator that timed the wire would fail this test.
  it('GIVEN a bot that answers at 2.5 s over a 600 ms network THEN the answer counts (Discord times the bot, not the wire)', async () => {
    world = await startWorld({ latency: slowCallback });
    const { emu, clock, channel, alice } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }], world.guild.id);
    client.on('interactionCreate', (i) => {
      if (!i.isChatInputCommand()) return;
      void clock.advance(2_500).then(() => i.reply('pong'));
    });
    const handle = await emu.slash(alice.id, channel.id, 'ping');
    expect(handle.message?.content).toBe('pong');
  });

  it('GIVEN a bot that answers at 3.1 s THEN the interaction failed, whatever the network', async () => {
    world = await startWorld({ latency: slowCallback });
    const { emu, clock, channel, alice } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }], world.guild.id);
    const refused = new Promise<unknown>((resolve) =>
      client.on('interactionCreate', (i) => {
        if (!i.isChatInputCommand()) return;
        void clock.advance(3_100).then(() =>
          i.reply('too late').then(
            () => resolve('answered'),
            (e: unknown) => resolve(e instanceof DiscordAPIError ? e.code : e),
          ),
        );
      }),
    );
    await expect(emu.slash(alice.id, channel.id, 'ping')).rejects.toMatchObject({ code: 'no-response' });
    expect(await refused).toBe(10062);
  });
});
