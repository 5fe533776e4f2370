/**
 * First paint (docs/decisions/0012-first-paint-pictures-and-stylesheet.md): on every list the first row of cards loads its pictures at once and the rest
 * lazily, at every width of the grid; the page's one leading picture (an animal's picture, a category's
 * hero, else the list's first card) is fetched with high priority; nothing shifts while the page loads;
 * the stylesheet is one hashed file that a later page takes from the cache, allowed by the page's CSP; fonts that arrive
 * after the first paint do not paint the text again; without JavaScript the LCP element is there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedAnimal } from '../helpers/catalogue.ts';
import { GRID_COLUMNS } from '../helpers/grid.ts';
import { layoutShift } from '../helpers/layout-shift.ts';

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
    const picture = page.getByRole('article').locator('figure img');
    await expect(picture).toHaveAttribute('loading', 'eager');
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(await layoutShift(page), `${width}px: layout shift`).toBeLessThanOrEqual(0.02);
  }
});

test("the header's behaviours are fetched after the first paint, and then work", async ({ page, request }) => {
  const { animals } = (await (await request.get('/api/animals/search?limit=1')).json()) as {
    animals: { _id: string }[];
  };
  for (const path of ['/', '/products', `/products/${animals[0]!._id}`, '/about']) {
    await open(page, path);
    const frameModules = /\/_astro\/(?:header-search|side-panel|theme-switch)\.[^/]*\.js$/;
    await expect
      .poll(() =>
        page.evaluate(
          (pattern) =>
            performance.getEntriesByType('resource').filter((entry) => new RegExp(pattern).test(entry.name)).length,
          frameModules.source,
        ),
      )
      .toBe(3);
    const { firstPaint, fetched } = await page.evaluate((pattern) => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN;
      return {
        firstPaint: paint,
        fetched: performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(pattern).test(entry.name))
          .map((entry) => ({ name: entry.name.replace(/^.*\//, ''), start: entry.startTime })),
      };
    }, frameModules.source);
    expect(firstPaint, path).toBeGreaterThan(0);
    for (const { name, start } of fetched) expect(start, `${path}: ${name}`).toBeGreaterThanOrEqual(firstPaint);
  }
  // Started late, they still run: the side panel's script closes the panel when the screen grows wide.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/about');
  await page.locator('#side-panel-toggle').click();
  const panel = page.locator('#side-panel');
  await expect(panel).toHaveJSProperty('open', true);
  await page.setViewportSize({ width: 1280, height: 823 });
  await expect(panel).toHaveJSProperty('open', false);
});

test('the stylesheet is one cached file: every page links the same one, the next page takes it from the cache, the CSP allows it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const fetched: { url: string; cacheControl: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'stylesheet')
      fetched.push({ url: response.url(), cacheControl: (await response.allHeaders())['cache-control'] ?? '' });
  });
  const linked: string[] = [];
  for (const [index, path] of ['/', '/products', '/about'].entries()) {
    await open(page, path);
    const hrefs = await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(hrefs, path).toHaveLength(1);
    linked.push(hrefs[0]!);
    // Styled by it: the shop's font, not the browser's default. Inline, at most Astro's one-line island rule.
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toContain('Heebo');
    const inline = await page.locator('style').evaluateAll((styles) => styles.map((style) => style.textContent ?? ''));
    expect(inline.filter((text) => text.length > 100)).toEqual([]);
    // The first page fetched it; every later one reads it from the browser's cache (nothing transferred).
    const transferred = await page.evaluate(
      (href) => (performance.getEntriesByName(href)[0] as PerformanceResourceTiming | undefined)?.transferSize,
      hrefs[0]!,
    );
    if (index === 0) expect(transferred, path).toBeGreaterThan(0);
    else expect(transferred, path).toBe(0);
  }
  expect(new Set(linked).size).toBe(1);
  expect(linked[0]).toMatch(/\/_astro\/[^/]+\.css$/);
  // The browser asks for no other stylesheet (a page taken from the cache may or may not be reported here).
  expect([...new Set(fetched.map(({ url }) => url))]).toEqual([linked[0]]);
  expect(fetched[0]!.cacheControl).toContain('immutable');
  expect(violations).toEqual([]);
});

test('the script that runs before the first paint is one cached file: the theme and the hearts come from it, the next page takes it from the cache', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'light' });
  // The shop's origin without a page of it, so the first page below is the first to fetch the file.
  await page.goto('/robots.txt');
  await page.evaluate((id) => {
    localStorage.setItem('theme-storage', '{"state":{"theme":"dark"},"version":0}');
    localStorage.setItem('favourites', JSON.stringify([id]));
  }, seedAnimal('rainbow-owl').id);
  const linked: string[] = [];
  for (const [index, path] of ['/', '/products', '/about'].entries()) {
    await open(page, path);
    // No inline script of ours: the one in <head> is a file, and it did its work before anything painted.
    const head = await page
      .locator('head script:not([type])')
      .evaluateAll((scripts) =>
        scripts.map((script) => ({ src: (script as HTMLScriptElement).src, inline: script.textContent?.length ?? 0 })),
      );
    expect(head, path).toEqual([{ src: expect.stringMatching(/\/boot\/[0-9a-f]{16}\.js$/), inline: 0 }]);
    linked.push(head[0]!.src);
    await expect(page.locator('html'), path).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.locator('[data-favourites-count]').first(), path).toHaveText('1');
    const transferred = await page.evaluate(
      (src) => (performance.getEntriesByName(src)[0] as PerformanceResourceTiming | undefined)?.transferSize,
      head[0]!.src,
    );
    if (index === 0) expect(transferred, path).toBeGreaterThan(0);
    else expect(transferred, path).toBe(0);
  }
  expect(new Set(linked).size).toBe(1);
  const file = await request.get(linked[0]!);
  expect(file.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(violations).toEqual([]);
});

/** Holds every font file until `release()`: the fonts arrive only after the page has painted. */
async function holdFonts(page: Page): Promise<{ release: () => void; fetched: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetched: string[] = [];
  await page.route(/\.woff2$/, async (route) => {
    fetched.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, fetched };
}

/** The page's LCP candidates so far: when each was painted and whether it is text (no url). */
function lcpEntries(page: Page): Promise<{ time: number; text: boolean; tag: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            (list.getEntries() as (PerformanceEntry & { url: string; element: Element | null })[]).map((entry) => ({
              time: entry.startTime,
              text: entry.url === '',
              tag: entry.element?.tagName ?? '',
            })),
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** The width of every line of text on the first screen: text drawn in another font changes them. */
function textWidths(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const widths: number[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.top < innerHeight) widths.push(Math.round(box.width * 10) / 10);
    }
    return widths;
  });
}

test.describe('fonts that arrive late', () => {
  for (const path of ['/', '/products', '/about']) {
    test(`${path}: the text is painted once, in the font it first had`, async ({ page }) => {
      const fonts = await holdFonts(page);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const painted = await lcpEntries(page);
      expect(painted.length).toBeGreaterThan(0);
      const before = await textWidths(page);
      const releasedAt = await page.evaluate(() => performance.now());
      fonts.release();
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(fonts.fetched.length, 'the first screen’s fonts are requested').toBeGreaterThan(0);
      const later = (await lcpEntries(page)).filter((entry) => entry.text && entry.time > releasedAt);
      expect(later, 'no text became the LCP again after the fonts arrived').toEqual([]);
      expect(await textWidths(page), 'no line of text was drawn again in another font').toEqual(before);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the LCP element of the home, the animals list and an animal is there and visible', async ({
    page,
    request,
  }) => {
    const { animals } = (await (await request.get('/api/animals/search?limit=1')).json()) as {
      animals: { _id: string }[];
    };
    const pages = [
      { path: '/', lcp: page.getByRole('heading', { level: 1 }) },
      { path: '/products', lcp: cardPictures(page, 'animal-results').first() },
      { path: `/products/${animals[0]!._id}`, lcp: page.getByRole('article').locator('figure img') },
    ];
    for (const { path, lcp } of pages) {
      await open(page, path);
      await expect(lcp, path).toBeVisible();
      await expect(lcp, path).toBeInViewport();
      if (await lcp.evaluate((element) => element instanceof HTMLImageElement))
        expect(await lcp.evaluate((image) => (image as HTMLImageElement).naturalWidth), path).toBeGreaterThan(0);
    }
  });
});
