import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    // The JSON report feeds the one-line total that CI prints (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
