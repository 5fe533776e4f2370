import { expect, test } from '@playwright/test';
import { catalogue } from '../../src/server/db/catalogue.ts';

test('the home page shows the seeded categories, right to left', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  for (const category of catalogue) {
    await expect(page.getByRole('link', { name: category.name }).first()).toBeVisible();
  }
});
