/**
 * Browser tests: Playwright drives Debian's Chromium (no browser download) against the
 * production build, served by `npm start`'s server on a throwaway database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4400);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const database = process.env.E2E_DATABASE_PATH ?? join(mkdtempSync(join(tmpdir(), 'shop-e2e-')), 'shop.db');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : '50%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
  webServer: {
    command: 'node scripts/start.ts',
    url: `${BASE_URL}/api/categories`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_PATH: database,
      DATABASE_URL: '',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  },
});
