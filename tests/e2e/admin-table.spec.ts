/**
 * The table an owner expects, in Chromium on the server with (fake, offline) Clerk keys: filters and
 * sort in the URL (Back from an animal returns to the same list), category names and pictures in the
 * rows; a bulk change to selected rows as one audited change with one undo; delete into the trash, the
 * audit's link to it and a restore; the overview at /admin; a new animal's address offered from its
 * name and its picture chosen with the crop it gets, a file too large refused before any request.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { slugFromName } from '../../src/lib/transliterate.ts';
import { adminStrings } from '../../src/features/admin/strings.ts';
import type { AdminAnimal, AdminCategory } from '../../src/lib/schemas.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { islandsHydrated, seedAnimal } from '../helpers/catalogue.ts';
import { adminApi, axeViolations, openAdmin, signInAs, tableAnswered, useTheme } from './fixtures/admin.ts';

test.use({ baseURL: CLERK_BASE_URL });
const a = adminStrings.animals;
const b = adminStrings.bulk;

test('filters and order live in the URL, the rows name their category and show their picture, and Back returns to the list', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  const categories = (await adminApi(page, 'admin', '/categories')).body.categories as AdminCategory[];
  const garden = categories.find((category) => category.slug === 'garden-creatures')!;
  await openAdmin(page, '/admin/animals');
  await page.getByLabel(a.category, { exact: true }).selectOption(garden.slug);
  await page.getByRole('button', { name: a.price, exact: true }).click();
  await page.getByRole('button', { name: a.price, exact: true }).click();
  await expect(page).toHaveURL(/category=garden-creatures/);
  await expect(page).toHaveURL(/sort=price&order=desc/);
  await expect(page.getByRole('columnheader', { name: a.price })).toHaveAttribute('aria-sort', 'descending');
  await tableAnswered(page);
  const rows = page.locator('[data-admin-row]');
  await expect(rows.first()).toBeVisible();
  const prices = await rows.evaluateAll((all) =>
    all.map((row) => Number((row.querySelector('input[type=number]') as HTMLInputElement).value)),
  );
  expect(prices).toEqual([...prices].sort((x, y) => y - x));
  for (const row of await rows.all()) {
    await expect(row.getByRole('cell', { name: garden.name })).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /\S/);
  }
  // Open an animal, come back: the same list.
  const listed = page.url();
  await rows.first().getByRole('rowheader').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/animals\/[0-9a-f]+$/);
  await islandsHydrated(page);
  await expect(page.getByRole('link', { name: adminStrings.form.backToList })).toHaveAttribute(
    'href',
    new URL(listed).pathname + new URL(listed).search,
  );
  await page.goBack();
  expect(page.url()).toBe(listed);
  await islandsHydrated(page);
  await expect(page.getByLabel(a.category, { exact: true })).toHaveValue(garden.slug);
  // Sold out only: every row says so.
  await page.getByLabel(a.stock, { exact: true }).selectOption('out');
  await expect(page).toHaveURL(/stock=out/);
  await expect(rows.filter({ hasNotText: a.soldOut })).toHaveCount(0);
});

test('a bulk change to selected rows is one audited change, taken back by one undo', async ({ page, context }) => {
  await signInAs(context, 'admin');
  await openAdmin(page, '/admin/animals?category=garden-creatures');
  const picked = ['tulip-frog', 'jam-bee'];
  const before: AdminAnimal[] = [];
  for (const slug of picked) {
    const row = page.locator(`[data-admin-row="${slug}"]`);
    const name = (await row.getByRole('rowheader').getByRole('link').innerText()).trim();
    await row.getByRole('checkbox', { name: a.selectOf(name) }).check();
    before.push(
      (
        (await adminApi(page, 'admin', `/animals?search=${encodeURIComponent(name)}&limit=1`)).body
          .animals as AdminAnimal[]
      )[0]!,
    );
  }
  const bar = page.locator('[data-bulk]');
  await expect(bar).toContainText(b.selected(2));
  await bar.getByLabel(b.field).selectOption('price');
  await bar.getByLabel(b.by).selectOption('percent');
  await bar.getByLabel(b.value).fill('10');
  await bar.getByRole('button', { name: b.apply }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: b.done(2) })
      .first(),
  ).toBeVisible();
  const priceOf = async (id: string) => ((await adminApi(page, 'admin', `/animals/${id}`)).body as AdminAnimal).price;
  for (const animal of before) expect(await priceOf(animal._id)).toBe(Math.round(animal.price * 110) / 100);
  // In the table at once, and in the audit as one entry naming both.
  for (const animal of before) {
    await expect(page.getByRole('spinbutton', { name: a.priceOf(animal.name) })).toHaveValue(
      String(Math.round(animal.price * 110) / 100),
    );
  }
  await page.goto('/admin/audit');
  await islandsHydrated(page);
  const entry = page.locator('[data-audit="animal.bulk"]').first();
  await expect(entry.locator('[data-change]')).toHaveCount(2);
  await expect(entry).toContainText(before[0]!.name);
  // The audit takes it back too, once.
  await entry.getByRole('button', { name: b.undo }).click();
  await expect(entry.getByRole('status')).toHaveText(b.undone(2));
  for (const animal of before) expect(await priceOf(animal._id)).toBe(animal.price);
  await page.reload();
  await expect(page.locator('[data-audit="animal.bulk-undo"]').first()).toBeVisible();
  await expect(page.locator('[data-audit="animal.bulk"]').first().getByRole('button', { name: b.undo })).toHaveCount(0);
  await page.goBack();
  await islandsHydrated(page);
  // The undo is offered until the page is left; a new bulk change is undone the same way.
  for (const animal of before) {
    await page
      .locator(`[data-admin-row="${animal.slug}"]`)
      .getByRole('checkbox', { name: a.selectOf(animal.name) })
      .check();
  }
  await bar.getByRole('button', { name: b.hide }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: b.done(2) })
      .first(),
  ).toBeVisible();
  await bar.getByRole('button', { name: b.undo }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: b.undone(2) })
      .first(),
  ).toBeVisible();
  for (const animal of before)
    expect(((await adminApi(page, 'admin', `/animals/${animal._id}`)).body as AdminAnimal).hidden).toBe(false);
});

test('delete moves an animal to the trash, the audit links to it, and a restore brings it back to the shop', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  const worm = seedAnimal('mint-worm');
  const animal = (await adminApi(page, 'admin', `/animals/${worm.id}`)).body as unknown as AdminAnimal;
  await openAdmin(page, `/admin/animals?search=${encodeURIComponent(animal.name)}`);
  const row = page.locator(`[data-admin-row="${animal.slug}"]`);
  await row.getByRole('button', { name: a.deleteOf(animal.name) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(a.confirmDelete(animal.name));
  await dialog.getByRole('button', { name: a.toTrashButton }).click();
  await expect(page.getByRole('status').filter({ hasText: a.deleted(animal.name) })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/animals/${animal._id}`)).status()).toBe(404);

  await page.goto('/admin/audit');
  const deleted = page.locator('[data-audit="animal.delete"]').filter({ hasText: animal.name }).first();
  await deleted.getByRole('link', { name: adminStrings.trash.inTrash }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/trash#trash-${animal._id}$`));
  await islandsHydrated(page);
  const item = page.locator(`[data-trash="${animal._id}"]`);
  await expect(item).toContainText(animal.name);
  await item.getByRole('button', { name: adminStrings.trash.restoreOf(animal.name) }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(adminStrings.trash.restored(animal.name));
  await expect(item).toHaveCount(0);
  const back = await page.request.get(`/api/animals/${animal._id}`);
  expect(back.status()).toBe(200);
  expect(((await back.json()) as AdminAnimal).price).toBe(animal.price);
});

test('the overview at /admin shows low stock, sold out, hidden, the latest changes and this week’s unfound searches', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  const o = adminStrings.overview;
  // One animal sold out at least.
  const penguin = (await adminApi(page, 'admin', `/animals/${seedAnimal('pea-penguin').id}`))
    .body as unknown as AdminAnimal;
  await adminApi(page, 'admin', `/animals/${penguin._id}`, {
    method: 'PATCH',
    body: { countInStock: 0 },
    ifMatch: `"v${penguin.version}"`,
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: o.title })).toBeVisible();
  for (const key of ['lowStock', 'soldOut', 'hidden'])
    await expect(page.locator(`[data-overview="${key}"]`)).toBeVisible();
  const { body } = await adminApi(page, 'admin', '/animals?stock=out&limit=1');
  await expect(page.locator('[data-overview="soldOut"]').getByRole('heading')).toContainText(String(body.total));
  await expect(page.getByRole('heading', { name: o.recent })).toBeVisible();
  await expect(page.getByRole('heading', { name: o.unfound })).toBeVisible();
  await page
    .locator('[data-overview="soldOut"]')
    .getByRole('link', { name: o.all(Number(body.total)) })
    .click();
  await expect(page).toHaveURL(/\/admin\/animals\?stock=out$/);
  await expect(page.getByLabel(a.stock, { exact: true })).toHaveValue('out');
});

test('a new animal: its address offered from the name, a picture chosen with its crop moved, a 30 MB one refused before any request', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await openAdmin(page, '/admin/animals/new');
  const f = adminStrings.form;
  const p = adminStrings.picture;
  const name = `זיקית ענן ${Date.now() % 100_000}`;
  await page.getByLabel(f.name, { exact: true }).fill(name);
  await expect(page.getByLabel(f.slug)).toHaveValue(slugFromName(name));
  await expect(page.getByText(f.slugHint)).toBeVisible();

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(request.url());
  });
  const chooser = page.getByLabel(p.chooseForNew);
  await chooser.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(30 * 1024 * 1024, 1) });
  await expect(page.getByRole('alert')).toHaveText(p.tooLarge(30 * 1024 * 1024));
  await expect(chooser).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  // Red on the left half, blue on the right: the crop moved all the way to the end keeps the blue.
  const half = (background: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
  const halves = await sharp({ create: { width: 800, height: 300, channels: 3, background: '#000000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 400, top: 0 },
    ])
    .png()
    .toBuffer();
  await chooser.setInputFiles({ name: 'halves.png', mimeType: 'image/png', buffer: halves });
  const preview = page.getByRole('img', { name: p.preview });
  await expect(preview).toBeVisible();
  await page.getByLabel(p.moveAcross).fill('100');
  await expect(preview).toHaveCSS('object-position', '100% 50%');
  await page.getByLabel(f.description).fill('זיקית שמחליפה צבע לפי מזג האוויר.');
  await page.getByLabel(f.price).fill('64');
  await page.getByRole('button', { name: f.create }).click();
  await expect(page.getByRole('status').filter({ hasText: f.created })).toBeVisible();
  const current = page.getByRole('img', { name: p.current(name) });
  await expect(current).toHaveAttribute('src', /^\/pictures\/[0-9a-f]{24}\.webp$/);
  const stored = await page.request.get((await current.getAttribute('src'))!);
  const { channels } = await sharp(await stored.body()).stats();
  expect(channels[2]!.mean).toBeGreaterThan(200);
  expect(channels[0]!.mean).toBeLessThan(40);
});

test('axe finds nothing on the new states: the bulk bar, a chosen picture, a conflict (light and dark)', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  // The pages are ours to check: without Clerk's browser code (the avatar stays its placeholder).
  await page.route(/\/clerk\/|clerk\.tiflatzim\.test/, (route) => route.abort());
  const expectClean = async (what: string) => {
    const summary = await axeViolations(page);
    expect(summary, `${what}:\n${summary.join('\n')}`).toEqual([]);
  };
  const animal = (await adminApi(page, 'admin', `/animals/${seedAnimal('lawn-hedgehog').id}`))
    .body as unknown as AdminAnimal;
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await openAdmin(page, '/admin/animals?category=garden-creatures');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await tableAnswered(page);
    for (const box of (await page.getByRole('checkbox', { name: /^בחירת / }).all()).slice(0, 2)) await box.check();
    await expect(page.locator('[data-bulk]')).toBeVisible();
    await expectClean(`${theme}, the bulk bar`);

    await openAdmin(page, '/admin/animals/new');
    await page.getByLabel(adminStrings.picture.chooseForNew).setInputFiles({
      name: 'green.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e8b57' } })
        .png()
        .toBuffer(),
    });
    await expect(page.locator('[data-crop-preview]')).toBeVisible();
    await expectClean(`${theme}, a chosen picture`);
    // Leaving with the picture not saved: yes.
    page.once('dialog', (dialog) => void dialog.accept());

    await openAdmin(page, `/admin/animals/${animal._id}`);
    await page.getByRole('textbox', { name: adminStrings.form.description }).fill(`תיאור ${theme}`);
    const now = (await adminApi(page, 'admin', `/animals/${animal._id}`)).body as unknown as AdminAnimal;
    await adminApi(page, 'admin', `/animals/${animal._id}`, {
      method: 'PATCH',
      body: { price: now.price + 1 },
      ifMatch: `"v${now.version}"`,
    });
    await page.getByRole('button', { name: adminStrings.form.save }).click();
    await expect(page.locator('[data-conflicts]')).toBeVisible();
    await expectClean(`${theme}, a conflict`);
    // Leaving without saving: yes.
    page.once('dialog', (dialog) => void dialog.accept());
  }
});
