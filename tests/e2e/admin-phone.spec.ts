/**
 * The admin on a phone (390 px), in Chromium on the server with (fake, offline) Clerk keys: the animals
 * table is a list of cards, every card's picture, fields and actions on screen and named with the animal;
 * the categories are a list that opens one at a time (delete refused beside its button while animals are
 * in it); the searches that found nothing fit; the page editor's save and preview stay on screen (an
 * editor). axe on each in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { axeViolations, openAdmin, signInAs, useTheme } from './fixtures/admin.ts';

test.use({ baseURL: CLERK_BASE_URL, viewport: { width: 390, height: 844 } });
const a = adminStrings.animals;

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The element lies wholly on screen across (and, with `down`, within the viewport's height). */
async function onScreen(element: Locator, down = false) {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  if (down) expect(box.y + box.height).toBeLessThanOrEqual(844);
}

async function axeInBothThemes(page: Page, path: string, ready: () => Promise<void>) {
  // The pages are ours to check: without Clerk's browser code (the avatar stays its placeholder).
  await page.route(/\/clerk\/|clerk\.tiflatzim\.test/, (route) => route.abort());
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await openAdmin(page, path);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await ready();
    const summary = await axeViolations(page);
    expect(summary, `${theme}:\n${summary.join('\n')}`).toEqual([]);
  }
}

test('the animals table is a list of cards, each with its picture, fields and actions on screen and named', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await openAdmin(page, `/admin/animals?search=${encodeURIComponent('דרקון')}`);
  const cards = page.locator('[data-admin-row]');
  await expect(cards.first()).toBeVisible();
  await fitsWidth(page);
  for (const card of await cards.all()) {
    const name = (await card.getByRole('rowheader').getByRole('link').innerText()).trim();
    await onScreen(card);
    for (const control of [
      card.locator('img'),
      card.getByRole('link', { name }),
      card.getByRole('spinbutton', { name: a.priceOf(name) }),
      card.getByRole('spinbutton', { name: a.stockOf(name) }),
      card.getByRole('checkbox', { name: a.selectOf(name) }),
      card.getByRole('button', { name: a.saveOf(name) }),
      card.getByRole('button', { name: new RegExp(`^(${a.hideOf(name)}|${a.showOf(name)})$`) }),
      card.getByRole('button', { name: a.deleteOf(name) }),
    ]) {
      await expect(control).toBeVisible();
      await onScreen(control);
    }
    // Each field says what it is on the card itself (the table's headings are not shown).
    await expect(card.getByText(a.price, { exact: true })).toBeVisible();
    await expect(card.getByText(new RegExp(`^(${a.shown}|${a.hidden})$`))).toBeVisible();
  }
  await axeInBothThemes(page, `/admin/animals?search=${encodeURIComponent('דרקון')}`, () =>
    expect(cards.first()).toBeVisible(),
  );
});

test('the categories are a list that opens one to edit, and a category with animals says why it cannot be deleted', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await openAdmin(page, '/admin/categories');
  const c = adminStrings.categories;
  const items = page.locator('[data-admin-category]');
  await expect(page.getByRole('textbox', { name: c.name, exact: true })).toHaveCount(1); // only the new category's form
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2600);
  await fitsWidth(page);
  const [first, second] = [items.nth(0), items.nth(1)];
  const firstName = (await first.getByRole('heading').innerText()).replace(/\s*\(.*\)$/, '');
  const secondName = (await second.getByRole('heading').innerText()).replace(/\s*\(.*\)$/, '');
  await first.getByRole('button', { name: c.editOf(firstName) }).click();
  await expect(first.getByRole('textbox', { name: c.name, exact: true })).toHaveValue(firstName);
  const remove = first.getByRole('button', { name: c.deleteOf(firstName) });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/אי אפשר למחוק: יש בה \d+ חיות/);
  await second.getByRole('button', { name: c.editOf(secondName) }).click();
  await expect(first.getByRole('textbox', { name: c.name, exact: true })).toHaveCount(0);
  await expect(second.getByRole('textbox', { name: c.name, exact: true })).toHaveValue(secondName);
  await fitsWidth(page);
  await axeInBothThemes(page, '/admin/categories', async () => {
    await items
      .nth(0)
      .getByRole('button', { name: c.editOf(firstName) })
      .click();
    await expect(items.nth(0).getByRole('textbox', { name: c.name, exact: true })).toBeVisible();
  });
});

test('the searches that found nothing fit the phone', async ({ page, context }) => {
  const text = `חיפוש ארוך מאוד שלא מצא כלום בכלל ${Date.now() % 100_000}`;
  await page.request.get(`/api/animals/search?search=${encodeURIComponent(text)}`);
  await signInAs(context, 'admin');
  // The server writes the counts every 10 s.
  await expect(async () => {
    await page.goto('/admin/searches');
    await expect(page.getByRole('link', { name: text })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await fitsWidth(page);
  for (const cell of await page.getByRole('row').last().getByRole('cell').all()) await onScreen(cell);
});

test("as an editor, the page editor's save and preview stay on screen", async ({ page, context }) => {
  await signInAs(context, 'editor');
  await openAdmin(page, '/admin/pages/about');
  const t = adminStrings.pages;
  for (const y of [0, 2000]) {
    await page.evaluate((top) => scrollTo(0, top), y);
    await onScreen(page.getByRole('button', { name: t.save }), true);
    await onScreen(page.getByRole('button', { name: t.showPreview }), true);
  }
  await page.getByRole('button', { name: t.showPreview }).click();
  await expect(page.getByRole('region', { name: t.preview })).toBeInViewport();
  await fitsWidth(page);
});
