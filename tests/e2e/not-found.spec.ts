/** The not-found page: status 404 for any unknown path, its texts, the fun facts and both buttons. */
import { expect, test } from '@playwright/test';
import { notFoundStrings } from '../../src/features/not-found/strings.ts';

for (const path of ['/no-such-page', '/deep/unknown/path?x=1', '/%D7%93%D7%A8%D7%A7%D7%95%D7%9F']) {
  test(`${decodeURI(path)} is answered with status 404 and the not-found page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveTitle('העמוד לא נמצא | חנות התיפלצים');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('אופס! העמוד לא נמצא');
  });
}

test('the 404 link of the navigation shows the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'דף 404' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('אופס! העמוד לא נמצא');
});

test('a fun-fact box with facts written for the shop, and another on request', async ({ page }) => {
  await page.goto('/no-such-page');
  const box = page.getByRole('complementary', { name: 'הידעתם?' });
  await expect(box).toBeVisible();
  const fact = box.locator('[data-fun-fact]');
  const first = await fact.textContent();
  expect(notFoundStrings.facts).toContain(first);
  await box.getByRole('button', { name: 'עובדה נוספת' }).click();
  await expect(fact).not.toHaveText(first!);
  expect(notFoundStrings.facts).toContain(await fact.textContent());
  await expect(fact).toHaveAttribute('aria-live', 'polite');
});

test("'לדף הבית' goes home", async ({ page }) => {
  await page.goto('/no-such-page');
  await page.getByRole('main').getByRole('link', { name: 'לדף הבית', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test("'חזרה' goes one step back in history", async ({ page }) => {
  await page.goto('/about');
  await page.goto('/no-such-page');
  await page.getByRole('main').getByRole('button', { name: 'חזרה' }).click();
  await page.waitForURL((url) => url.pathname === '/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('על התיפלצים שלנו');
});
