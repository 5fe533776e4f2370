/**
 * Changes read the right way round, in Chromium on the server with (fake, offline) Clerk keys: the
 * spreadsheet's dry run and the audit show each change as field, before, after in a right-to-left
 * table (the DOM's order and direction asserted, not pixels), with Hebrew field names, category names
 * and new animals named, a category reorder as one entry, at 1280 and 390 px. (The page history and a
 * page's conflicts: tests/e2e/content-editor.spec.ts, whose tests share the content pages one at a time.)
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect, test, type Page } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { formatPrice } from '../../src/lib/format.ts';
import type { AdminCategory } from '../../src/lib/schemas.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { adminApi, openAdmin, reading, signInAs } from './fixtures/admin.ts';

test.use({ baseURL: CLERK_BASE_URL });
const c = adminStrings.changes;

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('the dry run and the audit show field, before, after in Hebrew reading order, with names not slugs (1280 and 390 px)', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  const cookie = (await context.cookies()).map((one) => `${one.name}=${one.value}`).join('; ');
  const download = await page.request.get('/api/admin/catalogue.csv', { headers: { Cookie: cookie } });
  const rows: string[][] = parse((await download.text()).replace(/^\uFEFF/, ''));
  const header = rows[0]!;
  const at = (name: string) => header.indexOf(name);
  const row = [...rows.find((cells) => cells[at('slug')] === 'sand-fox')!];
  const before = Number(row[at('price')]);
  const [from, to] = [
    row[at('category')]!,
    row[at('category')] === 'ice-creatures' ? 'desert-beasts' : 'ice-creatures',
  ];
  row[at('price')] = String(before + 11);
  row[at('category')] = to;
  const mole = `חפרפרת דיונות ${Date.now() % 100_000}`;
  const created = [
    '',
    `dune-mole-${Date.now().toString(36)}`,
    mole,
    'חופרת מנהרות בחול.',
    '40',
    '2',
    '4',
    '1',
    'desert-beasts',
    'false',
    '',
  ];
  const { body } = await adminApi(page, 'admin', '/categories');
  const categories = body.categories as AdminCategory[];
  const nameOf = (slug: string) => categories.find((one) => one.slug === slug)!.name;

  await openAdmin(page, '/admin/spreadsheet');
  await page.getByLabel(adminStrings.spreadsheet.fileLabel).setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${stringify([header, row, created])}`),
  });
  await page.getByRole('button', { name: adminStrings.spreadsheet.check }).click();
  await expect(page.locator('[data-plan-create]')).toContainText(mole);
  const change = page.locator(`[data-plan-change="${row[at('name')]}"]`);
  await expect(change.getByRole('columnheader')).toHaveText([c.field, c.before, c.after]);
  expect(await reading(change.locator('[data-change="price"]'))).toEqual({
    cells: ['מחיר', formatPrice(before), formatPrice(before + 11)],
    direction: 'rtl',
  });
  expect(await reading(change.locator('[data-change="category"]'))).toEqual({
    cells: ['קטגוריה', nameOf(from), nameOf(to)],
    direction: 'rtl',
  });
  await page.getByRole('button', { name: adminStrings.spreadsheet.apply }).click();
  await expect(page.getByRole('status').filter({ hasText: adminStrings.spreadsheet.applied })).toBeVisible();

  // One reorder of the categories is one entry of the audit: the order before and after, by name.
  const order = categories.map(({ _id, version }) => ({ id: _id, version }));
  const swapped = [order[1]!, order[0]!, ...order.slice(2)];
  const moved = await adminApi(page, 'admin', '/categories/order', { method: 'PUT', body: { order: swapped } });
  expect(moved.status).toBe(200);
  const back = (moved.body.categories as AdminCategory[]).map(({ _id, version }) => ({ id: _id, version }));
  expect(
    (
      await adminApi(page, 'admin', '/categories/order', {
        method: 'PUT',
        body: { order: [back[1], back[0], ...back.slice(2)] },
      })
    ).status,
  ).toBe(200);

  for (const width of [1280, 390]) {
    await test.step(`the audit at ${width}px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/audit');
      const reorders = page.locator('[data-audit="category.reorder"]');
      await expect(reorders.first().locator('[data-change]')).toHaveCount(1);
      const [first, second] = [nameOf(categories[0]!.slug), nameOf(categories[1]!.slug)];
      expect((await reading(reorders.nth(0).locator('[data-change="order"]'))).cells[2]).toMatch(
        new RegExp(`^${first} · ${second}`),
      );
      const animal = page
        .locator('[data-audit="animal.update"]')
        .filter({ hasText: row[at('name')]! })
        .first();
      expect(await reading(animal.locator('[data-change="price"]'))).toEqual({
        cells: ['מחיר', formatPrice(before), formatPrice(before + 11)],
        direction: 'rtl',
      });
      await expect(page.locator('[data-audit="animal.create"]').filter({ hasText: mole })).toHaveCount(1);
      await fitsWidth(page, width);
    });
  }
});
