/**
 * Prints the total of the last `npm test` as one line, "tests: N passed, N failed, N skipped",
 * from the JSON reports of Vitest (reports/vitest.json) and Playwright (reports/playwright.json).
 * Exits 1 when a report is missing or no test ran.
 */
import { existsSync, readFileSync } from 'node:fs';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function read(path: string): unknown {
  if (!existsSync(path)) {
    console.error(`test-summary: ${path} is missing (did that runner run?)`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

const vitest = read('reports/vitest.json') as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};
const playwright = read('reports/playwright.json') as {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
};

const unit: Totals = {
  passed: vitest.numPassedTests,
  failed: vitest.numFailedTests,
  skipped: vitest.numPendingTests + vitest.numTodoTests,
};
const browser: Totals = {
  passed: playwright.stats.expected + playwright.stats.flaky,
  failed: playwright.stats.unexpected,
  skipped: playwright.stats.skipped,
};
const line = (t: Totals) => `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;
console.log(`unit: ${line(unit)}`);
console.log(`browser: ${line(browser)}`);
const total: Totals = {
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed,
  skipped: unit.skipped + browser.skipped,
};
console.log(`tests: ${line(total)}`);
process.exit(total.passed === 0 || total.failed > 0 ? 1 : 0);
