import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/bot/app/config.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.OTk5.secret-part-of-the-token';

describe('configuration', () => {
  it('GIVEN nothing set THEN start-up names each missing value in one sentence', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    try {
      loadConfig({ LOG_LEVEL: 'loud', STORE_URL: 'mongodb://x', DISCORD_API_URL: 'not a url' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'DISCORD_TOKEN is missing: set it to the bot token from the Developer Portal.',
        'STORE_URL must start with sqlite://, redis://, postgres:// or memory://.',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
        'DISCORD_API_URL must be a URL such as https://discord.com/api.',
      ]);
    }
  });

  it('GIVEN only a token THEN the defaults are Discord itself and a SQLite file under ./data', () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, LOG_LEVEL: '' });
    expect(config.DISCORD_API_URL).toBe('https://discord.com/api');
    expect(config.STORE_URL).toBe('sqlite://data/tradecraft.sqlite');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.SHARDS).toBeUndefined();
  });

  it('GIVEN SHARDS THEN a number or auto starts the shard manager, anything else is refused, and in a shard’s own process it is discord.js’s shard id, not ours', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: 'auto' }).SHARDS).toBe('auto');
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: '4' }).SHARDS).toBe('4');
    for (const bad of ['0', 'two', '-1', '1.5'])
      expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: bad })).toThrow(
        'SHARDS must be a number of shards (1 or more) or auto.',
      );
    expect(
      loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: '0', SHARDING_MANAGER: 'true' }).SHARDS,
    ).toBeUndefined();
  });
});

describe('SHARD_LIST (shards on several machines, issue #25)', () => {
  const base = { DISCORD_TOKEN: TOKEN, SHARDS: '8', STORE_URL: 'redis://store:6379' };

  it('GIVEN a list, ranges included THEN this process runs those shards of SHARDS, each once, in order', () => {
    expect(loadConfig({ ...base, SHARD_LIST: '4-5,0,2-3,5' }).SHARD_LIST).toEqual([0, 2, 3, 4, 5]);
    expect(loadConfig({ ...base, SHARD_LIST: '7' }).SHARD_LIST).toEqual([7]);
    expect(loadConfig(base).SHARD_LIST).toBeUndefined();
  });

  it.each([
    [{ SHARD_LIST: 'a,b' }, 'SHARD_LIST must list shard ids, such as 0,1 or 0-3 or 0-3,8.'],
    [{ SHARD_LIST: '0,8' }, 'SHARD_LIST names shard 8, but SHARDS=8 numbers them 0-7.'],
    [{ SHARD_LIST: '3-1' }, 'SHARD_LIST: the range 3-1 runs backwards.'],
    [
      { SHARD_LIST: '0', SHARDS: 'auto' },
      'SHARD_LIST needs SHARDS, the number of shards of every process together (a number, not auto).',
    ],
    [
      { SHARD_LIST: '0', SHARDS: '' },
      'SHARD_LIST needs SHARDS, the number of shards of every process together (a number, not auto).',
    ],
    [
      { SHARD_LIST: '0', STORE_URL: 'memory://' },
      'SHARD_LIST needs a store every process shares (redis:// or postgres://; sqlite:// on one machine), not memory://.',
    ],
  ])('GIVEN %o THEN start-up refuses it in one sentence', (env, problem) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([problem]);
    }
  });
});

describe('logging', () => {
  function capture(format: 'json' | 'pretty') {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    return { lines, logger: createLogger({ level: 'info', format, secrets: [TOKEN], destination }) };
  }

  it.each(['json', 'pretty'] as const)(
    'GIVEN a %s log line mentioning the token or an interaction token THEN neither is written',
    (format) => {
      const { lines, logger } = capture(format);
      const err = new Error(
        `request failed: https://discord.com/api/v10/webhooks/1234567890/aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1u/messages/@original with ${TOKEN}`,
      );
      logger.error({ err, token: 'interaction-token-value', config: { DISCORD_TOKEN: TOKEN } }, 'boom');
      const out = lines.join('');
      expect(out).toContain('boom');
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain('aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1u');
      expect(out).not.toContain('interaction-token-value');
      expect(out).toContain('[REDACTED]');
    },
  );

  it('GIVEN a log line carrying a session or a study THEN its seed is not written (issue #23)', () => {
    const { lines, logger } = capture('json');
    const seed = '0123456789abcdef0123456789abcdef';
    logger.warn({ seed, session: { seed }, ctx: { study: { seed } } }, 'careless');
    const out = lines.join('');
    expect(out).toContain('careless');
    expect(out).not.toContain(seed);
  });
});
