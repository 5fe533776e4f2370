import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    // One file per core: Vitest's default leaves one core idle, and on a 2-core machine that runs the
    // files one after another, while most of them wait on servers, child processes and databases.
    maxWorkers: '100%',
    // Timeouts only stop a hung test or hook: at least five times the slowest one's own time on a
    // 2-core machine with scripts/cpu-load.ts running beside the suite (a slow machine is no failure).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The JSON report feeds the one-line total that CI prints (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
