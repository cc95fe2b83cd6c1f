import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The watchdog names a test file stuck past minutes and ends such a run (test/watchdog-reporter.ts).
    reporters: ['default', './test/watchdog-reporter.ts'],
  },
});
