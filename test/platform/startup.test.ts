/**
 * `npm start` that cannot start (a store it cannot open or reach, a Discord it cannot reach): it
 * says so in one line (without the password) and exits non-zero, so a supervisor that restarts
 * on failure does (issue #24: a SQLite file that could not be opened exited 0).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tradecraft-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(storeUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        PATH: process.env['PATH'],
        DISCORD_TOKEN: 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret',
        DISCORD_API_URL: 'http://127.0.0.1:1/api',
        STORE_URL: storeUrl,
        LOG_FORMAT: 'json',
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('GIVEN a store URL nobody answers at', () => {
  it.each(['redis://user:hunter2@127.0.0.1:1', 'postgres://user:hunter2@127.0.0.1:1/db'])(
    'WHEN the bot starts with %s THEN it reports the store unreachable and exits non-zero',
    async (url) => {
      const { code, out } = await start(url);
      expect(code).toBe(2);
      expect(out).toContain('the session store is unreachable');
      expect(out).not.toContain('hunter2');
    },
    30_000,
  );
});

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
const failures = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

describe('GIVEN a SQLite store that cannot be opened', () => {
  it.each([
    ['a path under a file', 'sqlite:///dev/null/tradecraft.sqlite'],
    ['a directory', `sqlite://${dir}`],
  ])(
    'WHEN the bot starts with %s THEN it says so in one line and exits with status 2',
    async (_what, url) => {
      const { code, out } = await start(url);
      expect(code).toBe(2);
      const lines = failures(out);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('the session store cannot be opened');
      expect(out).not.toContain('kept serving');
    },
    30_000,
  );
});

describe('GIVEN a store that works and a Discord nobody answers at', () => {
  it('WHEN the bot starts THEN it says it could not start and exits non-zero', async () => {
    const { code, out } = await start(`sqlite://${join(dir, 'ok.sqlite')}`);
    expect(code).toBe(1);
    expect(failures(out).at(-1)).toContain('the bot could not start');
    expect(out).not.toContain('kept serving');
  }, 30_000);
});
