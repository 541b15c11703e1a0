/**
 * Issue #22: many pictures drawn at once must not crash the process. Before the fix, eight or a
 * hundred pictures at once killed it with SIGSEGV in the first round or two (a garbage collection
 * freed a canvas whose PNG encode was still queued). The burst runs in a child process, as a crash
 * kills it.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function burst(
  count: number,
  rounds: number,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/platform/picture-burst.ts', String(count), String(rounds)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

describe('GIVEN 100 pictures of every kind drawn at once, 15 rounds, with garbage collected throughout', () => {
  it('THEN every picture comes back the right size and the process exits 0', async () => {
    const { code, signal, out } = await burst(100, 15);
    expect({ code, signal, tail: out.split('\n').slice(-4) }).toMatchObject({ code: 0, signal: null });
    expect(out).toContain('round 15: 100 pictures');
  }, 600_000);
});
