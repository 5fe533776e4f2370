/**
 * First paint (docs/decisions/first-paint.md): on every list the first row of cards loads its pictures at once and the rest
 * lazily, at every width of the grid; the page's one leading picture (an animal's picture, a category's
 * hero, else the list's first card) is fetched with high priority; nothing shifts while the page loads;
 * and the stylesheet is inline (no render-blocking request), allowed by the page's CSP.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { GRID_COLUMNS } from '../helpers/grid.ts';

interface Picture {
  loading: string | null;
  priority: string | null;
  top: number;
}

/** Each picture's loading, fetchpriority and top edge (in document coordinates), in page order. */
function pictures(images: Locator): Promise<Picture[]> {
  return images.evaluateAll((elements) =>
    elements.map((element) => ({
      loading: element.getAttribute('loading'),
      priority: element.getAttribute('fetchpriority'),
      top: Math.round(element.getBoundingClientRect().top + window.scrollY),
    })),
  );
}

/** Sums the layout shifts of the page's load (those without recent input), as CLS counts them. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Pictures decoded and fonts swapped by then; the observer has delivered the buffered entries.
        void document.fonts.ready.then(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 300)));
      }),
  );
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('load');
}

const cardPictures = (page: Page, list: string) => page.getByTestId(list).locator('li img');

const LISTS = [
  { path: '/categories', list: 'category-list' },
  { path: '/products', list: 'animal-results' },
  { path: `/products?query=${encodeURIComponent('של')}`, list: 'animal-results' },
] as const;

for (const { path, list } of LISTS) {
  test(`${path}: the first row loads its pictures at once, the first with high priority, the rest lazily`, async ({
    page,
  }) => {
    for (const [width] of GRID_COLUMNS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      const shown = await pictures(cardPictures(page, list));
      expect(shown.length, `${width}px: more cards than one row`).toBeGreaterThan(3);
      const firstRow = shown.filter((picture) => picture.top === shown[0]!.top);
      for (const picture of firstRow) expect(picture.loading, `${width}px: first row`).toBe('eager');
      expect(shown[0]!.priority, `${width}px`).toBe('high');
      expect(shown.slice(1).every((picture) => picture.priority === null)).toBe(true);
      // The widest row holds 3 cards: every card after it waits until it nears the viewport.
      for (const picture of shown.slice(3)) expect(picture.loading, `${width}px: after the first row`).toBe('lazy');
      expect(await layoutShift(page), `${width}px: layout shift`).toBeLessThanOrEqual(0.02);
    }
  });
}

test('a category: its hero leads, the first row of its animals loads at once, the rest lazily', async ({ page }) => {
  for (const [width] of GRID_COLUMNS) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/categories/fire-creatures');
    const hero = page.getByTestId('category-hero').locator('img');
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    const shown = await pictures(cardPictures(page, 'animal-grid'));
    expect(shown.length).toBeGreaterThan(3);
    for (const picture of shown.filter((picture) => picture.top === shown[0]!.top))
      expect(picture.loading, `${width}px: first row`).toBe('eager');
    for (const picture of shown.slice(3)) expect(picture.loading, `${width}px: after the first row`).toBe('lazy');
    // One leading picture a page: the hero, not the first card as well.
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    expect(await layoutShift(page), `${width}px: layout shift`).toBeLessThanOrEqual(0.02);
  }
});

test('home: the showcase’s first row loads at once, the first tile with high priority, the rows below lazily', async ({
  page,
}) => {
  await open(page, '/');
  const rows = page.getByTestId('showcase-row');
  await expect(rows).toHaveCount(3);
  const first = await pictures(rows.nth(0).locator('img'));
  expect(first.map((picture) => picture.loading)).toEqual(['eager', 'eager', 'eager', 'eager', 'eager']);
  expect(first.map((picture) => picture.priority)).toEqual(['high', null, null, null, null]);
  for (const row of [1, 2])
    for (const picture of await pictures(rows.nth(row).locator('img'))) expect(picture.loading).toBe('lazy');
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('an animal: its picture loads at once with high priority, and the page does not shift', async ({
  page,
  request,
}) => {
  const { animals } = (await (await request.get('/api/animals/search?limit=1')).json()) as {
    animals: { _id: string }[];
  };
  for (const [width] of GRID_COLUMNS) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `/products/${animals[0]!._id}`);
    const picture = page.getByTestId('animal-picture').locator('img');
    await expect(picture).toHaveAttribute('loading', 'eager');
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(await layoutShift(page), `${width}px: layout shift`).toBeLessThanOrEqual(0.02);
  }
});

test('the stylesheet is inline: no render-blocking stylesheet request, and the CSP allows it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  for (const path of ['/', '/products', '/about']) {
    await open(page, path);
    // Styled by the inline sheet: the shop's font, not the browser's default.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toContain('Heebo');
  }
  expect(stylesheets).toEqual([]);
  expect(violations).toEqual([]);
});
