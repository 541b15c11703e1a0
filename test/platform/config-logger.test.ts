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
