/**
 * Prints what the last `npm test` cost and its total, from the JSON reports of Vitest
 * (reports/vitest.json) and Playwright (reports/playwright.json): each runner's wall time, the
 * slowest 10 tests of both (so the suite's cost stays visible as it grows), and, last, one line
 * "tests: N passed, N failed, N skipped". Exits 1 when a report is missing, no test ran or one failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

interface Timed {
  name: string;
  ms: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

interface PlaywrightSuite {
  specs?: { title: string; file: string; line: number; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

const SLOWEST = 10;

function read(path: string): unknown {
  if (!existsSync(path)) {
    console.error(`test-summary: ${path} is missing (did that runner run?)`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every Vitest test with its time, named by its file and full title. */
function vitestTimes(report: VitestReport, root = process.cwd()): Timed[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(root, file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Every Playwright test with its time (all its runs, retries included), named by its spec file and title. */
function playwrightTimes(suites: PlaywrightSuite[]): Timed[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).map((spec) => ({
      name: `tests/e2e/${spec.file}:${spec.line} › ${spec.title}`,
      ms: spec.tests.reduce((sum, test) => sum + test.results.reduce((all, result) => all + result.duration, 0), 0),
    })),
    ...playwrightTimes(suite.suites ?? []),
  ]);
}

function slowest(times: Timed[], count = SLOWEST): Timed[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (t: Totals) => `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;

const vitest = read('reports/vitest.json') as VitestReport;
const playwright = read('reports/playwright.json') as PlaywrightReport;

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
const unitWall =
  Math.max(0, ...vitest.testResults.map((file) => file.endTime)) -
  Math.min(Infinity, ...vitest.testResults.map((file) => file.startTime));
console.log(`unit: ${line(unit)} (${seconds(Number.isFinite(unitWall) ? unitWall : 0)})`);
console.log(`browser: ${line(browser)} (${seconds(playwright.stats.duration)})`);
console.log(`slowest ${SLOWEST} tests:`);
for (const test of slowest([...vitestTimes(vitest), ...playwrightTimes(playwright.suites)]))
  console.log(`  ${seconds(test.ms).padStart(8)}  ${test.name}`);
const total: Totals = {
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed,
  skipped: unit.skipped + browser.skipped,
};
console.log(`tests: ${line(total)}`);
process.exit(total.passed === 0 || total.failed > 0 ? 1 : 0);
