/** Shared by the end-to-end tests: run sandbox script lines against a harness and read back what they printed. */
import { expect } from 'vitest';
import type { Harness } from '../../src/sandbox/harness.ts';
import { ScriptRunner } from '../../src/sandbox/script.ts';

/**
 * Returns `run(script)`, which plays the lines and returns their transcript (mentions as @name,
 * times as "in 3m"). Any request Discord (the emulator) refused fails the test.
 */
export function scripted(h: Harness): (script: string) => Promise<string> {
  const out: string[] = [];
  const runner = new ScriptRunner(h, (l) => out.push(l));
  const refused: unknown[] = [];
  h.emu.events.on('restError', (e) => refused.push(e));
  return async (script: string) => {
    out.length = 0;
    for (const line of script.split('\n')) await runner.line(line);
    expect(refused, 'Discord refused a request').toEqual([]);
    return out.join('\n');
  };
}
