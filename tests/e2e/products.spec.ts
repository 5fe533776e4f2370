/**
 * The animals list (/products) on the seed catalogue: server-rendered results, search box and
 * sort in the URL, 1000 ms debounce, previous results kept while loading, skeletons, errors,
 * nothing matching, Back/Forward, the header field showing the same text, and the animal card.
 * Paging (load more, links, restoring) is in paging.spec.ts, on a catalogue of 500 animals.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectGridColumns } from '../helpers/grid.ts';
import { formatPrice, formatRating, truncateDescription } from '../../src/lib/format.ts';
import { DEFAULT_PAGE_SIZE } from '../../src/lib/paging.ts';
import { islandsHydrated, seedAnimal, seedAnimals } from '../helpers/catalogue.ts';

const SEARCH_API = '**/api/animals/search?**';
const isSearch = (url: string) => new URL(url).pathname === '/api/animals/search';

const searchBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' });
const sortSelect = (page: Page) => page.getByRole('main').getByRole('combobox', { name: 'מיון' });
const cards = (page: Page) => page.getByTestId('animal-results').getByTestId('animal-card');
const cardNames = (page: Page) => cards(page).locator('h3').allTextContents();

async function openList(page: Page, path = '/products') {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await islandsHydrated(page);
  await expect(page.getByTestId('animal-search')).toHaveAttribute('data-ready', 'true');
}

/** Counts the search requests the page starts (counted in the page, synchronously with fetch). */
async function countSearchesInPage(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    (window as unknown as { searches: string[] }).searches = [];
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/animals/search')) (window as unknown as { searches: string[] }).searches.push(url);
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { searches: string[] }).searches.length);
}

/** Holds matching API requests until released. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held: Route[] = [];
  return {
    held,
    release: open,
    handler: async (route: Route) => {
      held.push(route);
      await opened;
      await route.continue();
    },
  };
}

test.describe('server rendering', () => {
  test('the page arrives with its results in the HTML, title and description', async ({ page, request }) => {
    const html = await (await request.get('/products?query=%D7%9C%D7%98%D7%90%D7%94&sort=price')).text();
    expect(html).toContain('לטאת עפיפון');
    expect(html).toContain('לטאת שמש');
    expect(html).not.toContain('כבשת ענן');

    await openList(page);
    await expect(page).toHaveTitle(/כל התיפלצים/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /תיפלצים/);
    await expect(page.getByRole('heading', { level: 1, name: 'כל התיפלצים' })).toBeVisible();
    // One page of cards, out of every animal.
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    await expect(page.getByTestId('result-count')).toHaveText(`נמצאו ${seedAnimals.length} תיפלצים`);
    await expect(page.getByTestId('list-count')).toHaveText(`מוצגים ${DEFAULT_PAGE_SIZE} מתוך ${seedAnimals.length}`);
    await expect(page.getByTestId('result-count')).toHaveAttribute('role', 'status');
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'חיפוש...');
  });

  test('works without JavaScript: results in the HTML and a plain GET form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F');
    await expect(page.getByTestId('animal-card')).toHaveCount(3);
    await expect(searchBox(page)).toHaveValue('דרקון');
    await searchBox(page).fill('לטאה');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/products\?query=%D7%9C%D7%98%D7%90%D7%94/);
    await expect(page.getByTestId('animal-card')).toHaveCount(2);
    await context.close();
  });

  test('reads the search from the URL and cleans an unknown sort out of it', async ({ page }) => {
    await openList(page, '/products?query=%D7%99%D7%A0%D7%A9%D7%95%D7%A3&sort=rating');
    await expect(searchBox(page)).toHaveValue('ינשוף');
    await expect(sortSelect(page)).toHaveValue('name');
    expect(await cardNames(page)).toEqual(['ינשוף מחשבון', 'ינשוף קשת']);
    await expect(page).toHaveURL(/\/products\?query=%D7%99%D7%A0%D7%A9%D7%95%D7%A3$/);
  });
});

test.describe('searching', () => {
  test('waits exactly 1000 ms after the last keystroke, then makes one request and puts the text in the URL', async ({
    page,
  }) => {
    const searches = await countSearchesInPage(page);
    await page.clock.install({ time: new Date('2030-01-01T10:00:00Z') });
    await openList(page);
    await page.clock.pauseAt(new Date('2030-01-01T10:01:00Z'));

    // Several quick keystrokes, then pauses shorter than the debounce between more keystrokes.
    await searchBox(page).pressSequentially('דר');
    await page.clock.runFor(600);
    await searchBox(page).pressSequentially('ק');
    await page.clock.runFor(999);
    await searchBox(page).pressSequentially('ון');
    expect(await searches()).toBe(0);

    await page.clock.runFor(999);
    expect(await searches()).toBe(0);
    await expect(page).toHaveURL(/\/products$/);

    await page.clock.runFor(1);
    expect(await searches()).toBe(1);
    await page.clock.runFor(5000);
    expect(await searches()).toBe(1);

    await expect(page).toHaveURL(/\/products\?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F$/);
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByTestId('result-count')).toHaveText('נמצאו 3 תיפלצים');
  });

  test('Enter searches at once; the same search twice makes no second request', async ({ page }) => {
    const searches = await countSearchesInPage(page);
    await page.clock.install({ time: new Date('2030-01-01T10:00:00Z') });
    await openList(page);
    await searchBox(page).fill('ינשוף');
    await searchBox(page).press('Enter');
    await expect(cards(page)).toHaveCount(2);
    expect(await searches()).toBe(1);
    await expect(page).toHaveURL(/query=%D7%99%D7%A0%D7%A9%D7%95%D7%A3/);
    // Once the typing's debounce would have fired, nothing more has gone out.
    await page.clock.runFor(5000);
    expect(await searches()).toBe(1);
    const entries = await page.evaluate(() => history.length);

    // The same search typed again (stray spaces are not part of it): no request, no history entry.
    await searchBox(page).fill(' ינשוף ');
    await page.clock.runFor(5000);
    expect(await searches()).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // Another text does search, once its debounce has run.
    await searchBox(page).fill('ינשו');
    await page.clock.runFor(5000);
    await expect.poll(searches).toBe(2);
  });

  test('sorts by name and by price, in the URL', async ({ page, request }) => {
    await openList(page);
    const byName = await cardNames(page);
    expect(byName).toHaveLength(DEFAULT_PAGE_SIZE);
    // The API's Hebrew name order (it ignores marks such as the geresh in ג׳ירפה), its first page.
    const api = (await (
      await request.get(`/api/animals/search?search=&sort=name&limit=${DEFAULT_PAGE_SIZE}`)
    ).json()) as {
      animals: { name: string }[];
    };
    expect(byName).toEqual(api.animals.map((animal) => animal.name));
    expect(byName.slice(0, 2)).toEqual(['אוגר USB', 'איילת לחישות']);

    await sortSelect(page).selectOption('price');
    await expect(page).toHaveURL(/\/products\?sort=price$/);
    await expect(page.getByTestId('animal-results')).toHaveAttribute('data-busy', 'false');
    // The cards of the name order that are not on the price order's first page have faded out.
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    const prices = (await cards(page).getByTestId('animal-card-price').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(prices).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices).not.toEqual(byName.map((name) => seedAnimals.find((animal) => animal.name === name)?.price ?? -1));
    // The cheapest animals of the whole catalogue, not of the first page by name.
    const cheapest = [...seedAnimals].sort((a, b) => a.price - b.price);
    await expect(cards(page).first()).toContainText(cheapest[0]!.name);
    expect(Math.max(...prices)).toBe(cheapest[DEFAULT_PAGE_SIZE - 1]!.price);

    await sortSelect(page).selectOption('name');
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => cardNames(page)).toEqual(byName);
  });

  test('keeps the previous results visible, dimmed and busy, while a new search loads', async ({ page }) => {
    await openList(page, '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F');
    await expect(cards(page)).toHaveCount(3);
    const slow = gate();
    await page.route(SEARCH_API, slow.handler);

    await searchBox(page).fill('לטאה');
    await searchBox(page).press('Enter');
    await expect.poll(() => slow.held.length).toBe(1);
    const results = page.getByTestId('animal-results');
    await expect(results).toHaveAttribute('data-busy', 'true');
    await expect(page.locator('section[aria-busy="true"]')).toHaveCount(1);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first()).toBeVisible();
    await expect(results).toHaveCSS('opacity', '0.5');
    await expect(page.getByTestId('animal-skeletons')).toHaveCount(0);
    await expect(page.getByTestId('result-count')).toHaveText('מחפש תיפלצים…');

    slow.release();
    await expect(results).toHaveAttribute('data-busy', 'false');
    await expect(results).toHaveCSS('opacity', '1');
    await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
    await expect.poll(() => cardNames(page)).toEqual(['לטאת עפיפון', 'לטאת שמש']);
  });

  test('shows 10 skeleton cards, the size of real cards, when it has no results to keep', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openList(page, '/products?query=zzzz');
    await expect(page.getByTestId('no-match')).toBeVisible();
    const slow = gate();
    await page.route(SEARCH_API, slow.handler);

    await searchBox(page).fill('דרקון');
    await searchBox(page).press('Enter');
    const skeletons = page.getByTestId('animal-card-skeleton');
    await expect(skeletons).toHaveCount(10);
    await expect(page.getByTestId('no-match')).toHaveCount(0);
    const skeletonBox = await skeletons.first().boundingBox();

    slow.release();
    await expect(cards(page)).toHaveCount(3);
    await expect(skeletons).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const cardBox = await cards(page).first().boundingBox();
    expect(cardBox?.width).toBeCloseTo(skeletonBox?.width ?? 0, 0);
    expect(cardBox?.height).toBeCloseTo(skeletonBox?.height ?? 0, 0);
    expect(cardBox?.y).toBeCloseTo(skeletonBox?.y ?? 0, 0);
  });

  test('shows the error box with the server message when the search fails', async ({ page }) => {
    await openList(page);
    await page.route(SEARCH_API, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'המאגר יצא להפסקת קפה' }),
      }),
    );
    await searchBox(page).fill('דרקון');
    await searchBox(page).press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('שגיאה');
    await expect(alert).toContainText('המאגר יצא להפסקת קפה');
    await expect(page.getByTestId('animal-results')).toHaveCount(0);

    // Without a message the error box's own text shows; a working search recovers.
    await page.unroute(SEARCH_API);
    await page.route(SEARCH_API, (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    await searchBox(page).fill('לטאה');
    await searchBox(page).press('Enter');
    await expect(alert).toContainText('An error occurred');
    await page.unroute(SEARCH_API);
    await searchBox(page).fill('ינשוף');
    await searchBox(page).press('Enter');
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says clearly when nothing matches', async ({ page }) => {
    await openList(page);
    await searchBox(page).fill('אין-תיפלץ-כזה');
    await searchBox(page).press('Enter');
    const message = page.getByTestId('no-match');
    await expect(message).toContainText('לא מצאנו אף תיפלץ');
    await expect(message).toContainText('"אין-תיפלץ-כזה"');
    await expect(page.getByTestId('result-count')).toHaveText('לא נמצאו תיפלצים');
    await expect(page.getByTestId('animal-card')).toHaveCount(0);
  });

  test('an older answer never replaces a newer search (the old request is aborted)', async ({ page }) => {
    await openList(page);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (isSearch(request.url())) aborted.push(new URL(request.url()).searchParams.get('search') ?? '');
    });
    // The older search's answer is held until the newer one is on screen, however slow the machine.
    let letSlowThrough: () => void = () => {};
    const slowHeld = new Promise<void>((resolve) => (letSlowThrough = resolve));
    let slowDone = false;
    await page.route(SEARCH_API, async (route) => {
      const slow = new URL(route.request().url()).searchParams.get('search') === 'דרקון';
      if (slow) await slowHeld;
      await route.continue().catch(() => {});
      if (slow) slowDone = true;
    });
    await searchBox(page).fill('דרקון');
    await searchBox(page).press('Enter');
    await searchBox(page).fill('ינשוף');
    await searchBox(page).press('Enter');
    await expect.poll(() => cardNames(page)).toEqual(['ינשוף מחשבון', 'ינשוף קשת']);
    await expect.poll(() => aborted).toEqual(['דרקון']);
    letSlowThrough();
    // Once the slow answer has been let through, the newer results are still the ones shown.
    await expect.poll(() => slowDone).toBe(true);
    await expect(page.getByTestId('result-count')).toHaveText('נמצאו 2 תיפלצים');
    expect(await cardNames(page)).toEqual(['ינשוף מחשבון', 'ינשוף קשת']);
  });

  test('Back and Forward restore earlier searches, from the cache', async ({ page }) => {
    await openList(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (isSearch(request.url())) requests.push(request.url());
    });
    await searchBox(page).fill('דרקון');
    await searchBox(page).press('Enter');
    await expect(cards(page)).toHaveCount(3);
    await sortSelect(page).selectOption('price');
    await expect(page).toHaveURL(/query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&sort=price$/);
    await expect(page.getByTestId('animal-results')).toHaveAttribute('data-busy', 'false');
    expect(requests).toHaveLength(2);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F$/);
    await expect(sortSelect(page)).toHaveValue('name');
    await expect(searchBox(page)).toHaveValue('דרקון');

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(searchBox(page)).toHaveValue('');
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);

    await page.goForward();
    await expect(searchBox(page)).toHaveValue('דרקון');
    await expect(cards(page)).toHaveCount(3);
    await page.goForward();
    await expect(sortSelect(page)).toHaveValue('price');
    await expect(page.getByTestId('result-count')).toHaveText('נמצאו 3 תיפלצים');
    // Every one of those came from the page's cache.
    expect(requests).toHaveLength(2);
  });

  test('the header search field shows the same text as the search box', async ({ page }) => {
    await openList(page, '/products?query=%D7%9C%D7%98%D7%90%D7%94');
    const header = page.locator('header input[name="query"]');
    await expect(header).toHaveValue('לטאה');
    await searchBox(page).fill('דרקון');
    await expect(header).toHaveValue('דרקון');
  });

  test('cards fade in as the list changes, and not with reduced motion', async ({ page }) => {
    await openList(page, '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F');
    // Sample the running animations every frame, so that a short fade is seen however busy the machine is.
    await page.evaluate(() => {
      const sampled = window as unknown as { mostAnimations: number };
      sampled.mostAnimations = 0;
      const sample = () => {
        sampled.mostAnimations = Math.max(sampled.mostAnimations, document.getAnimations().length);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await searchBox(page).fill('לטאה');
    await searchBox(page).press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { mostAnimations: number }).mostAnimations))
      .toBeGreaterThan(0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    await searchBox(page).fill('ינשוף');
    await searchBox(page).press('Enter');
    await expect.poll(() => cardNames(page)).toEqual(['ינשוף מחשבון', 'ינשוף קשת']);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });
});

test.describe('the animal card', () => {
  test('shows picture, name, cut description, price and rating, and links to the animal', async ({ page }) => {
    // The load-more URL of the whole seed catalogue (3 pages): every card at once.
    await openList(page, '/products?page=3&from=1');
    await expect(cards(page)).toHaveCount(seedAnimals.length);
    const long = seedAnimal('cloud-sheep');
    expect(long.description.length).toBeGreaterThan(100);
    const card = cards(page).filter({ hasText: long.name });
    await expect(card).toHaveAttribute('href', `/products/${long.id}`);
    await expect(card.getByTestId('animal-card-description')).toHaveText(truncateDescription(long.description));
    await expect(card.getByTestId('animal-card-description')).toHaveText(/\.\.\.$/);
    expect((await card.getByTestId('animal-card-description').textContent())?.length).toBe(103);
    await expect(card.getByTestId('animal-card-price')).toHaveText(`מחיר: ${formatPrice(long.price)}`);
    await expect(card.getByTestId('animal-card-price')).toContainText('₪890');
    await expect(card.getByTestId('animal-card-rating')).toHaveText(
      `${formatRating(long.rating)}דירוג ${formatRating(long.rating)} מתוך 5`,
    );
    await expect(card.getByTestId('animal-card-rating').locator('svg')).toHaveAttribute('aria-hidden', 'true');
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', `/art/animals/${long.slug}.svg`);
    await expect(picture).toHaveAttribute('width', '480');
    await expect(picture).toHaveAttribute('height', '360');
    await expect(picture).toHaveAttribute('loading', 'lazy');

    const short = seedAnimals.find((animal) => animal.description.length <= 100)!;
    await expect(cards(page).filter({ hasText: short.name }).getByTestId('animal-card-description')).toHaveText(
      short.description,
    );

    const whole = seedAnimal('sky-whale');
    await expect(cards(page).filter({ hasText: whole.name }).getByTestId('animal-card-price')).toContainText('₪48,500');
    const fourPointOh = seedAnimals.find((animal) => Number.isInteger(animal.rating));
    if (fourPointOh) {
      await expect(cards(page).filter({ hasText: fourPointOh.name }).getByTestId('animal-card-rating')).toContainText(
        `${fourPointOh.rating}.0`,
      );
    }

    await card.click();
    await expect(page).toHaveURL(`/products/${long.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(long.name);
  });

  test('the grid has 1, 2 and 3 columns by width', async ({ page }) => {
    await expectGridColumns(page, () => openList(page), cards(page));
  });
});
