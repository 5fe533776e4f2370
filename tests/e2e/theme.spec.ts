/** The theme control: three joke-labelled options, applied at once, stored exactly, no flash. */
import { expect, test, type Page } from '@playwright/test';

const KEY = 'theme-storage';
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const html = (page: Page) => page.locator('html');

async function choose(page: Page, name: RegExp) {
  const button = page.getByRole('button', { name: 'ערכת צבעים' });
  await button.click();
  const option = page.getByRole('radio', { name });
  await option.check();
  await expect(option).toBeChecked();
}

test('three options, each labelled with a joke', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'ערכת צבעים' }).click();
  const group = page.getByRole('group', { name: 'באיזה אור נראה את התיפלצים?' });
  await expect(group).toBeVisible();
  await expect(group.getByRole('radio')).toHaveCount(3);
  await expect(group.getByRole('radio', { name: /^בהיר/ })).toHaveAccessibleName(/בהיר.*שמש/);
  await expect(group.getByRole('radio', { name: /^כהה/ })).toHaveAccessibleName(/כהה.*חושך/);
  await expect(group.getByRole('radio', { name: /^כמו במערכת/ })).toHaveAccessibleName(/כמו במערכת.*יודע הכול/);
  // Default: system.
  await expect(group.getByRole('radio', { name: /^כמו במערכת/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();
});

test('each option applies its class at once and is saved in the exact format', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
  expect(await stored(page)).toBeNull();

  await choose(page, /^כהה/);
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html(page)).not.toHaveClass(/(^|\s)light(\s|$)/);
  expect(await stored(page)).toBe('{"state":{"theme":"dark"},"version":0}');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');

  await page.getByRole('radio', { name: /^בהיר/ }).check();
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await stored(page)).toBe('{"state":{"theme":"light"},"version":0}');

  await page.getByRole('radio', { name: /^כמו במערכת/ }).check();
  expect(await stored(page)).toBe('{"state":{"theme":"system"},"version":0}');
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
});

test('system keeps following the operating system while chosen, and only then', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await choose(page, /^כמו במערכת/);
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);

  await page.getByRole('radio', { name: /^בהיר/ }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  // Let the media change reach the page, then make sure it changed nothing.
  await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
});

test('the choice persists across reloads and pages', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await choose(page, /^כהה/);
  await page.reload();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await stored(page)).toBe('{"state":{"theme":"dark"},"version":0}');
  await page.getByRole('button', { name: 'ערכת צבעים' }).click();
  await expect(page.getByRole('radio', { name: /^כהה/ })).toBeChecked();
  await page.goto('/contact');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
});

test('a theme radio the browser restores from an earlier visit does not undo a later choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // Out of the back/forward cache (an unload listener keeps a page out of it): going back loads /about
  // again, and the browser restores the radios as they were when the shopper left it.
  await page.addInitScript(() => window.addEventListener('unload', () => {}));
  await page.goto('/about');
  await choose(page, /^כהה/);
  await page.goto('/contact');
  await choose(page, /^בהיר/);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForLoadState('networkidle');
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
  expect(await stored(page)).toBe('{"state":{"theme":"light"},"version":0}');
  await page.getByRole('button', { name: 'ערכת צבעים' }).click();
  await expect(page.getByRole('radio', { name: /^בהיר/ })).toBeChecked();
});

test('values saved by earlier versions still load', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  for (const [value, theme] of [
    ['{"state":{"theme":"dark"}}', 'dark'],
    ['{"state":{"theme":"dark"},"version":2}', 'dark'],
    ['"dark"', 'dark'],
    ['dark', 'dark'],
    ['not json at all', 'light'],
  ] as const) {
    await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [KEY, value] as const);
    await page.reload();
    await expect(html(page), value).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  }
});

test.describe('no flash of the wrong theme', () => {
  test('with every module of ours blocked (only the boot script runs), the stored dark theme is already on <html>', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await page.evaluate((key) => localStorage.setItem(key, '{"state":{"theme":"dark"},"version":0}'), KEY);
    let blocked = 0;
    await page.route(/\/_astro\/.+\.js$/, (route) => {
      blocked++;
      return route.abort();
    });
    for (const path of ['/about', '/contact', '/404']) {
      await page.goto(path);
      await expect(html(page), path).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(html(page), path).not.toHaveClass(/(^|\s)light(\s|$)/);
    }
    expect(blocked).toBeGreaterThan(0);
  });

  test('the class is right before <body> exists, that is before anything is painted', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await page.evaluate((key) => localStorage.setItem(key, '{"state":{"theme":"dark"},"version":0}'), KEY);
    await page.addInitScript(() => {
      const record = window as unknown as { classAtBody?: string };
      new MutationObserver((_, observer) => {
        if (document.body) {
          record.classAtBody = document.documentElement.className;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { classAtBody?: string }).classAtBody)).toMatch(
      /(^|\s)dark(\s|$)/,
    );

    // And a stored light choice on a dark system never starts dark.
    await page.evaluate((key) => localStorage.setItem(key, '{"state":{"theme":"light"},"version":0}'), KEY);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    const atBody = await page.evaluate(() => (window as unknown as { classAtBody?: string }).classAtBody);
    expect(atBody).toMatch(/(^|\s)light(\s|$)/);
    expect(atBody).not.toMatch(/(^|\s)dark(\s|$)/);
  });
});
