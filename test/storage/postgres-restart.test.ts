/**
 * A PostgreSQL restart under a running bot (issue #24): the pool's idle connections die with an
 * error event. It must be handled where the pool is made — the store reconnects by itself and
 * says so once — not left to the process guard as an uncaught exception. Run in a child process,
 * where an unhandled 'error' event would end the process.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const url = process.env['TEST_POSTGRES_URL'];
const APP = 'tradecraft-restart-test';

describe('GIVEN a store on PostgreSQL', () => {
  it.skipIf(!url)(
    'WHEN the server drops every connection (a restart) THEN no uncaught error, the loss is logged once, and the next call works',
    () => {
      const storeUrl = new URL(url ?? '');
      storeUrl.searchParams.set('application_name', APP);
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { createRequire } from 'node:module';
           import { openKeyv } from './src/storage/keyv-store.ts';
           const logs = [];
           process.on('uncaughtException', (err) => { console.log(JSON.stringify({ uncaught: err.message })); process.exit(3); });
           const keyv = await openKeyv(${JSON.stringify(storeUrl.toString())}, { log: (level, _f, msg) => logs.push(level + ': ' + msg) });
           await keyv.set('restart-probe', 41);
           const { Client } = createRequire(import.meta.resolve('@keyv/postgres'))('pg');
           const admin = new Client({ connectionString: ${JSON.stringify(url)} });
           await admin.connect();
           await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '${APP}'");
           await admin.end();
           await new Promise((r) => setTimeout(r, 500));
           const value = await keyv.get('restart-probe');
           await keyv.delete('restart-probe');
           console.log(JSON.stringify({ value, logs }));
           await keyv.disconnect();`,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
      const last = String(run.stdout).trim().split('\n').at(-1) ?? '';
      expect(run.status, `${String(run.stdout)}${String(run.stderr)}`).toBe(0);
      const result = JSON.parse(last) as { value: number; logs: string[] };
      expect(result.value).toBe(41);
      expect(result.logs.filter((l) => l.startsWith('warn'))).toEqual([
        'warn: PostgreSQL connection lost; reconnecting',
      ]);
    },
    40_000,
  );
});
