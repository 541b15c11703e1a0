/**
 * The health endpoint and the Prometheus metrics (issue #32) of a bot running against the
 * emulator: /health says ready once the gateway is up and start-up recovery has finished and
 * not ready while the store does not answer; /metrics counts the moves, refusals, latencies and
 * store errors a table causes. The endpoint is off unless HEALTH_PORT is set (main.ts), so here
 * it is started on a port the system chooses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from '../../src/bot/app/health.ts';
import { loadConfig } from '../../src/bot/app/config.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { injectStoreFaults } from '../../src/sandbox/store-faults.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
let health: HealthServer | undefined;
afterEach(async () => {
  await health?.close();
  await h?.stop();
  h = health = undefined;
});

const get = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, text: await res.text() };
};

/** The value of one sample line of the Prometheus text, 0 when absent. */
const sample = (text: string, line: string): number => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('GIVEN the health endpoint of a running bot', () => {
  it('WHEN polled through a game THEN /health turns ready after recovery and /metrics counts what happened', async () => {
    h = await Harness.start({ games: [tally] });
    health = await startHealthServer(h.bot, { port: 0, host: '127.0.0.1', logger: h.logger });
    const port = health.port;
    await h.bot.recovery;
    expect(await get(port, '/health')).toEqual({ status: 200, text: '{"status":"ready"}' });

    const before = (await get(port, '/metrics')).text;
    const run = scripted(h);
    await run(`@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`);
    await run('@alice click Add 1');
    expect(await run('@carol click Add 1')).toMatch(/⛔|not/i); // carol holds no seat: refused
    const after = await get(port, '/metrics');
    expect(after.status).toBe(200);
    const moves = 'tradecraft_moves_total{game="tally"}';
    expect(sample(after.text, moves)).toBe(sample(before, moves) + 1);
    expect(sample(after.text, 'tradecraft_tables_running')).toBeGreaterThanOrEqual(1);
    const buttons = 'tradecraft_interaction_seconds_count{type="button"}';
    expect(sample(after.text, buttons)).toBeGreaterThan(sample(before, buttons));
    expect(sample(after.text, 'tradecraft_board_seconds_count')).toBeGreaterThan(
      sample(before, 'tradecraft_board_seconds_count'),
    );
    const refusals = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('tradecraft_refusals_total{'))
        .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    expect(refusals(after.text)).toBeGreaterThan(refusals(before));
    expect(after.text).toContain('tradecraft_discord_rest_429_total');
    expect(after.text).toContain('tradecraft_process_resident_memory_bytes');

    // The store stops answering: not ready, and the failed ping is counted as a store error.
    const errors = sample(after.text, 'tradecraft_store_errors_total');
    const faults = injectStoreFaults(h.bot.tables.deps.store);
    faults.inject('read-error', 1);
    expect(await get(port, '/health')).toEqual({ status: 503, text: '{"status":"store unreachable"}' });
    expect(sample((await get(port, '/metrics')).text, 'tradecraft_store_errors_total')).toBe(errors + 1);
    // It answers again: ready again.
    expect((await get(port, '/health')).status).toBe(200);
    health.drain();
    expect(await get(port, '/health')).toEqual({ status: 503, text: '{"status":"stopping"}' });
  });

  it('WHEN the bot has not finished starting THEN /health is not ready', async () => {
    h = await Harness.start({ games: [tally] });
    const { startup: _, ...starting } = h.bot;
    health = await startHealthServer(starting, { port: 0, host: '127.0.0.1', logger: h.logger });
    expect(await get(health.port, '/health')).toEqual({ status: 503, text: '{"status":"starting"}' });
    expect((await get(health.port, '/nowhere')).status).toBe(404);
  });
});

describe('GIVEN the HEALTH_PORT setting', () => {
  it.each([
    [{}, undefined],
    [{ HEALTH_PORT: '9464' }, 9464],
  ])('WHEN the environment is %o THEN the endpoint port is %s (off by default)', (env, port) => {
    const config = loadConfig({ DISCORD_TOKEN: 'x'.repeat(30), ...env });
    expect(config.HEALTH_PORT).toBe(port);
    expect(config.HEALTH_HOST).toBe('127.0.0.1');
  });

  it('WHEN it is not a port THEN the configuration error says so', () => {
    expect(() => loadConfig({ DISCORD_TOKEN: 'x'.repeat(30), HEALTH_PORT: 'http' })).toThrow(
      /HEALTH_PORT must be a port number/,
    );
  });
});
