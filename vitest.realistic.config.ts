/**
 * `npm run test:realistic`: end-to-end tests once more against a Discord as slow and moody as the
 * real one (delays, jitter, occasional 429s: docs/emulator.md, *Latency*). DISCORD_LATENCY picks
 * the profile (default `realistic`), DISCORD_LATENCY_SEED other draws.
 *
 * The whole end-to-end suite (every example script included). The tests mostly wait on the
 * network, so more of them run at once than the CPU count would suggest; whole games take several
 * times longer than against the instant emulator, hence the long bound (a hang still fails).
 * Tests that check a deadline allow for the real seconds a step spends on the network
 * (test/e2e/timing.ts).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    env: { DISCORD_LATENCY: process.env.DISCORD_LATENCY ?? 'realistic' },
    maxWorkers: 4,
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
