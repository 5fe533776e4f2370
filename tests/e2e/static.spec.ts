/**
 * The static build (npm run build:static) on a plain static file server (fixtures/static-site.ts):
 * every route answers, the search runs in the browser over the prebuilt index with Hebrew folding,
 * sort and paging, the category and animal pages, contact's no-API notice with its mailto: link,
 * 404.html, robots.txt, the sitemaps and a preview picture (built with PUBLIC_SITE_URL), the theme
 * with no flash, axe, and a look at the files: no server code, no database, no secret.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';
import { holdScripts } from '../helpers/hold-scripts.ts';
import { KB, measureInFreshContext } from '../../scripts/page-weight.ts';
import { headTags } from '../helpers/head-tags.ts';
import { CANARY_SECRET, STATIC_BASE_URL, STATIC_CONTACT_EMAIL, staticBuildLog } from './fixtures/static-site.ts';
import { builtPieces, piecesRead, searchFor, watchIndex } from './fixtures/static-index.ts';

test.use({ baseURL: STATIC_BASE_URL });

const category = seedCatalogue[0]!;
const animal = category.animals[0]!;
const animalCount = seedCatalogue.reduce((sum, each) => sum + each.animals.length, 0);

/** Every file of dist-static/, as this run's build left it. */
function builtFiles(): string[] {
  return readdirSync(new URL('../../dist-static/', import.meta.url).pathname, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('every route answers from plain files, and anything else is 404.html', async ({ request }) => {
  const routes = [
    '/',
    '/categories',
    `/categories/${category.slug}`,
    '/products',
    `/products/${stableId('animal', animal.slug)}`,
    '/about',
    '/accessibility',
    '/contact',
    '/sign-in',
    '/sign-up',
  ];
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).toContain('<html lang="he" dir="rtl">');
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('אופס! העמוד לא נמצא');
});

test('the home showcase, a category and an animal render from the build', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('showcase-tile')).toHaveCount(15);
  await expect(page.getByTestId('showcase-tile').first()).toContainText(category.name);
  await page.goto(`/categories/${category.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  await expect(page.getByTestId('animal-card')).toHaveCount(Math.min(category.animals.length, 24));
  await page.getByTestId('animal-card').filter({ hasText: animal.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: animal.name })).toBeVisible();
  // An animal in stock: its purchase dialog works without a server.
  await page.goto(`/products/${stableId('animal', 'rainbow-owl')}`);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'קנה עכשיו' }).click();
  await expect(page.getByRole('dialog', { name: 'השלמת הרכישה' })).toBeVisible();
});

test('/products searches in the browser: the URL, niqqud and final letters, sort, load more', async ({ page }) => {
  await page.goto('/products?query=%D7%93%D6%B0%D6%BC%D7%A8%D6%B8%D7%A7%D7%95%D6%B9%D7%9F'); // דְּרָקוֹן
  await islandsHydrated(page);
  const search = page.locator('#animal-search');
  await expect(search).toHaveValue('דְּרָקוֹן');
  const count = page.getByTestId('result-count');
  await expect(page.getByTestId('animal-results')).toContainText('דרקון');
  // The list may already show animals while the browser search is still running: wait for its count.
  await expect(count).toHaveText(/^נמצא/);
  const withNiqqud = await count.textContent();
  // The final letter typed as a regular one finds the same animals (after the debounce).
  await search.fill('דרקונ');
  await expect(page).toHaveURL(/query=%D7%93%D7%A8%D7%A7%D7%95%D7%A0(&|$)/);
  await expect(count).toHaveText(withNiqqud ?? '');
  await page.locator('#animal-sort').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  const prices = await page.getByTestId('animal-card-price').allTextContents();
  const numbers = prices.map((text) => Number(text.replace(/[^\d.]/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

  await page.goto('/products');
  await islandsHydrated(page);
  await expect(page.getByTestId('animal-card')).toHaveCount(24);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('animal-card')).toHaveCount(48);
  await expect(page.getByTestId('list-count')).toContainText(String(animalCount));
  await page.goto('/products?query=zzz-nothing');
  await expect(page.getByTestId('no-match')).toBeVisible();
});

test('a search address: the plain list stands in, dimmed and uncounted, until the answer replaces it without a shift', async ({
  page,
}) => {
  // A phone's width, as Lighthouse loads it: one column, the search's first cards below the fold in the plain list.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const scripts = await holdScripts(page);
  await page.goto(`/products?query=${encodeURIComponent('קטן')}`, { waitUntil: 'commit' });
  const results = page.getByTestId('animal-results');
  const count = page.getByTestId('result-count');
  const names = () => page.getByTestId('animal-card').getByRole('heading').allTextContents();
  // Before any script of ours runs: the plain list, shown as a list that is loading.
  await expect(page.getByTestId('animal-card')).toHaveCount(24);
  await expect(results).toHaveCSS('opacity', '0.5');
  await expect(count).toBeHidden();
  const standIn = await names();

  await scripts.release();
  await islandsHydrated(page);
  await expect(count).toHaveText(/^נמצאו \d+ תיפלצים$/);
  await expect(results).toHaveCSS('opacity', '1');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const answer = await names();
  const answerCount = await count.textContent();
  expect(answer).not.toEqual(standIn);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => resolve((window as unknown as { shifts: { total: number } }).shifts.total), 300),
        ),
      ),
  );
  expect(shift).toBeLessThanOrEqual(0.02);

  // The answer is the search's, as typed on the plain list.
  await page.goto('/products');
  await islandsHydrated(page);
  await expect(count).toBeVisible();
  await expect(results).toHaveCSS('opacity', '1');
  await page.locator('#animal-search').fill('קטן');
  await page.locator('#animal-search').press('Enter');
  await expect(page).toHaveURL(/query=/);
  await expect(count).toHaveText(answerCount ?? '');
  // The plain list's cards leave with their animation.
  await expect.poll(names).toEqual(answer);
});

test('/products stays in its JavaScript budget; the first search fetches the manifest and only the pieces it reads', async ({
  browser,
  page,
}) => {
  const weight = await measureInFreshContext(browser, `${STATIC_BASE_URL}/products`);
  expect(weight.gzip).toBeLessThan(110 * KB);
  for (const route of ['/categories', `/categories/${category.slug}`, '/about']) {
    expect((await measureInFreshContext(browser, `${STATIC_BASE_URL}${route}`)).gzip, route).toBeLessThan(10 * KB);
  }
  const fetched = watchIndex(page);
  await page.goto('/products');
  await islandsHydrated(page);
  await page.waitForLoadState('networkidle');
  expect(fetched.names).toEqual([]);
  await searchFor(page, 'קטן');
  // The index's code loads first (its own chunk), then the manifest, then the pieces, a few rounds deep.
  const expected = await piecesRead((catalogue) =>
    catalogue.search({ search: 'קטן', sort: 'name', limit: 24, page: 1 }),
  );
  await expect.poll(() => fetched.names.length).toBe(expected.length + 1);
  await page.waitForLoadState('networkidle');
  expect(fetched.names.toSorted()).toEqual(['manifest', ...expected].toSorted());
  const built = builtPieces();
  expect(expected.length).toBeLessThan(built.size);
  // The bytes that came are those files' (gzip as written, sent as they are), nothing more.
  expect(await fetched.bytes()).toBe(expected.reduce((sum, name) => sum + built.get(name)!, 0));
  expect(await fetched.manifestBytes()).toBeGreaterThan(0);
});

test('a second search fetches only what it lacks; offline, a search over pieces already here still answers', async ({
  page,
  context,
}) => {
  const fetched = watchIndex(page);
  await page.goto('/products');
  await islandsHydrated(page);
  await searchFor(page, 'דרקון');
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^נמצאו \d+ תיפלצים$/);
  const first = [...fetched.names];
  const second = await piecesRead(
    (catalogue) => catalogue.search({ search: 'דרקון', sort: 'name', limit: 24, page: 1 }),
    (catalogue) => catalogue.search({ search: 'שועלים', sort: 'name', limit: 24, page: 1 }),
  );
  // Words from another part of the alphabet: some pieces are new, some the first search brought.
  expect(second.length).toBeGreaterThan(0);
  await searchFor(page, 'שועלים');
  await expect(count).toHaveText(/^נמצאו \d+ תיפלצים$/);
  await page.waitForLoadState('networkidle');
  expect(fetched.names.slice(first.length).toSorted()).toEqual(second.toSorted());
  expect(new Set(fetched.names).size).toBe(fetched.names.length);

  // Offline: the first search again, by price — a new answer, from the pieces already here.
  await context.setOffline(true);
  const before = fetched.names.length;
  await page.locator('#animal-sort').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  await expect(count).toHaveText(/^נמצאו \d+ תיפלצים$/);
  // The count is the same for either order: wait for the cards of the new one.
  const prices = async () =>
    (await page.getByTestId('animal-card-price').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
  await expect
    .poll(async () => {
      const numbers = await prices();
      return numbers.length > 1 && numbers.every((price, index) => index === 0 || numbers[index - 1]! <= price);
    })
    .toBe(true);
  expect(fetched.names.length).toBe(before);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.setOffline(false);
});

test('a piece that does not come shows the error box, not an answer; the search answers once it comes', async ({
  page,
}) => {
  const words = await piecesRead((catalogue) =>
    catalogue.search({ search: 'ינשוף', sort: 'name', limit: 24, page: 1 }),
  );
  const failing = words.find((name) => name.startsWith('words/'))!;
  let fail = true;
  await page.route(`**/search/*/${failing}.bin`, (route) =>
    fail ? route.abort('connectionfailed') : route.continue(),
  );
  await page.goto('/products');
  await islandsHydrated(page);
  await searchFor(page, 'ינשוף');
  await expect(page.getByRole('alert')).toContainText('שגיאה');
  await expect(page.getByTestId('animal-card')).toHaveCount(0);
  fail = false;
  await searchFor(page, 'ינשופים');
  await expect(page.getByTestId('result-count')).toHaveText(/^נמצאו \d+ תיפלצים$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the header suggests from the index without an API: keyboard to an animal, layout corrected, no request to /api', async ({
  page,
}) => {
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  await page.goto('/about');
  const field = page.getByRole('banner').getByRole('combobox', { name: 'חיפוש תיפלצים' });
  const list = page.getByRole('listbox', { name: 'הצעות חיפוש' });
  await field.focus();
  await page.keyboard.type('דרקו');
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('דרקו');
  await page.keyboard.press('ArrowDown');
  const chosen = (await options.nth(0).locator('span').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/[0-9a-f]+\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
  // Typed with the keyboard still in English: the same suggestions as the server would give.
  await page.getByRole('banner').getByRole('combobox', { name: 'חיפוש תיפלצים' }).fill('sreu');
  await expect(page.getByRole('listbox', { name: 'הצעות חיפוש' }).getByRole('option').first()).toContainText('דרקו');
  expect(apiRequests).toEqual([]);
});

test('contact: the no-API notice before typing, a mailto: with the text, nothing lost', async ({ page }) => {
  await page.goto('/contact');
  const notice = page.getByTestId('contact-offline');
  await expect(notice).toContainText('אי אפשר לשלוח הודעות');
  await islandsHydrated(page);
  await page.getByLabel('נושא').fill('שאלה על דרקון');
  await page.getByLabel('הודעה').fill('כמה עולה דרקון אצבעון?');
  const link = notice.getByRole('link', { name: STATIC_CONTACT_EMAIL });
  await expect(link).toHaveAttribute(
    'href',
    `mailto:${STATIC_CONTACT_EMAIL}?subject=${encodeURIComponent('שאלה על דרקון')}&body=${encodeURIComponent('כמה עולה דרקון אצבעון?')}`,
  );
  await page.reload();
  await expect(page.getByLabel('הודעה')).toHaveValue('כמה עולה דרקון אצבעון?');
});

test('sign-in without a key shows the same notice as the Node server', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByTestId('clerk-variables')).toBeVisible();
});

test('the theme applies before the first paint', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: 'dark' }, version: 0 })),
  );
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveClass(/dark/);
});

for (const route of ['/products?query=%D7%A7%D7%98%D7%9F', '/contact']) {
  test(`axe finds nothing on ${route}`, async ({ page }) => {
    await page.goto(route);
    await islandsHydrated(page);
    // On a static host the list runs the URL's search in the browser: check the page once its results
    // show, not while the previous cards are dimmed (a state axe would rightly find too faint).
    if (route.startsWith('/products')) {
      // The browser's own search has answered (until then the plain list stands in, dimmed).
      await expect(page.getByTestId('result-count')).toHaveText(/^נמצא/);
      await expect(page.getByTestId('animal-results')).toHaveCSS('opacity', '1');
    }
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.locator('.opacity-50')).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}

test("robots.txt and the sitemaps name the public address; an animal's preview picture is an 800×420 PNG", async ({
  page,
  request,
}) => {
  const site = (path: string) => `${STATIC_BASE_URL}${path}`;
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(new RegExp(`^Disallow: /api/$[^]*^Sitemap: ${site('/sitemap.xml')}$`, 'm'));
  // Parsed as XML by the browser: a syntax error is a <parsererror> document.
  const locs = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return page.evaluate(
      (xml) => {
        const document = new DOMParser().parseFromString(xml, 'application/xml');
        if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`not XML: ${xml.slice(0, 200)}`);
        return [...document.getElementsByTagName('loc')].map((loc) => loc.textContent);
      },
      await response.text(),
    );
  };
  expect(await locs('/sitemap.xml')).toEqual([site('/sitemaps/pages.xml'), site('/sitemaps/animals-1.xml')]);
  const pages = await locs('/sitemaps/pages.xml');
  expect(pages).toEqual(
    expect.arrayContaining([
      site('/'),
      site('/products'),
      ...seedCatalogue.map((each) => site(`/categories/${each.slug}`)),
    ]),
  );
  const animalUrls = await locs('/sitemaps/animals-1.xml');
  expect(animalUrls).toHaveLength(animalCount);
  const animalUrl = site(`/products/${stableId('animal', animal.slug)}`);
  expect(animalUrls).toContain(animalUrl);
  for (const url of [...pages, animalUrl]) expect((await request.get(url)).status(), url).toBe(200);

  // The picture the animal's page names in og:image.
  await page.goto(animalUrl);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toBe(site(`/previews/animals/${stableId('animal', animal.slug)}.png`));
  const picture = await request.get(image!);
  expect(picture.headers()['content-type']).toBe('image/png');
  const png = await picture.body();
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([800, 420]);
});

test('/contact has the head every page has: canonical, og:url, og:image and twitter:image on the public address', async ({
  page,
}) => {
  await page.goto('/about');
  const about = await headTags(page);
  await page.goto('/contact');
  const contact = await headTags(page);
  expect(Object.keys(contact).sort()).toEqual(Object.keys(about).sort());
  expect([contact['canonical'], contact['og:url']]).toEqual([
    `${STATIC_BASE_URL}/contact`,
    `${STATIC_BASE_URL}/contact`,
  ]);
  expect([contact['og:image'], contact['twitter:image']]).toEqual([
    `${STATIC_BASE_URL}/previews/shop.png`,
    `${STATIC_BASE_URL}/previews/shop.png`,
  ]);
});

test('the build printed no warning', () => {
  const log = staticBuildLog(process.env.SHOP_E2E_FOLDER ?? '');
  test.skip(
    !existsSync(log) && !process.env.CI,
    'the static site was served by a server already running: its build is not this run’s',
  );
  const lines = readFileSync(log, 'utf8').split('\n');
  expect(lines.some((line) => line.includes('generating static routes'))).toBe(true);
  expect(lines.filter((line) => /\[WARN\]|\bwarn(?:ing)?\b|\(!\)/i.test(line))).toEqual([]);
});

test('the build reports its files and bytes truly and that it fits every host', () => {
  const log = staticBuildLog(process.env.SHOP_E2E_FOLDER ?? '');
  test.skip(
    !existsSync(log) && !process.env.CI,
    'the static site was served by a server already running: its build is not this run’s',
  );
  const report = stripVTControlCharacters(readFileSync(log, 'utf8'))
    .split('\n')
    .filter((line) => line.includes('[shop:fit-report] '))
    .map((line) => line.slice(line.indexOf('[shop:fit-report] ') + '[shop:fit-report] '.length));
  const sizes = builtFiles().map((path) => statSync(path).size);
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  expect(report[0]).toContain(`${sizes.length.toLocaleString('en-US')} files, `);
  expect(report[0]).toContain(`(${bytes.toLocaleString('en-US')} bytes); largest: `);
  expect(report.slice(1)).toEqual([
    'GitHub Pages: fits',
    'Cloudflare Pages (free): fits',
    'Cloudflare Pages (paid): fits',
    'GitLab Pages: fits',
  ]);
});

/** An animal page's HTML on disk, with its similar animals, recently viewed and the favourites' heart (docs/performance/static-build.md). */
const ANIMAL_PAGE_BUDGET = 12 * 1024;

test('light on disk: every animal page within its budget of HTML, every preview at most 25 KB', () => {
  const files = builtFiles();
  const animalPages = files.filter((path) => /\/products\/[0-9a-f]{24}\/index\.html$/.test(path));
  const previews = files.filter((path) => /\/previews\/.*\.png$/.test(path));
  expect(animalPages).toHaveLength(animalCount);
  expect(previews).toHaveLength(animalCount + seedCatalogue.length + 1);
  const over = (paths: string[], limit: number) =>
    paths.map((path) => [path, statSync(path).size] as const).filter(([, size]) => size > limit);
  expect(over(animalPages, ANIMAL_PAGE_BUDGET)).toEqual([]);
  expect(over(previews, 25 * 1024)).toEqual([]);
});

test('/about shows the copy the database held when the site was built, not the seed files', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('על התיפלצים שלנו, כפי שהמסד שמר');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['הצוות שלנו']);
  await expect(page.getByTestId('team-member')).toHaveCount(1);
});

test('dist-static/ holds no server code, no database file and no secret', () => {
  const files = builtFiles();
  expect(files.length).toBeGreaterThan(60);
  expect(
    files.filter(
      (file) => /\.(db|sqlite3?|db-wal|db-shm|mjs|cjs|node)$/.test(file) || /\/(server|chunks)\//.test(file),
    ),
  ).toEqual([]);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    expect(text.startsWith('SQLite format 3'), file).toBe(false);
    for (const secret of [CANARY_SECRET, 'postgres://', 'shop-e2e-', 'better-sqlite3', 'createCatalogue', 'kysely']) {
      expect(text.includes(secret), `${file} contains ${secret}`).toBe(false);
    }
  }
});
