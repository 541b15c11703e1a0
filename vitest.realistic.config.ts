/**
 * `npm run test:realistic`: end-to-end tests once more against a Discord as slow and moody as the
 * real one (delays, jitter, occasional 429s: docs/emulator.md, *Latency*). DISCORD_LATENCY picks
 * the profile (default `realistic`), DISCORD_LATENCY_SEED other draws.
 *
 * Every example script plus a subset of test/e2e that touches each part of the bot (lobby,
 * pictures, recovery, rate limits and faults, teams and threads, study sessions, permissions,
 * the platform commands, deadlines, a whole Kingpin game): the whole suite takes too long this way
 * (the longest files play whole games move by move). The tests mostly wait on the network, so
 * more of them run at once than the CPU count would suggest.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/e2e/examples.test.ts',
      'test/e2e/lobby.test.ts',
      'test/e2e/pictures.test.ts',
      'test/e2e/recovery.test.ts',
      'test/e2e/resilience.test.ts',
      'test/e2e/team-threads.test.ts',
      'test/e2e/study-session.test.ts',
      'test/e2e/permissions.test.ts',
      'test/e2e/platform.test.ts',
      'test/e2e/async-pace.test.ts',
      'test/e2e/kingpin.test.ts',
    ],
    env: { DISCORD_LATENCY: process.env.DISCORD_LATENCY ?? 'realistic' },
    maxWorkers: 4,
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
