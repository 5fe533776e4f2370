/**
 * Browser tests: Playwright drives Debian's Chromium (no browser download) against the
 * production build, served by `npm start`'s server on a throwaway database.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CLERK_BASE_URL, CLERK_PORT, clerkServerEnv } from './tests/e2e/fixtures/clerk/servers.ts';
import { TEST_JWT_PUBLIC_KEY } from './tests/e2e/fixtures/clerk/session-token.ts';
import { LARGE_BASE_URL, LARGE_CATALOGUE_SIZE, LARGE_PORT } from './tests/e2e/fixtures/large-catalogue.ts';
import {
  CANARY_SECRET,
  STATIC_BASE_URL,
  STATIC_CONTACT_EMAIL,
  STATIC_PORT,
  staticBuildLog,
} from './tests/e2e/fixtures/static-site.ts';
import { OTHER_FRONT_END_ORIGIN } from './tests/e2e/fixtures/other-front-end.ts';

const PORT = Number(process.env.E2E_PORT ?? 4400);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The run's throwaway databases live in one folder, made by the runner: this file is read again in each
 * worker, which inherits the variable instead of making folders of its own. The runner removes it as it
 * exits, after its servers have stopped.
 */
const runFolder = process.env.SHOP_E2E_FOLDER ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
if (!process.env.SHOP_E2E_FOLDER) {
  process.env.SHOP_E2E_FOLDER = runFolder;
  process.once('exit', () => rmSync(runFolder, { recursive: true, force: true }));
}
const databaseOf = (server: string) => {
  mkdirSync(join(runFolder, server), { recursive: true });
  return join(runFolder, server, 'shop.db');
};
const database = process.env.E2E_DATABASE_PATH ?? databaseOf('shop');
const clerkDatabase = databaseOf('clerk');
const largeDatabase = databaseOf('large');
const staticDatabase = databaseOf('static');
const STATIC_BUILD_LOG = staticBuildLog(runFolder);

/** How every server of the test run starts: once (a running one is reused outside CI), its output piped. */
const testServer = { reuseExistingServer: !process.env.CI, timeout: 180_000, stdout: 'pipe' } as const;

/** Only warnings and errors on the test run's output, not a line per request. */
const QUIET = { LOG_LEVEL: 'warn' };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : '50%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  // Timeouts only stop a hung test: at least five times the slowest test's own time (test.slow()
  // triples it) on a 2-core machine with scripts/cpu-load.ts running beside the suite.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'he-IL',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/start.ts',
      url: `${BASE_URL}/api/categories`,
      ...testServer,
      env: {
        ...QUIET,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATABASE_PATH: database,
        DATABASE_URL: '',
        ASTRO_TELEMETRY_DISABLED: '1',
        // The other front end of tests/e2e/other-front-end.spec.ts calls the API from there.
        ALLOWED_ORIGINS: OTHER_FRONT_END_ORIGIN,
        // Canonical links and previews name this address (also in the prerendered pages this server builds).
        PUBLIC_SITE_URL: BASE_URL,
        // No Clerk keys, even when a developer's .env has some (set variables win over .env).
        PUBLIC_CLERK_PUBLISHABLE_KEY: '',
        CLERK_SECRET_KEY: '',
      },
    },
    {
      // The same build with fake Clerk keys (tests/e2e/auth.spec.ts). Starts after the first
      // server has built, so it only serves.
      command: 'node scripts/serve.ts',
      url: `${CLERK_BASE_URL}/api/categories`,
      ...testServer,
      env: {
        ...QUIET,
        HOST: '127.0.0.1',
        PORT: String(CLERK_PORT),
        DATABASE_PATH: clerkDatabase,
        DATABASE_URL: '',
        ...clerkServerEnv(TEST_JWT_PUBLIC_KEY),
      },
    },
    {
      // The same build on a synthetic catalogue of 500 animals in its own database (tests/e2e/paging.spec.ts).
      command: `node scripts/seed.ts --synthetic ${LARGE_CATALOGUE_SIZE} && node scripts/serve.ts`,
      url: `${LARGE_BASE_URL}/api/categories`,
      ...testServer,
      env: {
        ...QUIET,
        HOST: '127.0.0.1',
        PORT: String(LARGE_PORT),
        DATABASE_PATH: largeDatabase,
        DATABASE_URL: '',
        PUBLIC_CLERK_PUBLISHABLE_KEY: '',
        CLERK_SECRET_KEY: '',
      },
    },
    {
      // The static build (tests/e2e/static.spec.ts), served by a plain static file server; its database
      // holds an about page saved before the build (as an editor would), which the build must show. The
      // build's output is kept for the test that it printed no warning (shown here when the build fails).
      command: `node scripts/content.ts import --force --dir tests/e2e/fixtures/static-content && (node --run build:static > ${STATIC_BUILD_LOG} 2>&1 || (cat ${STATIC_BUILD_LOG}; exit 1)) && node scripts/serve-static.ts dist-static ${STATIC_PORT}`,
      url: `${STATIC_BASE_URL}/search/index.json`,
      ...testServer,
      env: {
        ...QUIET,
        DATABASE_PATH: staticDatabase,
        DATABASE_URL: '',
        PUBLIC_API_URL: '',
        PUBLIC_CONTACT_EMAIL: STATIC_CONTACT_EMAIL,
        // Absolute URLs, og:image, the sitemaps and the preview pictures (tests/e2e/static.spec.ts).
        PUBLIC_SITE_URL: STATIC_BASE_URL,
        PUBLIC_CLERK_PUBLISHABLE_KEY: '',
        CLERK_SECRET_KEY: CANARY_SECRET,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});
