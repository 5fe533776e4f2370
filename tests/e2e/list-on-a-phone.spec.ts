/**
 * The animals list on a phone (src/features/list-filters/FilterSheet.tsx, FilterChips.tsx): at 390 × 844
 * the search box stays and the sort and filters wait behind 'סינון ומיון', which counts the filters on;
 * its sheet is a modal dialog (focus inside and kept there, Escape, the close button, the page behind
 * inert, focus back on the button), by pointer and by keyboard; the filters on show as chips that remove
 * themselves; the first card's picture is on the first screen, with nothing shifting; without JavaScript
 * the sheet opens and its form filters through the server; at 1280 px today's row of fields, no sheet.
 * axe on the open sheet in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { islandsHydrated, seedCategory } from '../helpers/catalogue.ts';
import { layoutShift } from '../helpers/layout-shift.ts';

const PHONE = { width: 390, height: 844 };
const sky = seedCategory('sky-creatures');
const FILTERED = `/products?minPrice=300&inStock=1&category=${sky.slug}`;

const sheetButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^סינון ומיון/ });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'סינון ומיון' });
const chips = (page: Page) => page.getByRole('list', { name: 'מסננים פעילים' }).getByRole('link');

async function openList(page: Page, path: string) {
  await page.goto(path);
  await islandsHydrated(page);
  await expect(page.getByTestId('animal-search')).toHaveAttribute('data-ready', 'true');
}

/** Is the picture's whole box inside the viewport? */
async function fullyOnScreen(page: Page, width: number, height: number) {
  const box = (await page.getByTestId('animal-results').locator('li img').first().boundingBox())!;
  expect(box.height).toBeGreaterThan(100);
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: PHONE });

  test('the search box stays, the rest waits behind one button that counts the filters on', async ({ page }) => {
    await openList(page, '/products');
    const main = page.getByRole('main');
    await expect(main.getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'מיון' })).toBeHidden();
    await expect(main.getByRole('checkbox', { name: 'רק במלאי' })).toBeHidden();
    await expect(sheetButton(page)).toHaveAccessibleName('סינון ומיון');
    await expect(page.getByTestId('filter-count')).toHaveCount(0);
    await expect(chips(page)).toHaveCount(0);

    await openList(page, FILTERED);
    await expect(sheetButton(page)).toHaveAccessibleName('סינון ומיון, 3 מסננים פעילים');
    await expect(page.getByTestId('filter-count')).toHaveText('3');
    await expect(chips(page)).toHaveText(['מחיר מ־₪300×', `${sky.name}×`, 'רק במלאי×']);
  });

  test('by pointer: the sheet opens, filters at once, counts, and closes with its button', async ({ page }) => {
    await openList(page, '/products');
    await sheetButton(page).click();
    await expect(sheet(page)).toBeVisible();
    // Modal: the page behind is inert.
    expect(await sheet(page).evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    await sheet(page).getByRole('checkbox', { name: 'רק במלאי' }).check();
    await expect(page).toHaveURL('/products?inStock=1');
    await sheet(page).getByRole('combobox', { name: 'מיון' }).selectOption('price');
    await expect(page).toHaveURL('/products?sort=price&inStock=1');
    await sheet(page).getByRole('combobox', { name: 'קטגוריה' }).selectOption(sky.slug);
    await expect(page).toHaveURL(`/products?sort=price&inStock=1&category=${sky.slug}`);
    await sheet(page).getByRole('button', { name: 'סגירה' }).click();
    await expect(sheet(page)).toBeHidden();
    await expect(sheetButton(page)).toBeFocused();
    await expect(page.getByTestId('filter-count')).toHaveText('2');
    await expect(chips(page)).toHaveText([`${sky.name}×`, 'רק במלאי×']);
    const cards = page.getByTestId('animal-results').getByTestId('animal-card');
    const api = (await (
      await page.request.get(`/api/animals/search?sort=price&inStock=1&category=${sky.slug}&limit=24`)
    ).json()) as { animals: { name: string }[] };
    await expect(cards.locator('h3')).toHaveText(api.animals.map((animal) => animal.name));

    // A chip removes its filter, and gives the focus to the button.
    await chips(page).filter({ hasText: sky.name }).click();
    await expect(page).toHaveURL('/products?sort=price&inStock=1');
    await expect(chips(page)).toHaveText(['רק במלאי×']);
    await expect(page.getByTestId('filter-count')).toHaveText('1');
    await expect(sheetButton(page)).toBeFocused();
    // The backdrop closes the sheet too; the sheet's own button applies and closes it.
    await sheetButton(page).click();
    await page.mouse.click(195, 60);
    await expect(sheet(page)).toBeHidden();
    await sheetButton(page).click();
    await sheet(page).getByRole('spinbutton', { name: 'מחיר עד' }).fill('2000');
    await sheet(page).getByRole('button', { name: 'סינון', exact: true }).click();
    await expect(sheet(page)).toBeHidden();
    await expect(page).toHaveURL('/products?sort=price&maxPrice=2000&inStock=1');
  });

  test('by keyboard: focus goes in, Tab stays inside, Escape closes it, focus comes back', async ({ page }) => {
    await openList(page, FILTERED);
    await sheetButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByRole('button', { name: 'סגירה' })).toBeFocused();
    // Every control of the sheet, and around again: focus never leaves it.
    const controls = await sheet(page).locator('a[href], button, input, select').count();
    for (let press = 0; press < controls + 2; press++) {
      await page.keyboard.press('Tab');
      expect(await sheet(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await sheet(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    // The checkbox by keyboard: the list follows at once.
    await sheet(page).getByRole('checkbox', { name: 'רק במלאי' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(`/products?minPrice=300&category=${sky.slug}`);
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();
    await expect(sheetButton(page)).toBeFocused();
    await expect(sheetButton(page)).toHaveAccessibleName('סינון ומיון, 2 מסננים פעילים');
    // A chip by keyboard.
    await chips(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/products?category=${sky.slug}`);
    await expect(chips(page)).toHaveText([`${sky.name}×`]);
  });

  test('the first card’s picture is on the first screen, with or without filters, and nothing shifts', async ({
    page,
  }) => {
    for (const path of ['/products', FILTERED]) {
      await page.goto(path);
      await page.waitForLoadState('load');
      expect(await fullyOnScreen(page, PHONE.width, PHONE.height), path).toBe(true);
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
    }
  });

  test('axe finds nothing on the open sheet, light and dark', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript((value) => {
        localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
      }, theme);
      await openList(page, FILTERED);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await sheetButton(page).click();
      await expect(sheet(page)).toBeVisible();
      // Risen fully (its slide takes 300 ms), so colours are measured where they end.
      await expect
        .poll(() => sheet(page).evaluate((dialog) => Math.round(dialog.getBoundingClientRect().bottom)))
        .toBe(PHONE.height);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
        theme,
      ).toEqual([]);
    }
  });
});

test.describe('at 390 × 844 without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the sheet opens, its form filters through the server, and a chip is a link without that filter', async ({
    page,
  }) => {
    await page.goto('/products');
    expect(await fullyOnScreen(page, PHONE.width, PHONE.height)).toBe(true);
    await sheetButton(page).click();
    await expect(sheet(page)).toBeVisible();
    await sheet(page).getByRole('checkbox', { name: 'רק במלאי' }).check();
    await sheet(page).getByRole('combobox', { name: 'קטגוריה' }).selectOption(sky.slug);
    await sheet(page).getByRole('button', { name: 'סינון', exact: true }).click();
    // A plain GET form: every field is in the address, the empty ones too.
    await expect(page).toHaveURL(/inStock=1/);
    expect(new URL(page.url()).searchParams.get('category')).toBe(sky.slug);
    await expect(sheetButton(page)).toHaveAccessibleName('סינון ומיון, 2 מסננים פעילים');
    await expect(chips(page)).toHaveText([`${sky.name}×`, 'רק במלאי×']);
    expect(await fullyOnScreen(page, PHONE.width, PHONE.height)).toBe(true);
    await chips(page).filter({ hasText: 'רק במלאי' }).click();
    await expect(page).toHaveURL(`/products?category=${sky.slug}`);
    await expect(page.getByRole('main').getByRole('combobox', { name: 'קטגוריה', includeHidden: true })).toHaveValue(
      sky.slug,
    );
    // Escape closes it without script too.
    await sheetButton(page).click();
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();
  });
});

test('at 1280 px the fields stay in their row: no sheet, no button, no chips', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openList(page, FILTERED);
  const main = page.getByRole('main');
  const search = await main.getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' }).boundingBox();
  const sort = await main.getByRole('combobox', { name: 'מיון' }).boundingBox();
  // Beside the search box, as ever (right to left: the sort to its left).
  expect(Math.round(sort!.y + sort!.height)).toBe(Math.round(search!.y + search!.height));
  expect(sort!.x).toBeLessThan(search!.x);
  for (const field of ['מחיר מ־', 'מחיר עד']) await expect(main.getByRole('spinbutton', { name: field })).toBeVisible();
  await expect(main.getByRole('checkbox', { name: 'רק במלאי' })).toBeChecked();
  await expect(sheetButton(page)).toBeHidden();
  await expect(page.getByRole('list', { name: 'מסננים פעילים' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'סינון ומיון' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'סגירה' })).toBeHidden();
  // Grown wide with the sheet open (a phone turned on its side): the sheet closes, the row shows.
  await page.setViewportSize(PHONE);
  await sheetButton(page).click();
  await expect(sheet(page)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('#list-filters')).toHaveJSProperty('open', false);
  await expect(main.getByRole('combobox', { name: 'מיון' })).toBeVisible();
});
