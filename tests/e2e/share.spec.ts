/**
 * Sharing an animal (src/features/share): where the browser has the Web Share API, its share sheet gets
 * the animal's name and canonical address; where it has not (or refuses), the address is copied and a
 * notice says so in a live region. By pointer and by keyboard, at 390 and 1280 px. `navigator.share` is
 * stubbed before the page's scripts run (page.addInitScript); the clipboard is Chromium's own.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedAnimal } from '../helpers/catalogue.ts';

const animal = seedAnimal('rainbow-owl');
const shareButton = (page: Page) => page.getByRole('button', { name: `שיתוף הקישור אל ${animal.name}` });
const notice = (page: Page) => page.locator('[data-share-notice]');

/** Replaces `navigator.share`: it records what it is given and answers `outcome`. */
async function stubShare(page: Page, outcome: 'shared' | 'refused' | 'none') {
  await page.addInitScript((how) => {
    const calls: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = calls;
    if (how === 'none') {
      delete (Navigator.prototype as { share?: unknown }).share;
      return;
    }
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return how === 'shared' ? Promise.resolve() : Promise.reject(new DOMException('no', 'NotAllowedError'));
      },
    });
  }, outcome);
}

for (const width of [390, 1280]) {
  test.describe(`${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('with navigator.share: the share sheet gets the name and the canonical address', async ({ page, baseURL }) => {
      await stubShare(page, 'shared');
      await page.goto(`/products/${animal.id}?utm_source=test`);
      await page.waitForLoadState('load');
      await shareButton(page).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
        .toEqual([{ title: animal.name, url: `${baseURL}/products/${animal.id}` }]);
      // Keyboard too.
      await shareButton(page).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(2);
      await expect(notice(page)).toHaveText('');
    });

    for (const outcome of ['none', 'refused'] as const) {
      test(`${outcome === 'none' ? 'without navigator.share' : 'when the share sheet is refused'}: the address is copied, with a notice`, async ({
        page,
        context,
        baseURL,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
        await stubShare(page, outcome);
        await page.goto(`/products/${animal.id}`);
        await page.waitForLoadState('load');
        if (outcome === 'none') {
          // Enabled once its script has arrived (a click waits for that by itself).
          await expect(shareButton(page)).toBeEnabled();
          await shareButton(page).focus();
          await page.keyboard.press('Enter');
        } else {
          await shareButton(page).click();
        }
        await expect(notice(page)).toHaveText('הקישור הועתק. אפשר להדביק אותו בכל מקום.');
        await expect(notice(page)).toHaveAttribute('aria-live', 'polite');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/products/${animal.id}`);
      });
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the button, which needs script, is not shown', async ({ page }) => {
    await page.goto(`/products/${animal.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(animal.name);
    await expect(shareButton(page)).toBeHidden();
  });
});
