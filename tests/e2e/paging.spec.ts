/**
 * Paged lists on a synthetic catalogue of 500 animals (its own server and database, see
 * tests/e2e/fixtures/large-catalogue.ts): the animals list and one category render one page of
 * cards per plain URL, with the count, prev/next links (also without JavaScript), 'טען עוד'
 * appending in place and writing `page`/`from` into the URL, reload and Back restoring the cards
 * and the scroll position, a new search starting at page 1, pages past the end and malformed pages.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_PAGE_SIZE, MAX_RESTORED_PAGES } from '../../src/lib/paging.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';
import { LARGE_BASE_URL, LARGE_CATALOGUE_SIZE } from './fixtures/large-catalogue.ts';

test.use({ baseURL: LARGE_BASE_URL });

const TOTAL = LARGE_CATALOGUE_SIZE;
const PAGES = Math.ceil(TOTAL / DEFAULT_PAGE_SIZE);
const cards = (page: Page) => page.getByTestId('animal-card');
const count = (page: Page) => page.getByTestId('list-count');
const loadMore = (page: Page) => page.getByRole('button', { name: 'טען עוד' });
const pagerLink = (page: Page, name: string) =>
  page.getByTestId('pager-links').getByRole('link', { name, exact: true });

async function openList(page: Page, path = '/products') {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await islandsHydrated(page);
  await expect(page.getByTestId('animal-search')).toHaveAttribute('data-ready', 'true');
}

/** The hrefs of the cards, in order. */
function cardHrefs(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** The API's answer for one page of the list, to compare the pages with. */
async function apiPage(request: APIRequestContext, page: number, search = '', sort = 'name'): Promise<string[]> {
  const params = new URLSearchParams({ search, sort, limit: String(DEFAULT_PAGE_SIZE), page: String(page) });
  const body = (await (await request.get(`/api/animals/search?${params}`)).json()) as { animals: { _id: string }[] };
  return body.animals.map((animal) => `/products/${animal._id}`);
}

const countOf = (html: string) => html.split('data-testid="animal-card"').length - 1;

test.describe('the animals list', () => {
  test('without JavaScript: one page of cards, the count, and links through every page to every animal', async ({
    browser,
    request,
  }) => {
    test.slow(); // walks all 21 pages of the 500-animal catalogue
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: LARGE_BASE_URL });
    const page = await context.newPage();
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    await expect(count(page)).toHaveText(`מוצגים ${DEFAULT_PAGE_SIZE} מתוך ${TOTAL}`);
    await expect(page.getByTestId('pager-links')).toContainText(`עמוד 1 מתוך ${PAGES}`);
    await expect(pagerLink(page, 'לעמוד הקודם')).toBeHidden();
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', '/products?page=2');
    expect(await cardHrefs(page)).toEqual(await apiPage(request, 1));

    const seen = new Set<string>();
    for (let number = 1; number <= PAGES; number += 1) {
      if (number > 1) {
        await pagerLink(page, 'לעמוד הבא').click();
        await expect(page).toHaveURL(`/products?page=${number}`);
      }
      const hrefs = await cardHrefs(page);
      expect(hrefs).toHaveLength(number < PAGES ? DEFAULT_PAGE_SIZE : TOTAL - (PAGES - 1) * DEFAULT_PAGE_SIZE);
      for (const href of hrefs) seen.add(href);
    }
    // Every animal, each once, reached by plain links.
    expect(seen.size).toBe(TOTAL);
    await expect(count(page)).toHaveText(`מוצגים ${(PAGES - 1) * DEFAULT_PAGE_SIZE + 1}–${TOTAL} מתוך ${TOTAL}`);
    await expect(pagerLink(page, 'לעמוד הבא')).toBeHidden();
    await expect(page.getByRole('button', { name: 'טען עוד' })).toBeHidden();
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', `/products?page=${PAGES - 1}`);

    await pagerLink(page, 'לעמוד הקודם').click();
    await expect(page).toHaveURL(`/products?page=${PAGES - 1}`);
    expect(await cardHrefs(page)).toEqual(await apiPage(request, PAGES - 1));
    await context.close();
  });

  test("without JavaScript, 'טען עוד' loads the pages shown plus the next, at the new page's first card", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: LARGE_BASE_URL });
    const page = await context.newPage();
    await page.goto('/products?sort=price');
    await page.getByRole('button', { name: 'טען עוד' }).click();
    await expect(page).toHaveURL('/products?sort=price&page=2&from=1#page-2');
    await expect(cards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await expect(count(page)).toHaveText(`מוצגים ${2 * DEFAULT_PAGE_SIZE} מתוך ${TOTAL}`);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expect(page.locator('#page-2')).toBeInViewport();
    await context.close();
  });

  test("'טען עוד' appends the next page in place, announces the count and keeps one history entry", async ({
    page,
    request,
  }) => {
    await openList(page);
    const historyLength = await page.evaluate(() => history.length);
    const firstPage = await cardHrefs(page);
    // Mark the cards shown, to see that they stay the same elements and do not animate again.
    await cards(page).evaluateAll((links) => links.forEach((link) => link.setAttribute('data-was-here', '')));
    await page.evaluate(() => {
      const sampled = window as unknown as { animatedOld: number; animatedNew: number };
      sampled.animatedOld = 0;
      sampled.animatedNew = 0;
      const sample = () => {
        for (const animation of document.getAnimations()) {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          if (!target) continue;
          if (target.querySelector('[data-was-here]')) sampled.animatedOld += 1;
          else sampled.animatedNew += 1;
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    const firstTops = await cards(page).evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().top + scrollY),
    );

    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await expect(count(page)).toHaveText(`מוצגים ${2 * DEFAULT_PAGE_SIZE} מתוך ${TOTAL}`);
    await expect(count(page)).toHaveAttribute('role', 'status');
    await expect(page).toHaveURL('/products?page=2&from=1');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await cardHrefs(page)).toEqual([...firstPage, ...(await apiPage(request, 2))]);
    await expect(page.locator('[data-was-here]')).toHaveCount(DEFAULT_PAGE_SIZE);
    const sampled = () =>
      page.evaluate(() => {
        const { animatedOld, animatedNew } = window as unknown as { animatedOld: number; animatedNew: number };
        return { animatedOld, animatedNew };
      });
    await expect.poll(async () => (await sampled()).animatedNew).toBeGreaterThan(0);
    expect((await sampled()).animatedOld).toBe(0);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const tops = await cards(page).evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().top + scrollY),
    );
    expect(tops.slice(0, DEFAULT_PAGE_SIZE)).toEqual(firstTops);

    // The links follow what is shown: the next page is 3, and there is still none before.
    await expect(pagerLink(page, 'לעמוד הבא')).toHaveAttribute('href', '/products?page=3');
    await expect(pagerLink(page, 'לעמוד הקודם')).toBeHidden();
    await expect(page.getByTestId('pager-links')).toContainText(`עמודים 1–2 מתוך ${PAGES}`);

    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(3 * DEFAULT_PAGE_SIZE);
    await expect(page).toHaveURL('/products?page=3&from=1');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test("after 'טען עוד' from the keyboard, the next Tab reaches the first new card", async ({ page }) => {
    await openList(page, '/products?sort=price');
    await loadMore(page).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await page.keyboard.press('Tab');
    const firstNew = cards(page).nth(DEFAULT_PAGE_SIZE);
    await expect(firstNew).toBeFocused();
  });

  test("a failed 'טען עוד' shows the error box with the API's message and keeps the cards", async ({ page }) => {
    await openList(page);
    await page.route('**/api/animals/search?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'התיפלצים יצאו להפסקה' }),
      }),
    );
    await loadMore(page).click();
    await expect(page.getByRole('alert')).toContainText('התיפלצים יצאו להפסקה');
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    await expect(page).toHaveURL('/products');
    await page.unroute('**/api/animals/search?**');
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('reload and Back restore the cards load more showed, and the scroll position', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openList(page);
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(3 * DEFAULT_PAGE_SIZE);
    const hrefs = await cardHrefs(page);
    const target = cards(page).nth(2 * DEFAULT_PAGE_SIZE + 4);
    await target.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(2000);

    await page.reload();
    await islandsHydrated(page);
    await expect(page).toHaveURL('/products?page=3&from=1');
    expect(await cardHrefs(page)).toEqual(hrefs);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeCloseTo(scrolled, -1);

    await target.click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f]{24}$/);
    await page.goBack();
    await expect(page).toHaveURL('/products?page=3&from=1');
    await expect(cards(page)).toHaveCount(3 * DEFAULT_PAGE_SIZE);
    expect(await cardHrefs(page)).toEqual(hrefs);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeCloseTo(scrolled, -1);
  });

  test('a new search or sort starts again at page 1', async ({ page, request }) => {
    const dragons = (await (
      await request.get('/api/animals/search?search=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&limit=1')
    ).json()) as {
      total: number;
    };
    expect(dragons.total).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    await openList(page);
    await loadMore(page).click();
    await expect(page).toHaveURL('/products?page=2&from=1');

    const searchBox = page.getByRole('main').getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' });
    await searchBox.fill('דרקון');
    await searchBox.press('Enter');
    await expect(page).toHaveURL('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F');
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    expect(await cardHrefs(page)).toEqual(await apiPage(request, 1, 'דרקון'));
    await expect(count(page)).toHaveText(`מוצגים ${DEFAULT_PAGE_SIZE} מתוך ${dragons.total}`);

    await loadMore(page).click();
    await expect(page).toHaveURL('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&page=2&from=1');
    await page.getByRole('main').getByRole('combobox', { name: 'מיון' }).selectOption('price');
    await expect(page).toHaveURL('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&sort=price');
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    await expect.poll(() => cardHrefs(page)).toEqual(await apiPage(request, 1, 'דרקון', 'price'));

    // Back returns to the earlier search with the pages load more had shown.
    await page.goBack();
    await expect(page).toHaveURL('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&page=2&from=1');
    await expect(cards(page)).toHaveCount(Math.min(dragons.total, 2 * DEFAULT_PAGE_SIZE));
  });

  test('a page past the end shows the nothing-here state with a link to the first page', async ({ page }) => {
    for (const [path, first] of [
      [`/products?page=${PAGES + 1}`, '/products'],
      [
        '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&sort=price&page=400',
        '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&sort=price',
      ],
    ] as const) {
      await openList(page, path);
      const nothing = page.getByTestId('past-end');
      await expect(nothing).toContainText('אין כאן תיפלצים');
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(path);
      await nothing.getByRole('link', { name: 'לעמוד הראשון' }).click();
      await expect(page).toHaveURL(first);
      await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    }
  });

  for (const value of ['0', '-1', 'abc', '1e9', '2.5', '', '99999999999']) {
    test(`a malformed page (${JSON.stringify(value)}) is page 1`, async ({ page, request }) => {
      const response = await request.get(
        `/products?page=${encodeURIComponent(value)}&from=${encodeURIComponent(value)}`,
      );
      expect(response.status()).toBe(200);
      expect(countOf(await response.text())).toBe(DEFAULT_PAGE_SIZE);

      await openList(page, `/products?page=${encodeURIComponent(value)}`);
      expect(await cardHrefs(page)).toEqual(await apiPage(request, 1));
      // The island writes the URL for what it shows: page 1 has no `page`.
      await expect(page).toHaveURL('/products');
    });
  }

  test(`a load-more URL restores at most ${MAX_RESTORED_PAGES} pages; past that it starts at the requested page`, async ({
    page,
    request,
  }) => {
    await openList(page, `/products?page=${MAX_RESTORED_PAGES + 2}&from=3`);
    await expect(cards(page)).toHaveCount(MAX_RESTORED_PAGES * DEFAULT_PAGE_SIZE);
    expect((await cardHrefs(page)).slice(0, DEFAULT_PAGE_SIZE)).toEqual(await apiPage(request, 3));
    await expect(count(page)).toHaveText(
      `מוצגים ${2 * DEFAULT_PAGE_SIZE + 1}–${(MAX_RESTORED_PAGES + 2) * DEFAULT_PAGE_SIZE} מתוך ${TOTAL}`,
    );

    await openList(page, `/products?page=${MAX_RESTORED_PAGES + 3}&from=3`);
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    expect(await cardHrefs(page)).toEqual(await apiPage(request, MAX_RESTORED_PAGES + 3));
    await expect(page).toHaveURL(`/products?page=${MAX_RESTORED_PAGES + 3}`);
    await expect(pagerLink(page, 'לעמוד הראשון')).toHaveAttribute('href', '/products');
    await expect(pagerLink(page, 'לעמוד הקודם')).toHaveAttribute('href', `/products?page=${MAX_RESTORED_PAGES + 2}`);
  });
});

test.describe('one category', () => {
  const PER_CATEGORY = TOTAL / 10;
  const slug = 'sky-creatures';
  const path = `/categories/${slug}`;
  const gridCards = (page: Page) => page.getByTestId('animal-grid').getByTestId('animal-card');

  test('without JavaScript: the hero counts every animal, one page of cards, links through the pages', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: LARGE_BASE_URL });
    const page = await context.newPage();
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByTestId('category-count')).toHaveText(`${PER_CATEGORY} תיפלצים`);
    await expect(page.getByRole('heading', { level: 2, name: 'תיפלצים מקטגוריה זו' })).toBeVisible();
    await expect(gridCards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    await expect(count(page)).toHaveText(`מוצגים ${DEFAULT_PAGE_SIZE} מתוך ${PER_CATEGORY}`);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', `${path}?page=2`);
    const seen = new Set(await cardHrefs(page));

    await pagerLink(page, 'לעמוד הבא').click();
    await expect(page).toHaveURL(`${path}?page=2`);
    await pagerLink(page, 'לעמוד הבא').click();
    await expect(page).toHaveURL(`${path}?page=3`);
    await expect(gridCards(page)).toHaveCount(PER_CATEGORY - 2 * DEFAULT_PAGE_SIZE);
    await expect(pagerLink(page, 'לעמוד הבא')).toBeHidden();
    await pagerLink(page, 'לעמוד הקודם').click();
    await expect(page).toHaveURL(`${path}?page=2`);
    for (const href of await cardHrefs(page)) seen.add(href);
    await page.goto(`${path}?page=3`);
    for (const href of await cardHrefs(page)) seen.add(href);
    expect(seen.size).toBe(PER_CATEGORY);

    // 'טען עוד' without JavaScript: the server renders the pages shown and the next.
    await page.goto(path);
    await page.getByRole('button', { name: 'טען עוד' }).click();
    await expect(page).toHaveURL(`${path}?page=2&from=1#page-2`);
    await expect(gridCards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await context.close();
  });

  test("'טען עוד' appends the next page in place with a few lines of script, and reload restores it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.locator('astro-island')).toHaveCount(0);
    const historyLength = await page.evaluate(() => history.length);
    const firstPage = await cardHrefs(page);
    await gridCards(page).evaluateAll((links) => links.forEach((link) => link.setAttribute('data-was-here', '')));

    await loadMore(page).focus();
    await page.keyboard.press('Enter');
    await expect(gridCards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
    await expect(page.locator('[data-was-here]')).toHaveCount(DEFAULT_PAGE_SIZE);
    expect((await cardHrefs(page)).slice(0, DEFAULT_PAGE_SIZE)).toEqual(firstPage);
    await expect(count(page)).toHaveText(`מוצגים ${2 * DEFAULT_PAGE_SIZE} מתוך ${PER_CATEGORY}`);
    await expect(page).toHaveURL(`${path}?page=2&from=1`);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect(pagerLink(page, 'לעמוד הבא')).toHaveAttribute('href', `${path}?page=3`);
    await page.keyboard.press('Tab');
    await expect(gridCards(page).nth(DEFAULT_PAGE_SIZE)).toBeFocused();

    await loadMore(page).click();
    await expect(gridCards(page)).toHaveCount(PER_CATEGORY);
    await expect(page).toHaveURL(`${path}?page=3&from=1`);
    await expect(count(page)).toHaveText(`מוצגים ${PER_CATEGORY} מתוך ${PER_CATEGORY}`);
    await expect(loadMore(page)).toBeHidden();
    await expect(pagerLink(page, 'לעמוד הבא')).toBeHidden();
    const hrefs = await cardHrefs(page);
    expect(new Set(hrefs).size).toBe(PER_CATEGORY);

    await gridCards(page)
      .nth(2 * DEFAULT_PAGE_SIZE - 3)
      .scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(1500);
    await page.reload();
    expect(await cardHrefs(page)).toEqual(hrefs);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeCloseTo(scrolled, -1);
  });

  test("when the next page cannot be fetched, 'טען עוד' falls back to loading the load-more URL", async ({ page }) => {
    await page.goto(path);
    await page.route(`**${path}?page=2`, (route) => route.abort());
    await loadMore(page).click();
    await expect(page).toHaveURL(`${path}?page=2&from=1#page-2`);
    await expect(gridCards(page)).toHaveCount(2 * DEFAULT_PAGE_SIZE);
  });

  test('a page past the end and malformed pages', async ({ page, request }) => {
    const response = await page.goto(`${path}?page=4`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('past-end')).toContainText('אין כאן תיפלצים');
    await expect(page.getByTestId('category-count')).toHaveText(`${PER_CATEGORY} תיפלצים`);
    await page.getByTestId('past-end').getByRole('link', { name: 'לעמוד הראשון' }).click();
    await expect(page).toHaveURL(path);
    await expect(gridCards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    const first = await (await request.get(path)).text();
    for (const value of ['0', '-1', 'abc', '1e9']) {
      const answer = await request.get(`${path}?page=${value}`);
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toBe(first);
    }
  });
});

/** Every animal's id in the large catalogue, read from the API 100 at a time. */
async function everyAnimalId(request: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < TOTAL; page++) {
    const body = (await (await request.get(`/api/animals/search?search=&limit=100&page=${page}`)).json()) as {
      animals: { _id: string }[];
    };
    expect(body.animals.length).toBeGreaterThan(0);
    ids.push(...body.animals.map((animal) => animal._id));
  }
  return ids;
}

test('no page reached by links carries more than one page of cards', async ({ request }) => {
  // A page carries an animal if its id is anywhere in the HTML: a card, a link, or an island's props.
  const ids = await everyAnimalId(request);
  expect(new Set(ids).size).toBe(TOTAL);
  const carried = (html: string) => ids.filter((id) => html.includes(id)).length;
  // Crawl like a search engine: every link to a list, from the home page, the lists and the categories.
  const queue = [
    '/',
    '/products',
    '/categories',
    '/products?sort=price',
    '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F',
  ];
  const seen = new Set(queue);
  let lists = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(countOf(html), path).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
    // No animal rides along beyond the cards shown (in props, JSON or links).
    expect(carried(html), path).toBe(countOf(html));
    if (countOf(html) > 0) lists += 1;
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
      const url = new URL(href!.replaceAll('&amp;', '&'), LARGE_BASE_URL);
      const next = `${url.pathname}${url.search}`;
      if (url.origin !== LARGE_BASE_URL || seen.has(next)) continue;
      if (!/^\/(products|categories(\/[a-z0-9-]+)?)$/.test(url.pathname)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  // The lists were really walked: every page of the list by name and by price, and of each category.
  expect(lists).toBeGreaterThan(2 * PAGES);
});
