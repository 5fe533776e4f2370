/**
 * The list's filters, corrections and marks (docs/search.md) on /products, on the seed catalogue, in
 * Chromium with and without JavaScript: each filter in the URL and applied (compared with the API's
 * own answer for the same filters), the category counts, 'נקה סינון', the correction line and its
 * exact-search link, the empty state's links, matched words marked, and filtered lists kept out of
 * search engines' indexes.
 */
import { expect, test, type Page } from '@playwright/test';
import { animalStrings } from '../../src/features/animal-list/strings.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { islandsHydrated, seedCategories } from '../helpers/catalogue.ts';

const cards = (page: Page) => page.getByTestId('animal-results').getByTestId('animal-card');
const main = (page: Page) => page.getByRole('main');
const count = (page: Page) => page.getByTestId('result-count');
const sky = seedCategories.find((category) => category.slug === 'sky-creatures')!;

async function openList(page: Page, path = '/products') {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await islandsHydrated(page);
  await expect(page.getByTestId('animal-search')).toHaveAttribute('data-ready', 'true');
}

async function api(page: Page, params: string): Promise<AnimalSearchResult> {
  return (await (await page.request.get(`/api/animals/search?limit=100&${params}`)).json()) as AnimalSearchResult;
}

/** The names on screen are the API's animals for the same search, in its order. */
async function expectCardsOf(page: Page, params: string) {
  const expected = await api(page, params);
  await expect(cards(page).locator('h3')).toHaveText(expected.animals.slice(0, 24).map((animal) => animal.name));
  await expect(count(page)).toHaveText(animalStrings.count(expected.total));
  return expected;
}

test.describe('with JavaScript', () => {
  test('each control filters at once, in the URL, starting again at page 1', async ({ page }) => {
    await openList(page, '/products?page=2');
    await main(page).getByRole('checkbox', { name: 'רק במלאי' }).check();
    await expect(page).toHaveURL('/products?inStock=1');
    await expectCardsOf(page, 'inStock=1');

    const category = main(page).getByRole('combobox', { name: 'קטגוריה' });
    // The options say how many animals each would give, from the answer's facets.
    const facets = (await api(page, 'inStock=1')).facets!;
    const skyCount = facets.categories.find((entry) => entry.slug === sky.slug)!.count;
    await expect(category.locator(`option[value="${sky.slug}"]`)).toHaveText(`${sky.name} (${skyCount})`);
    await category.selectOption(sky.slug);
    await expect(page).toHaveURL(`/products?inStock=1&category=${sky.slug}`);
    await expectCardsOf(page, `inStock=1&category=${sky.slug}`);

    await main(page).getByRole('combobox', { name: 'דירוג מינימלי' }).selectOption('4');
    await expect(page).toHaveURL(`/products?inStock=1&minRating=4&category=${sky.slug}`);
    await expectCardsOf(page, `inStock=1&minRating=4&category=${sky.slug}`);

    // A typed price waits for the pause after the last keystroke.
    await main(page).getByRole('spinbutton', { name: 'מחיר מ־' }).fill('300');
    await expect(page).toHaveURL(`/products?minPrice=300&inStock=1&minRating=4&category=${sky.slug}`);
    await expectCardsOf(page, `minPrice=300&inStock=1&minRating=4&category=${sky.slug}`);

    // A new search typed keeps the filters.
    await main(page).getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' }).fill('כבשה');
    await main(page).getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' }).press('Enter');
    await expect(page).toHaveURL(
      `/products?query=${encodeURIComponent('כבשה')}&minPrice=300&inStock=1&minRating=4&category=${sky.slug}`,
    );
    await expectCardsOf(
      page,
      `search=${encodeURIComponent('כבשה')}&minPrice=300&inStock=1&minRating=4&category=${sky.slug}`,
    );

    await main(page).getByRole('link', { name: 'נקה סינון' }).first().click();
    await expect(page).toHaveURL(`/products?query=${encodeURIComponent('כבשה')}`);
    await expect(main(page).getByRole('checkbox', { name: 'רק במלאי' })).not.toBeChecked();
    await expect(main(page).getByRole('link', { name: 'נקה סינון' })).toHaveCount(0);
  });

  test('clearing the filters while a typed search still loads keeps what was typed', async ({ page }) => {
    await openList(page, '/products?inStock=1');
    // The typed search's answer is held until the link has been followed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/animals\/search\?.*search=/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const field = main(page).getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' });
    await field.fill('כבשה');
    await field.press('Enter');
    await expect(count(page)).toHaveText(animalStrings.loading);
    await main(page).getByRole('link', { name: 'נקה סינון' }).first().click();
    await expect(page).toHaveURL(`/products?query=${encodeURIComponent('כבשה')}`);
    release();
    await islandsHydrated(page);
    await expect(field).toHaveValue('כבשה');
    await expect(main(page).getByRole('checkbox', { name: 'רק במלאי' })).not.toBeChecked();
  });

  test('a search in the wrong layout says what it searched for, and can search exactly', async ({ page }) => {
    await openList(page, '/products?query=sreui');
    await expect(page.getByTestId('correction')).toHaveText('מציגים תוצאות עבור "דרקון" לחפש בדיוק "sreui"');
    const dragons = await api(page, `search=${encodeURIComponent('דרקון')}`);
    await expect(cards(page)).toHaveCount(dragons.total);
    // Matched words are marked in the cards.
    await expect(cards(page).first().locator('mark').first()).toBeVisible();
    await page.getByTestId('correction').getByRole('link', { name: 'לחפש בדיוק "sreui"' }).click();
    await expect(page).toHaveURL('/products?query=sreui&exact=1');
    await expect(page.getByTestId('no-match')).toBeVisible();
    await expect(page.getByTestId('correction')).toHaveCount(0);
  });

  test('nothing found: clear the filters, or go to a category', async ({ page }) => {
    await openList(page, `/products?query=${encodeURIComponent('אין כזה תיפלץ')}&inStock=1`);
    const empty = page.getByTestId('no-match');
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('link', { name: 'נקה סינון' })).toHaveAttribute(
      'href',
      `/products?${new URLSearchParams({ query: 'אין כזה תיפלץ' })}`,
    );
    for (const category of seedCategories) {
      await expect(empty.getByRole('link', { name: category.name })).toHaveAttribute(
        'href',
        `/categories/${category.slug}`,
      );
    }
  });

  test('matched words are marked with <mark> in names and descriptions', async ({ page }) => {
    await openList(page, `/products?query=${encodeURIComponent('הדרקונים')}`);
    const marks = await cards(page).locator('h3 mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toContain('דרק');
  });

  test('a filtered list is noindex, follow, with the unfiltered list as canonical', async ({ page, baseURL }) => {
    await page.goto(`/products?sort=price&inStock=1&category=${sky.slug}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex, ?follow/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/products?sort=price`);
    await page.goto('/products?sort=price');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form filters through the server', async ({ page }) => {
    await page.goto('/products');
    await main(page).getByRole('checkbox', { name: 'רק במלאי' }).check();
    await main(page).getByRole('combobox', { name: 'קטגוריה' }).selectOption(sky.slug);
    await main(page).getByRole('spinbutton', { name: 'מחיר עד' }).fill('2000');
    await main(page).getByRole('button', { name: 'סינון' }).click();
    await expect(page).toHaveURL(new RegExp(`inStock=1`));
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe(sky.slug);
    expect(url.searchParams.get('maxPrice')).toBe('2000');
    await expectCardsOf(page, `inStock=1&category=${sky.slug}&maxPrice=2000`);
    await expect(main(page).getByRole('combobox', { name: 'קטגוריה' })).toHaveValue(sky.slug);
    await expect(main(page).getByRole('link', { name: 'נקה סינון' })).toHaveAttribute('href', '/products');
  });
});
