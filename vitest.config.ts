import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Whole games through the emulator draw a picture for every board; on a busy 2-core machine that
    // takes a while, so the bound is generous (a hang still fails).
    testTimeout: 120_000,
    hookTimeout: 20_000,
  },
});
