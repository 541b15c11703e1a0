/**
 * Production logs are written asynchronously. An error or fatal line must reach the log even when
 * the process dies right after it without a chance to flush (issue #22: the reason for a crash
 * was lost): here the process is SIGKILLed by itself straight after the line.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const lastWords = (level: 'info' | 'fatal'): ReturnType<typeof spawnSync> =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createLogger } from './src/bot/kernel/logger.ts';
       const logger = createLogger({ level: 'info', format: 'json', secrets: [] }).child({ shard: 0 });
       for (let i = 0; i < 3000; i++) logger.info({ i, pad: 'x'.repeat(200) }, 'busy');
       logger.${level}('the store is unreachable; exiting');
       process.kill(process.pid, 'SIGKILL');`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );

describe('GIVEN a production (JSON) logger with lines still buffered', () => {
  it('WHEN a fatal line is logged and the process dies at once THEN the line is in the log', () => {
    const run = lastWords('fatal');
    expect(run.signal).toBe('SIGKILL');
    const lines = String(run.stdout).trim().split('\n');
    expect(lines).toHaveLength(3001);
    expect(lines.at(-1)).toContain('the store is unreachable; exiting');
  });

  it('WHEN an info line is logged instead THEN it may wait in the buffer (what the flush is for)', () => {
    const run = lastWords('info');
    expect(String(run.stdout)).not.toContain('the store is unreachable; exiting');
  });
});
