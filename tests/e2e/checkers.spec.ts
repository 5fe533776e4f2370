/**
 * Checkers nobody here wrote, on what the servers really send (docs/development.md, "Independent checkers"):
 * - every kind of page, from the server without Clerk keys and the one with them, as served and as the
 *   browser holds it once its scripts ran, in the light and the dark theme, and as the static host serves the
 *   static build: the Nu HTML Checker (vnu-jar, one run over every saved page) and html-validate find
 *   nothing; each page is sent as UTF-8 HTML;
 * - the served /api/openapi.json passes redocly's recommended rules (redocly.yaml names the exceptions).
 * promtool's check of /metrics is in tests/unit/metrics.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { seedAnimal, seedCategories } from '../helpers/catalogue.ts';
import { htmlValidateFindings, vnuErrors, vnuUnavailable } from '../helpers/html-checkers.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { FRONTEND_API_HOST } from './fixtures/clerk/frontend-api.ts';
import { STATIC_BASE_URL } from './fixtures/static-site.ts';

/** One page of each kind, by a name for its saved files. */
const PAGES: Record<string, string> = {
  home: '/',
  categories: '/categories',
  category: `/categories/${seedCategories[0]!.slug}`,
  products: '/products',
  search: `/products?query=${encodeURIComponent('דרקון')}&sort=price`,
  animal: `/products/${seedAnimal('rainbow-owl').id}`,
  about: '/about',
  accessibility: '/accessibility',
  contact: '/contact',
  'sign-in': '/sign-in',
  'sign-up': '/sign-up',
  'not-found': '/no-such-page',
  favorites: '/favorites',
  'shared-favorites': `/favorites?ids=${seedAnimal('rainbow-owl').id},${seedAnimal('cloud-sheep').id}`,
};
const require = createRequire(import.meta.url);
const REDOCLY = require.resolve('@redocly/cli/bin/cli.js');

let folder: string;
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'shop-checkers-'));
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Each page as `origin` serves it, saved; its status and Content-Type checked on the way. */
async function saveServed(origin: string, server: string, request: import('@playwright/test').APIRequestContext) {
  const files: string[] = [];
  for (const [name, path] of Object.entries(PAGES)) {
    const response = await request.get(`${origin}${path}`);
    expect(response.status(), `${server} ${path}`).toBe(name === 'not-found' ? 404 : 200);
    expect(response.headers()['content-type'], `${server} ${path}`).toBe('text/html; charset=utf-8');
    const file = join(folder, `${server}.${name}.served.html`);
    writeFileSync(file, await response.body());
    files.push(file);
  }
  return files;
}

/**
 * Each page as the browser holds it once its scripts ran (islands awake), saved in the light theme, then in
 * the dark one, chosen in the page's own theme menu.
 */
async function saveInBrowser(browser: Browser, origin: string, server: string) {
  const context = await browser.newContext({ locale: 'he-IL', colorScheme: 'light' });
  // Clerk's browser code (sign-in, sign-up) asks its Frontend API: refused here, the page stays the shop's own.
  await context.route(`https://${FRONTEND_API_HOST}/**`, (route) => route.abort());
  await context.addInitScript(() => {
    localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: 'light' }, version: 0 }));
  });
  const page = await context.newPage();
  const files: string[] = [];
  const save = async (name: string, theme: string) => {
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const file = join(folder, `${server}.${name}.${theme}.html`);
    writeFileSync(file, await page.content());
    files.push(file);
  };
  for (const [name, path] of Object.entries(PAGES)) {
    await page.goto(`${origin}${path}`);
    // Every island awake, and the header's scripts (loaded after the first paint) have run.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('astro-island[ssr]').length === 0 &&
        document.querySelector('#header-search-input')?.getAttribute('role') === 'combobox',
    );
    await save(name, 'light');
    await page.getByRole('button', { name: 'ערכת צבעים' }).click();
    await page.getByRole('radio', { name: /^כהה/ }).check();
    await page.keyboard.press('Escape');
    await save(name, 'dark');
  }
  await context.close();
  return files;
}

test('vnu and html-validate find nothing on any kind of page, as served and in the browser, both themes, with Clerk keys and without, and on the static build', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const skip = vnuUnavailable();
  test.skip(skip !== undefined, skip);
  const servers = [
    ['without-clerk', baseURL!],
    ['with-clerk', CLERK_BASE_URL],
  ] as const;
  const files = (
    await Promise.all([
      ...servers.flatMap(([server, origin]) => [
        saveServed(origin, server, request),
        saveInBrowser(browser, origin, server),
      ]),
      // The static build's files, as its host serves them (the same pages, built once for every visitor).
      saveServed(STATIC_BASE_URL, 'static', request),
    ])
  ).flat();
  // Each page three times per Node server (as served, light, dark), once from the static host.
  expect(files).toHaveLength(Object.keys(PAGES).length * (servers.length * 3 + 1));
  const [vnu, htmlValidate] = await Promise.all([
    vnuErrors(files),
    htmlValidateFindings(files, (file) => !file.endsWith('.served.html')),
  ]);
  expect.soft(vnu, `vnu:\n${vnu.join('\n')}`).toEqual([]);
  expect.soft(htmlValidate, `html-validate:\n${htmlValidate.join('\n')}`).toEqual([]);
});

test('the edge’s own error pages are UTF-8 HTML too', async ({ request }) => {
  const tooLong = await request.get(`/products?query=${'א'.repeat(3000)}`);
  expect(tooLong.status()).toBe(414);
  expect(tooLong.headers()['content-type']).toBe('text/html; charset=utf-8');
  const refused = await request.fetch('/about', { method: 'DELETE' });
  expect(refused.status()).toBe(405);
  expect(refused.headers()['content-type']).toBe('text/html; charset=utf-8');
});

test('redocly lint passes the served /api/openapi.json with its recommended rules: no error, no warning', async ({
  request,
}) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const file = join(folder, 'openapi.json');
  writeFileSync(file, await response.body());
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', 'redocly.yaml', '--format', 'json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      // It exits 1 when it finds an error: the report says which.
      (error, output) => (output ? resolve(output) : reject(error ?? new Error('redocly printed nothing'))),
    );
  });
  const report = JSON.parse(stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  const problems = report.problems.map(
    (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
  );
  expect(problems, problems.join('\n')).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});
