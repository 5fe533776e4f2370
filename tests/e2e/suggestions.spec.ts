/**
 * The header search's suggestions (docs/search.md): a WAI-ARIA combobox over the real suggest API on the
 * seed catalogue. Keyboard, mouse, Esc, Enter without a choice, axe with the list open, and the
 * page without JavaScript unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const TYPED = 'דרקו';

const field = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'חיפוש תיפלצים' });
const list = (page: Page) => page.getByRole('listbox', { name: 'הצעות חיפוש' });

async function typeAndWait(page: Page, text = TYPED) {
  await field(page).focus();
  await page.keyboard.type(text);
  await expect(list(page)).toBeVisible();
  await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
}

test('keyboard only: ↓/↑ move through the suggestions, Enter opens the chosen one', async ({ page }) => {
  await page.goto('/about');
  await typeAndWait(page);
  const options = list(page).getByRole('option');
  expect(await options.count()).toBeGreaterThanOrEqual(2);
  await expect(options.first()).toContainText(TYPED);

  await page.keyboard.press('ArrowDown');
  const firstId = await options.nth(0).getAttribute('id');
  await expect(field(page)).toHaveAttribute('aria-activedescendant', firstId!);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(field(page)).toHaveAttribute('aria-activedescendant', firstId!);

  const chosen = (await options.nth(0).locator('span').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
});

test('the list is announced and axe finds nothing with it open, in both themes', async ({ page }) => {
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
    }, theme);
    await page.goto('/categories');
    await typeAndWait(page);
    await expect(field(page)).toHaveAttribute('aria-controls', (await list(page).getAttribute('id'))!);
    await expect(page.getByRole('status').filter({ hasText: 'הצעות' })).toHaveText(/\d+ הצעות|הצעה אחת/);
    await page.keyboard.press('ArrowDown');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  }
});

test('the mouse chooses a suggestion', async ({ page }) => {
  await page.goto('/');
  await typeAndWait(page);
  const option = list(page).getByRole('option').nth(1);
  const name = (await option.locator('span').first().textContent())!;
  await option.click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('Esc closes the list and keeps the text', async ({ page }) => {
  await page.goto('/about');
  await typeAndWait(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(list(page)).toBeHidden();
  await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(field(page)).not.toHaveAttribute('aria-activedescendant', /.+/);
  await expect(field(page)).toHaveValue(TYPED);
});

test('Enter with nothing chosen searches, as the spec says', async ({ page }) => {
  await page.goto('/about');
  await typeAndWait(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/products?query=${encodeURIComponent(TYPED)}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the field is the plain search field', async ({ page }) => {
    await page.goto('/about');
    const plain = page.getByRole('banner').getByRole('searchbox', { name: 'חיפוש תיפלצים' });
    await expect(plain).toBeVisible();
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await plain.fill('דרקון');
    await plain.press('Enter');
    await expect(page).toHaveURL(/\/products\?query=/);
  });
});
