/**
 * Nothing wrong is saved from the admin, in Chromium on the server with (fake, offline) Clerk keys: an
 * abandoned draft fills only the fields it changed and offers — never lays — an old value over a newer
 * one; an empty price in a table row is an error under the field, not ₪0, and the server refuses it
 * too; leaving a screen with unsaved changes asks first (a table row, the animal's form, a category and,
 * as an editor, the page editor); a row's typed values survive a session that expires.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { formatPrice } from '../../src/lib/format.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { adminApi, animalNamed, expireSession, openAdmin, signInAs } from './fixtures/admin.ts';

const a = adminStrings.animals;
const f = adminStrings.form;

test.use({ baseURL: CLERK_BASE_URL });

/** The admin API requests the page sends from now on. */
function adminRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/') && request.method() !== 'GET') sent.push(request.method());
  });
  return sent;
}

test('an abandoned draft fills only its own fields, and offers its price beside the newer one instead of laying it over', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  const animal = await animalNamed(page, 'גמל תעתועים');
  await openAdmin(page, `/admin/animals/${animal._id}`);
  await page.getByLabel(f.description).fill('תיאור שכתבתי ולא שמרתי.');
  await page.getByLabel(f.price).fill('600');
  // The owner leaves without saving (and says yes to leaving).
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: f.backToList }).click();
  await expect(page).toHaveURL(/\/admin\/animals(\?|$)/);
  // Meanwhile the price changes elsewhere (another tab's table).
  const other = await adminApi(page, 'admin', `/animals/${animal._id}`, {
    method: 'PATCH',
    body: { price: 555 },
    ifMatch: `"v${animal.version}"`,
  });
  expect(other.status).toBe(200);

  await openAdmin(page, `/admin/animals/${animal._id}`);
  // The newer price stays; the draft's description comes back, said so, with a way to discard it.
  await expect(page.getByLabel(f.price)).toHaveValue('555');
  await expect(page.getByLabel(f.description)).toHaveValue('תיאור שכתבתי ולא שמרתי.');
  const notice = page.getByRole('status').filter({ hasText: adminStrings.drafts.restoredFields('תיאור') });
  await expect(notice).toBeVisible();
  // The draft's price is offered beside the newer one, the newer one chosen.
  const price = page.locator('[data-conflict="price"]');
  await expect(price.getByRole('radio', { name: adminStrings.conflicts.takeTheirs('מחיר') })).toBeChecked();
  await expect(price).toContainText(formatPrice(600));
  await expect(price).toContainText(formatPrice(555));

  // Discarding the draft leaves the animal as saved; saving only the stock changes only the stock.
  await notice.getByRole('button', { name: adminStrings.drafts.discard }).click();
  await expect(page.getByLabel(f.description)).toHaveValue(animal.description);
  await expect(page.locator('[data-conflicts]')).toHaveCount(0);
  await page.getByLabel(f.countInStock).fill('9');
  await page.getByRole('button', { name: f.save }).click();
  await expect(page.getByRole('status').filter({ hasText: f.saved })).toBeVisible();
  const { body } = await adminApi(page, 'admin', `/animals/${animal._id}`);
  expect(body).toMatchObject({ price: 555, countInStock: 9, description: animal.description });
});

for (const width of [1280, 390]) {
  test(`an empty price in a table row is an error under it, nothing is sent, and Enter saves a good one (${width}px)`, async ({
    page,
    context,
  }) => {
    await signInAs(context, 'admin');
    await page.setViewportSize({ width, height: 900 });
    const animal = await animalNamed(page, width === 1280 ? 'צב קקטוס' : 'עש כפור');
    await openAdmin(page, `/admin/animals?search=${encodeURIComponent(animal.name)}`);
    const row = page.locator(`[data-admin-row="${animal.slug}"]`);
    const price = row.getByRole('spinbutton', { name: a.priceOf(animal.name) });
    const sent = adminRequests(page);
    await price.fill('');
    await row.getByRole('button', { name: a.saveOf(animal.name) }).click();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    const message = row.getByText('המחיר הוא שדה חובה');
    await expect(message).toBeVisible();
    expect(await price.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(sent).toEqual([]);
    // The server refuses it too, in Hebrew, under the same field.
    const refused = await adminApi(page, 'admin', `/animals/${animal._id}`, {
      method: 'PATCH',
      body: { price: null },
      ifMatch: `"v${animal.version}"`,
    });
    expect([refused.status, (refused.body.fields as Record<string, string>).price]).toEqual([
      400,
      'המחיר הוא שדה חובה',
    ]);
    expect((await adminApi(page, 'admin', `/animals/${animal._id}`)).body.price).toBe(animal.price);

    await price.fill(String(animal.price + 5));
    await price.press('Enter');
    await expect(row.getByRole('status')).toHaveText(`✓ ${a.saved}`);
    await expect(price).toHaveValue(String(animal.price + 5));
    await expect(row.getByRole('button', { name: a.saveOf(animal.name) })).toBeDisabled();
    expect(sent).toEqual(['PATCH']);
  });
}

test('leaving a table row, the animal form or a category with unsaved changes asks first, by link and by closing', async ({
  context,
}) => {
  await signInAs(context, 'admin');
  let page = await context.newPage();
  const animal = await animalNamed(page, 'קרנף קיטור');
  const screens: [path: string, type: (page: Page) => Promise<void>][] = [
    [
      `/admin/animals?search=${encodeURIComponent(animal.name)}`,
      (on) => on.getByRole('spinbutton', { name: a.stockOf(animal.name) }).fill('41'),
    ],
    [`/admin/animals/${animal._id}`, (on) => on.getByLabel(f.name, { exact: true }).fill('קרנף שלא נשמר')],
    [
      '/admin/categories',
      async (on) => {
        const first = on.locator('[data-admin-category]').first();
        await first.getByRole('button', { name: /^עריכה: / }).click();
        await first.getByLabel(adminStrings.categories.description).fill('חדש');
      },
    ],
  ];
  for (const [index, [path, type]] of screens.entries()) {
    await test.step(path, async () => {
      // A page of its own for each screen: the one before still has its unsaved change.
      if (index > 0) page = await context.newPage();
      await openAdmin(page, path);
      await type(page);
      const asked = page.waitForEvent('dialog');
      // The click returns once the question is answered.
      const clicked = page.getByRole('navigation', { name: adminStrings.navLabel }).getByRole('link').last().click();
      const dialog = await asked;
      expect([dialog.type(), dialog.message()]).toEqual(['confirm', adminStrings.leave.confirm]);
      await dialog.dismiss();
      await clicked;
      await expect(page).toHaveURL((url) => url.pathname === new URL(path, CLERK_BASE_URL).pathname);
    });
  }
  // Closing (or reloading) the tab gets the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const closing = await asked;
  expect(closing.type()).toBe('beforeunload');
  await closing.accept();
});

test('as an editor, leaving the page editor with unsaved changes asks first', async ({ page, context }) => {
  await signInAs(context, 'editor');
  await openAdmin(page, '/admin/pages/about');
  await page
    .getByRole('group', { name: adminStrings.pages.section(1) })
    .getByLabel(adminStrings.pages.body)
    .fill('טיוטה');
  const asked = page.waitForEvent('dialog');
  const clicked = page
    .getByRole('navigation', { name: adminStrings.navLabel })
    .getByRole('link', { name: 'דפי תוכן' })
    .click();
  const dialog = await asked;
  expect([dialog.type(), dialog.message()]).toEqual(['confirm', adminStrings.leave.confirm]);
  await dialog.dismiss();
  await clicked;
  await expect(page).toHaveURL(/\/admin\/pages\/about$/);
  // The draft stays in the tab; discarding it leaves nothing to ask about.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('button', { name: adminStrings.drafts.discard }).click();
  await page.getByRole('navigation', { name: adminStrings.navLabel }).getByRole('link', { name: 'דפי תוכן' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
});

test("a row's typed values survive a session that expired, and save after signing in again", async ({
  page,
  context,
}) => {
  const clerk = await signInAs(context, 'admin');
  const animal = await animalNamed(page, 'פרת כיס');
  await openAdmin(page, `/admin/animals?search=${encodeURIComponent(animal.name)}`);
  const row = page.locator(`[data-admin-row="${animal.slug}"]`);
  const stock = row.getByRole('spinbutton', { name: a.stockOf(animal.name) });
  await stock.fill('17');
  await expireSession(page, clerk, 'admin');
  await row.getByRole('button', { name: a.saveOf(animal.name) }).click();
  await expect(row.getByRole('alert').getByRole('link', { name: f.signIn })).toBeVisible();
  await expect(stock).toHaveValue('17');
  await page.unrouteAll();
  await signInAs(context, 'admin');
  page.once('dialog', (dialog) => void dialog.accept());
  await openAdmin(page, `/admin/animals?search=${encodeURIComponent(animal.name)}`);
  await expect(stock).toHaveValue('17');
  await expect(row.getByText(adminStrings.drafts.rowRestored)).toBeVisible();
  await row.getByRole('button', { name: a.saveOf(animal.name) }).click();
  await expect(row.getByRole('status').filter({ hasText: a.saved })).toBeVisible();
  expect((await adminApi(page, 'admin', `/animals/${animal._id}`)).body.countInStock).toBe(17);
});
