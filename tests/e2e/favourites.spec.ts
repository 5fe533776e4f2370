/**
 * Favourites in the browser ("המועדפים שלי"), at 390 and 1280 px, by pointer and by keyboard: the heart on every
 * card (a category's, the list's, a search's) and on the animal page, the header's count, /favorites after a
 * reload and beside a second tab, remove, the empty state, the shared link in a fresh browser, an animal the
 * shop no longer shows, the limit, a tap before the page's scripts run, the static build's /favorites, and
 * axe on the page with a list. The signed-in shopper's account: tests/e2e/favourites-account.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { NO_RESPONSE } from '../../src/lib/api/errors.ts';
import { MAX_FAVOURITES } from '../../src/lib/favourites.ts';
import { formatPrice } from '../../src/lib/format.ts';
import { favouritesStrings as t } from '../../src/features/favorites/strings.ts';
import { errorBoxStrings } from '../../src/features/layout/strings.ts';
import { islandsHydrated, seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { holdScripts } from '../helpers/hold-scripts.ts';
import { layoutShift } from '../helpers/layout-shift.ts';
import { piecesRead, watchIndex } from './fixtures/static-index.ts';
import { STATIC_BASE_URL } from './fixtures/static-site.ts';

const owl = seedAnimal('rainbow-owl');
const sheep = seedAnimal('cloud-sheep');
const whale = seedAnimal('sky-whale');
const sky = seedCategory('sky-creatures');

const heart = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: t.toggle(name), exact: true });
const headerLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^המועדפים שלי/ });
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('favourites') ?? '[]') as string[]);
/** The page's hearts answer taps (../../src/features/favorites/hearts.ts has started). */
const heartsReady = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-favourites-ready', '');
/** The colour drawn at the middle of a heart's icon, inside its outline: [red, green, blue]. */
async function heartCentre(button: Locator): Promise<number[]> {
  const { data, info } = await sharp(await button.locator('svg').screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)];
}
/** Red well above green and blue: the pressed heart's rose fill, not the card's white behind an outline. */
const filled = ([red, green, blue]: number[]) => red! > green! + 60 && red! > blue! + 30;
const cardNames = (page: Page) => page.getByTestId('favourites-list').getByRole('heading', { level: 3 });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('hearts on cards and on the animal page, by pointer and keyboard, with the count in the header', async ({
      page,
    }) => {
      // Signed out, nothing of the favourites goes to the server.
      const sent: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/me/')) sent.push(request.url());
      });
      await page.goto(`/categories/${sky.slug}`);
      await expect(headerLink(page)).toHaveAccessibleName(t.headerLink);
      await expect(heart(page, owl.name)).toHaveAttribute('aria-pressed', 'false');
      expect(filled(await heartCentre(heart(page, owl.name)))).toBe(false);
      await heart(page, owl.name).click();
      await expect(heart(page, owl.name)).toHaveAttribute('aria-pressed', 'true');
      // Pressed, the heart is drawn filled in the button's colour.
      await expect.poll(async () => filled(await heartCentre(heart(page, owl.name)))).toBe(true);
      await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 1`);

      // By keyboard: from the sheep's card link, Tab reaches its heart; Space presses it.
      await page
        .getByRole('link', { name: new RegExp(sheep.name) })
        .first()
        .focus();
      await page.keyboard.press('Tab');
      await expect(heart(page, sheep.name)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(heart(page, sheep.name)).toHaveAttribute('aria-pressed', 'true');
      await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 2`);
      expect(await stored(page)).toEqual([sheep.id, owl.id]);

      // The list's island and a search show the same hearts, pressed.
      await page.goto(`/products?query=${encodeURIComponent(owl.name)}`);
      await islandsHydrated(page);
      await expect(heart(page, owl.name)).toHaveAttribute('aria-pressed', 'true');

      // The animal page: its heart, named for it, pressed; Enter takes it out, the count follows.
      await page.goto(`/products/${owl.id}`);
      const pageHeart = page.getByRole('article').getByRole('button', { name: t.toggle(owl.name) });
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
      await expect(pageHeart).toContainText(t.toggleText);
      await pageHeart.focus();
      await page.keyboard.press('Enter');
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
      await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 1`);
      await pageHeart.click();
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
      expect(await stored(page)).toEqual([owl.id, sheep.id]);

      // The header's link leads to the list, newest first.
      await headerLink(page).click();
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(cardNames(page)).toHaveText([owl.name, sheep.name]);
      expect(sent).toEqual([]);
    });

    test('/favorites keeps the list through a reload, follows a second tab, removes, and shows the empty state', async ({
      page,
      context,
    }) => {
      await page.goto('/favorites');
      await expect(page.getByTestId('favourites-empty')).toContainText(t.emptyTitle);
      await expect(page.getByTestId('favourites-empty').getByRole('link', { name: t.browse })).toHaveAttribute(
        'href',
        '/products',
      );

      const list = await context.newPage();
      await list.goto(`/categories/${sky.slug}`);
      for (const animal of [whale, sheep, owl]) await heart(list, animal.name).click();
      // The first tab's /favorites follows without a reload: today's price and stock with each.
      await expect(cardNames(page)).toHaveText([owl.name, sheep.name, whale.name]);
      const owlItem = page.getByTestId('favourites-list').getByRole('listitem').first();
      await expect(owlItem.getByTestId('animal-card-price')).toContainText(formatPrice(owl.price));
      await expect(owlItem.getByTestId('favourite-stock')).toHaveText(t.inStock(owl.countInStock));
      await expect(owlItem.locator('img')).toHaveAttribute('src', new RegExp(`/art/animals/${owl.slug}\\.svg$`));

      await page.reload();
      await expect(cardNames(page)).toHaveText([owl.name, sheep.name, whale.name]);

      // Remove by pointer: the card goes, focus moves to the next card's remove button.
      await page.getByRole('button', { name: t.removeLabel(sheep.name) }).click();
      await expect(cardNames(page)).toHaveText([owl.name, whale.name]);
      await expect(page.getByRole('button', { name: t.removeLabel(whale.name) })).toBeFocused();
      // By keyboard: the last one, then focus goes back to the one before.
      await page.keyboard.press('Enter');
      await expect(cardNames(page)).toHaveText([owl.name]);
      await expect(page.getByRole('button', { name: t.removeLabel(owl.name) })).toBeFocused();
      // The other tab's hearts follow.
      await expect(heart(list, sheep.name)).toHaveAttribute('aria-pressed', 'false');
      await expect(heart(list, owl.name)).toHaveAttribute('aria-pressed', 'true');
      await expect(headerLink(list)).toHaveAccessibleName(`${t.headerLink} 1`);
      await page.keyboard.press('Space');
      await expect(page.getByTestId('favourites-empty')).toBeVisible();
      await expect(page.getByRole('heading', { name: t.emptyTitle })).toBeFocused();
    });
  });
}

test('the shared link opens the same list, read-only, in a fresh browser, whose hearts keep its own favourites', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(
    (ids) => {
      if (!localStorage.getItem('favourites')) localStorage.setItem('favourites', JSON.stringify(ids));
    },
    [whale.id, owl.id],
  );
  await page.goto('/favorites');
  await expect(cardNames(page)).toHaveText([whale.name, owl.name]);
  const share = page.getByTestId('favourites-share-link');
  await expect(share).toHaveAttribute('href', `/favorites?ids=${whale.id},${owl.id}`);
  await page.getByRole('button', { name: t.copy }).click();
  await expect(page.getByText(t.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/favorites?ids=${whale.id},${owl.id}`);

  const fresh = await browser.newContext({ locale: 'he-IL' });
  const other = await fresh.newPage();
  await other.goto(copied);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(t.sharedTitle);
  await expect(cardNames(other)).toHaveText([whale.name, owl.name]);
  await expect(other.getByRole('button', { name: new RegExp(t.remove) })).toHaveCount(0);
  await heartsReady(other);
  await heart(other, owl.name).click();
  await expect(headerLink(other)).toHaveAccessibleName(`${t.headerLink} 1`);
  // Still the shared list; the reader's own list has the one they kept.
  await expect(cardNames(other)).toHaveText([whale.name, owl.name]);
  await other.getByRole('link', { name: t.toMine }).click();
  await expect(cardNames(other)).toHaveText([owl.name]);
  await fresh.close();
});

test('an animal the shop no longer shows drops out of the list and the count; a shared one simply is not shown', async ({
  page,
}) => {
  const gone = 'abcdef0123456789abcdef01';
  await page.addInitScript((ids) => localStorage.setItem('favourites', JSON.stringify(ids)), [gone, owl.id]);
  await page.goto('/favorites');
  await expect(cardNames(page)).toHaveText([owl.name]);
  await expect.poll(() => stored(page)).toEqual([owl.id]);
  await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 1`);
  await expect(page.getByRole('status').filter({ hasText: t.gone(1) })).toBeAttached();

  await page.goto(`/favorites?ids=${gone},${sheep.id}`);
  await expect(cardNames(page)).toHaveText([sheep.name]);
});

test('past the limit a heart stays unpressed and the notice says why, in Hebrew', async ({ page }) => {
  const full = Array.from({ length: MAX_FAVOURITES }, (_, index) => index.toString(16).padStart(24, 'e'));
  await page.addInitScript((ids) => localStorage.setItem('favourites', JSON.stringify(ids)), full);
  await page.goto(`/products/${owl.id}`);
  await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} ${MAX_FAVOURITES}`);
  await heart(page, owl.name).click();
  await expect(page.getByRole('status').filter({ hasText: t.tooMany })).toBeVisible();
  await expect(heart(page, owl.name)).toHaveAttribute('aria-pressed', 'false');
  expect(await stored(page)).toHaveLength(MAX_FAVOURITES);
});

test('a heart tapped before the page’s scripts run shows at once and is kept once they do', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(`/categories/${sky.slug}`, { waitUntil: 'commit' });
  await heart(page, whale.name).click();
  await expect(heart(page, whale.name)).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('link', { name: new RegExp(sheep.name) })
    .first()
    .focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(heart(page, sheep.name)).toHaveAttribute('aria-pressed', 'true');
  await scripts.release();
  await heartsReady(page);
  await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 2`);
  expect(await stored(page)).toEqual([sheep.id, whale.id]);
  await page.reload();
  await expect(heart(page, whale.name)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page, sheep.name)).toHaveAttribute('aria-pressed', 'true');
});

test('a page that is only read fetches no favourites script: the first tap does, and the tap counts', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/(?:hearts|store)\.[^/]*\.js$/.test(request.url())) fetched.push(request.url());
  });
  await page.goto(`/products/${owl.id}`);
  // The frame's own scripts ran (the header's search is a combobox), the page is idle: nothing of the favourites.
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'חיפוש תיפלצים' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await heart(page, owl.name).click();
  await heartsReady(page);
  expect(fetched.length).toBeGreaterThan(0);
  await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 1`);
  expect(await stored(page)).toEqual([owl.id]);
});

test('the static build’s /favorites lists them from the build’s index, and opens a shared list', async ({ page }) => {
  await page.goto(`${STATIC_BASE_URL}/categories/${sky.slug}`);
  await heart(page, owl.name).click();
  await heart(page, whale.name).click();
  await headerLink(page).click();
  await expect(page).toHaveURL(`${STATIC_BASE_URL}/favorites`);
  await expect(cardNames(page)).toHaveText([whale.name, owl.name]);
  await expect(page.getByTestId('favourites-list').getByTestId('favourite-stock').first()).toHaveText(
    t.inStock(whale.countInStock),
  );
  const href = await page.getByTestId('favourites-share-link').getAttribute('href');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${STATIC_BASE_URL}${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.sharedTitle);
  await expect(cardNames(page)).toHaveText([whale.name, owl.name]);
});

for (const list of ['own', 'shared'] as const) {
  test(`on the static build the ${list} list is read while the island still loads, and nothing is fetched twice`, async ({
    page,
  }) => {
    const ids = [whale.id, owl.id];
    const expected = await piecesRead((catalogue) => catalogue.animals(ids));
    if (list === 'own') await page.addInitScript((own) => localStorage.setItem('favourites', JSON.stringify(own)), ids);
    const fetched = watchIndex(page);
    // The island's module is held: what arrives meanwhile was asked for by the page's early read.
    const island = await holdScripts(page, /\/_astro\/FavouritesList\.[^/]+\.js$/);
    await page.goto(`${STATIC_BASE_URL}/favorites${list === 'shared' ? `?ids=${ids.join(',')}` : ''}`);
    await expect.poll(() => fetched.names.toSorted()).toEqual(['manifest', ...expected].toSorted());
    await expect(cardNames(page)).toHaveCount(0);
    await island.release();
    await expect(cardNames(page)).toHaveText([whale.name, owl.name]);
    await page.waitForLoadState('networkidle');
    expect(fetched.names.toSorted()).toEqual(['manifest', ...expected].toSorted());
  });
}

test('on the static build a piece of the list that does not come shows the error box, and nothing is thrown', async ({
  page,
}) => {
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  let fail = true;
  await page.route('**/search/*/records/*.bin', (route) => (fail ? route.abort('connectionfailed') : route.continue()));
  await page.goto(`${STATIC_BASE_URL}/favorites?ids=${whale.id},${owl.id}`);
  await expect(page.getByRole('alert')).toContainText(errorBoxStrings.title);
  await expect(page.getByRole('alert')).toContainText(NO_RESPONSE);
  await expect(cardNames(page)).toHaveCount(0);
  fail = false;
  await page.reload();
  await expect(cardNames(page)).toHaveText([whale.name, owl.name]);
  expect(thrown).toEqual([]);
});

test('a list arrives without moving anything on a phone: the own list, and a shared one on the static build', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((ids) => localStorage.setItem('favourites', JSON.stringify(ids)), [owl.id, whale.id]);
  for (const path of ['/favorites', `${STATIC_BASE_URL}/favorites?ids=${whale.id},${owl.id}`]) {
    await page.goto(path);
    await expect(cardNames(page)).toHaveCount(2);
    expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
  }
});

test('axe finds nothing on /favorites with a list, light and dark, 390 and 1280 px', async ({ page }) => {
  await page.addInitScript((ids) => localStorage.setItem('favourites', JSON.stringify(ids)), [owl.id, sheep.id]);
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((value) => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
    }, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/favorites');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(cardNames(page)).toHaveCount(2);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      const found = results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
      expect.soft(found, `${theme}, ${width}px`).toEqual([]);
    }
  }
});
