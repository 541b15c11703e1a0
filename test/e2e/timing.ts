/**
 * Deadlines under a slow Discord (`npm run test:realistic`). The sandbox clock is real time plus
 * the waits a script skips, so the seconds a step spends crossing the network pass on the game's
 * clocks too. These helpers let a test say "the board shows the deadline, give or take the real
 * time the step took" instead of assuming that Discord answers at once.
 */
import { expect } from 'vitest';

/** Runs a step and says how many real seconds it took. */
export async function timed<T>(step: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await step();
  return { value, seconds: (performance.now() - start) / 1000 };
}

/**
 * The seconds in the first transcript line matching `pattern`, whose first group is a duration
 * as the transcript writes it ("2m 59s", "1h 2m", "45s").
 */
export function secondsShown(transcript: string, pattern: RegExp): number {
  const duration = pattern.exec(transcript)?.[1];
  expect(duration, `no line matches ${pattern}`).toBeDefined();
  const units: Record<string, number> = { h: 3600, m: 60, s: 1 };
  let total = 0;
  for (const part of (duration ?? '').trim().split(/\s+/)) {
    const match = /^(\d+)([hms])$/.exec(part);
    expect(match, `"${duration}" is not a duration`).not.toBeNull();
    total += Number(match?.[1]) * (units[match?.[2] ?? 's'] ?? 1);
  }
  return total;
}

/**
 * Asserts that `shown` seconds are what was `due`: at most the step's real seconds sooner (they
 * passed while it ran) and one second either side (Discord timestamps count whole seconds).
 */
export function expectDeadline(shown: number, due: number, realSeconds: number): void {
  expect(shown).toBeGreaterThanOrEqual(due - Math.ceil(realSeconds) - 1);
  expect(shown).toBeLessThanOrEqual(due + 1);
}
