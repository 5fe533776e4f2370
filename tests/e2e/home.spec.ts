/**
 * The home page: the scroll-animated showcase (15 tiles in three rows of five, unique
 * ids, links, description on hover and on focus, drift on scroll, none with reduced
 * motion), the two buttons, and no categories request (the server's data seeds the cache).
 */
import { expect, test, type Page } from '@playwright/test';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

const tiles = (page: Page) => page.getByTestId('showcase-tile');
const rows = (page: Page) => page.getByTestId('showcase-row');

/** The horizontal translation of an element's transform, 0 for none. */
const translateX = (page: Page, index: number) =>
  rows(page)
    .nth(index)
    .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m41);

test('the home page shows the seeded categories, right to left', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  for (const category of seedCatalogue) {
    await expect(page.getByRole('link', { name: category.name }).first()).toBeVisible();
  }
  await expect(page).toHaveTitle(/חנות התיפלצים/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /חיות דמיוניות/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('15 tiles in three rows of five, the list repeated with unique ids, each linking to its category', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html.match(/data-testid="showcase-tile"/g)).toHaveLength(15);

  await page.goto('/');
  await expect(rows(page)).toHaveCount(3);
  for (let row = 0; row < 3; row += 1) await expect(rows(page).nth(row).getByTestId('showcase-tile')).toHaveCount(5);
  await expect(tiles(page)).toHaveCount(15);

  const ids = await tiles(page).evaluateAll((elements) => elements.map((element) => element.id));
  expect(new Set(ids).size).toBe(15);
  expect(ids.every((id) => id.startsWith('showcase-'))).toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll('[id]').length)).toBe(
    await page.evaluate(() => new Set([...document.querySelectorAll('[id]')].map((element) => element.id)).size),
  );

  const expected = [...seedCatalogue, ...seedCatalogue, ...seedCatalogue].slice(0, 15);
  const hrefs = await tiles(page)
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(expected.map((category) => `/categories/${category.slug}`));
  for (const [index, category] of expected.entries()) {
    await expect(tiles(page).nth(index)).toContainText(category.name);
    const picture = tiles(page).nth(index).locator('img');
    await expect(picture).toHaveAttribute('src', `/art/categories/${category.slug}.svg`);
    await expect(picture).toHaveAttribute('width', '480');
    await expect(picture).toHaveAttribute('height', '360');
  }

  // The first row's tiles sit side by side on one line, right to left.
  const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (index) => (await tiles(page).nth(index).boundingBox())!));
  expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
  expect(boxes.map((box) => box.x)).toEqual([...boxes.map((box) => box.x)].sort((a, b) => b - a));

  await tiles(page).nth(2).locator('a').click();
  await expect(page).toHaveURL(`/categories/${expected[2]!.slug}`);
});

test('a tile shows its one-line description on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/');
  await islandsHydrated(page);
  const first = tiles(page).nth(0);
  const description = first.getByTestId('showcase-description');
  await expect(description).toHaveText(seedCatalogue[0]!.description);
  await expect(description).toHaveCSS('opacity', '0');
  await first.hover();
  await expect(description).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(description).toHaveCSS('opacity', '0');
  // One line: the description does not wrap.
  const height = await description.evaluate((element) => element.getBoundingClientRect().height);
  const lineHeight = await description.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect(height).toBeLessThan(lineHeight * 2);

  // Keyboard: Tab until the first tile's link has focus.
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await first.locator('a').evaluate((link) => link === document.activeElement)) break;
  }
  await expect(first.locator('a')).toBeFocused();
  await expect(description).toHaveCSS('opacity', '1');
  await page.keyboard.press('Tab');
  await expect(tiles(page).nth(1).getByTestId('showcase-description')).toHaveCSS('opacity', '1');
  await expect(description).toHaveCSS('opacity', '0');
});

test('the buttons go to all products and all categories', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'לכל התיפלצים' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'כל התיפלצים' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'לכל הקטגוריות' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'קטגוריות' })).toBeVisible();
});

test('makes no categories request: the server-rendered list seeds the cache', async ({ page }) => {
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await islandsHydrated(page);
  await page.mouse.wheel(0, 600);
  await page.waitForLoadState('networkidle');
  expect(apiRequests).toEqual([]);
});

test('the rows drift sideways, in alternate directions, as the page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await islandsHydrated(page);
  expect(await translateX(page, 0)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => translateX(page, 0)).toBeLessThan(-5);
  const [first, second, third] = [await translateX(page, 0), await translateX(page, 1), await translateX(page, 2)];
  expect(second).toBeGreaterThan(5);
  expect(third).toBeCloseTo(first, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => translateX(page, 0)).toBe(0);
  // The drift never makes the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test('prefers-reduced-motion keeps the rows still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await islandsHydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 0);
  // Two animation frames: where motion runs, the scroll has written a transform by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (let row = 0; row < 3; row += 1) {
    // The island itself writes no transform (the motion-reduce class alone would hide a moving row).
    expect(
      await rows(page)
        .nth(row)
        .evaluate((element) => element.style.transform),
    ).toBe('');
    await expect(rows(page).nth(row)).toHaveCSS('transform', 'none');
  }
});

test('on a phone the rows scroll sideways inside the showcase, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await islandsHydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // A tile out of view is reachable: focusing it scrolls its row.
  const last = rows(page).nth(0).getByTestId('showcase-tile').nth(4).locator('a');
  await last.focus();
  await expect(last).toBeInViewport();
});
