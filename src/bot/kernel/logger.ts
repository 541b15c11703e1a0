/**
 * pino, JSON in production and readable in development, with every secret scrubbed from the
 * final line: the bot token, and interaction tokens wherever they appear in webhook URLs. A
 * `seed` field (a table's secret deal) is redacted too.
 */
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

// pino-pretty (and its dependencies) is loaded only when pretty lines are asked for.
const require = createRequire(import.meta.url);

const WEBHOOK_TOKEN = /(\/(?:webhooks|interactions)\/\d+\/)[A-Za-z0-9._-]{20,}/g;

export function scrubSecrets(line: string, secrets: readonly string[]): string {
  let out = line.replace(WEBHOOK_TOKEN, '$1[REDACTED]');
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('[REDACTED]');
  return out;
}

export interface LoggerOptions {
  level: string;
  format: 'json' | 'pretty';
  /** Values that must never be written, e.g. the bot token. */
  secrets: readonly string[];
  destination?: NodeJS.WritableStream;
}

export function createLogger(opts: LoggerOptions): Logger {
  // Production lines are buffered and written asynchronously; an error or fatal line is flushed
  // at once, so a crash right after it (a native fault, an OOM kill, a hard exit) keeps the reason.
  const buffered = opts.format === 'json' && !opts.destination ? pino.destination({ sync: false }) : null;
  const options: pino.LoggerOptions = {
    level: opts.level,
    redact: {
      paths: [
        'token',
        '*.token',
        '*.*.token',
        'authorization',
        '*.authorization',
        'headers.authorization',
        // A table's seed is its deal (src/bot/table/deal.ts): no log line carries it, even by mistake.
        'seed',
        '*.seed',
        '*.*.seed',
      ],
      censor: '[REDACTED]',
    },
    hooks: {
      streamWrite: (line) => scrubSecrets(line, opts.secrets),
      logMethod(args, method, level) {
        method.apply(this, args);
        if (buffered && level >= ERROR_LEVEL) flushQuietly(buffered);
      },
    },
  };
  if (opts.format === 'pretty') {
    const pretty = require('pino-pretty') as typeof PinoPretty;
    return pino(options, pretty({ colorize: false, sync: true, destination: opts.destination ?? 1 }));
  }
  return pino(options, opts.destination ?? buffered ?? undefined);
}

const ERROR_LEVEL = 50;

function flushQuietly(stream: { flushSync(): void }): void {
  try {
    stream.flushSync();
  } catch {
    // A write already in flight (EAGAIN on a busy pipe): the next flush or exit writes it.
  }
}

export type { Logger };
