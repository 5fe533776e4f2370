/**
 * Islands wake when the browser is idle and the header's scripts load after the page: what a shopper does
 * before then is not lost. Every script of the page is held back until the shopper has acted, then let
 * through; the act takes effect (docs/decisions/0012-first-paint-pictures-and-stylesheet.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { islandsHydrated, seedAnimal } from '../helpers/catalogue.ts';
import { holdScripts } from '../helpers/hold-scripts.ts';

const html = (page: Page) => page.locator('html');
const searchBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'חיפוש בשם ובתיאור' });

test('a search typed into the list before its island wakes is searched once it does', async ({ page }) => {
  await page.clock.install({ time: new Date('2030-01-01T10:00:00Z') });
  const scripts = await holdScripts(page);
  await page.goto('/products', { waitUntil: 'commit' });
  await searchBox(page).fill('דרקון');
  await scripts.release();
  await islandsHydrated(page);
  await expect(searchBox(page)).toHaveValue('דרקון');
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/products\?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F$/);
  await expect(page.getByTestId('result-count')).toHaveText('נמצאו 3 תיפלצים');
});

test('the theme chosen before the theme script runs is applied and saved once it does', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  // The menu is a popover: it opens, and its radios take a choice, without script.
  await page.getByRole('button', { name: 'ערכת צבעים' }).click();
  await page.getByRole('radio', { name: /^כהה/ }).check();
  await scripts.release();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('theme-storage')))
    .toBe('{"state":{"theme":"dark"},"version":0}');
});

test('the menu opened before its script runs stays open and then behaves as usual', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: 'פתיחת התפריט' });
  await toggle.click();
  const panel = page.locator('#side-panel');
  await expect(panel).toHaveJSProperty('open', true);
  // Its links are there before the page's scripts: the boot script copied them from the bar.
  await expect(panel.getByRole('link')).toHaveCount(6);
  await scripts.release();
  await expect(panel).toHaveJSProperty('open', true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('buy now pressed before the dialog’s island wakes opens the dialog, which works once it does', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto(`/products/${seedAnimal('rainbow-owl').id}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'קנה עכשיו' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'השלמת הרכישה' });
  await expect(dialog).toBeVisible();
  await scripts.release();
  await islandsHydrated(page);
  const quantity = dialog.getByRole('spinbutton', { name: 'כמות' });
  await quantity.fill('9');
  await dialog.getByRole('button', { name: 'אישור הרכישה' }).click();
  // Out of range: brought back to the stock and kept open, as when the island was awake at the press.
  await expect(quantity).toHaveValue('3');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'אישור הרכישה' }).click();
  await expect(dialog).toBeHidden();
});

test('the header search reached before its script runs offers suggestions once it does', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('searchbox', { name: 'חיפוש תיפלצים' }).focus();
  await scripts.release();
  const field = page.getByRole('banner').getByRole('combobox', { name: 'חיפוש תיפלצים' });
  await expect(field).toBeFocused();
  // The suggestions' code loaded without a second focus: the field controls their list.
  await expect(field).toHaveAttribute('aria-controls', /.+/);
  await page.keyboard.type('דרקו');
  await expect(page.getByRole('listbox', { name: 'הצעות חיפוש' })).toBeVisible();
});
