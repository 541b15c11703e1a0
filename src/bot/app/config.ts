/**
 * Start-up configuration from the environment, parsed once through zod. Every missing or bad
 * value is reported as one plain sentence, all at once, and the process stops.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_STORE_URL } from '../../storage/keyv-store.ts';

export const DISCORD_API_DEFAULT = 'https://discord.com/api';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  DISCORD_TOKEN: z
    .string({ error: 'DISCORD_TOKEN is missing: set it to the bot token from the Developer Portal.' })
    .min(20, 'DISCORD_TOKEN looks too short to be a bot token.'),
  DISCORD_CLIENT_ID: z
    .string()
    .regex(/^\d{15,22}$/, 'DISCORD_CLIENT_ID must be the application id, a number of 15-22 digits.')
    .optional(),
  STORE_URL: z
    .string()
    .regex(
      /^(sqlite|redis|rediss|postgres|postgresql|memory):\/\//,
      'STORE_URL must start with sqlite://, redis://, postgres:// or memory://.',
    )
    .default(DEFAULT_STORE_URL),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.` })
    .default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty.' }).optional(),
  DISCORD_API_URL: z
    .url({ error: 'DISCORD_API_URL must be a URL such as https://discord.com/api.' })
    .default(DISCORD_API_DEFAULT),
  NODE_ENV: z.string().default('development'),
  HEALTH_PORT: z.coerce
    .number({ error: 'HEALTH_PORT must be a port number (1-65535).' })
    .int('HEALTH_PORT must be a port number (1-65535).')
    .min(1, 'HEALTH_PORT must be a port number (1-65535).')
    .max(65535, 'HEALTH_PORT must be a port number (1-65535).')
    .optional(),
  HEALTH_HOST: z.string().default('127.0.0.1'),
  SHARDS: z
    .string()
    .regex(/^(auto|[1-9]\d*)$/, 'SHARDS must be a number of shards (1 or more) or auto.')
    .optional(),
  SHARD_LIST: z
    .string()
    .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'SHARD_LIST must list shard ids, such as 0,1 or 0-3 or 0-3,8.')
    .optional(),
});

/**
 * `SHARD_LIST` (this process runs these shards of `SHARDS`, in one client) checked against the
 * rest, each problem in one sentence.
 */
const withShardList = configSchema.transform((config, ctx) => {
  const { SHARD_LIST, ...rest } = config;
  if (SHARD_LIST === undefined) return { ...rest, SHARD_LIST: undefined };
  const problems: string[] = [];
  const total = Number(config.SHARDS);
  if (!config.SHARDS || config.SHARDS === 'auto')
    problems.push(
      'SHARD_LIST needs SHARDS, the number of shards of every process together (a number, not auto).',
    );
  if (config.STORE_URL.startsWith('memory://'))
    problems.push(
      'SHARD_LIST needs a store every process shares (redis:// or postgres://; sqlite:// on one machine), not memory://.',
    );
  const ids = new Set<number>();
  for (const part of problems.length ? [] : SHARD_LIST.split(',')) {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    if (to < from) problems.push(`SHARD_LIST: the range ${part} runs backwards.`);
    else if (to >= total)
      problems.push(`SHARD_LIST names shard ${to}, but SHARDS=${total} numbers them 0-${total - 1}.`);
    else for (let id = from; id <= to; id++) ids.add(id);
  }
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
  return { ...rest, SHARD_LIST: [...ids].sort((a, b) => a - b) };
});

export type Config = z.infer<typeof withShardList>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problems:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings (as left by a copied .env.example) as unset.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      // In a shard's process discord.js sets SHARDS to that shard's id: not ours to read.
      ([k, v]) => v !== undefined && v !== '' && !(k === 'SHARDS' && env.SHARDING_MANAGER),
    ),
  );
  const parsed = withShardList.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((i) => i.message));
}

/** Reads `.env` into process.env when there is one (values already set win). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
