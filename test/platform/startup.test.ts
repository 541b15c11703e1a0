/** `npm start` with a store it cannot reach: it says so (without the password) and exits non-zero. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

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
