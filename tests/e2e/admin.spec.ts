/**
 * The owner's admin in Chromium (docs/running-the-shop.md), on the server with (fake, offline) Clerk keys: sessions are
 * tokens minted with the test key (scripts/admin-token.ts), the admin's carrying `metadata.role: admin`;
 * Clerk's Frontend API is answered by the test. Who gets in, quick edits seen on the shop, a new animal
 * found by search, the 412 flow keeping what was typed, an expired session keeping it too, the
 * spreadsheet's dry run, and axe on every admin page in both themes. Without keys: the explaining page.
 */
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { formatPrice } from '../../src/lib/format.ts';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { routeFrontendApi, sessionJSON, type FrontendApiState } from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { adminApiAs, mintTestToken, signInWithCookies } from './fixtures/clerk/session-token.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

const OWNER = { userId: 'user_2tiflatzimowner00000001', sessionId: 'sess_2tiflatzimowner00000001' };

/** The browser signed in as the owner (role admin) or as a shopper (no role), Clerk's API answered. */
async function signIn(context: BrowserContext, who: 'owner' | 'shopper' = 'owner') {
  const role = who === 'owner' ? 'admin' : undefined;
  const token = await signInWithCookies(context, CLERK_BASE_URL, { ...(role ? { role } : {}), user: OWNER });
  const state: FrontendApiState = { signIn: null, session: sessionJSON(token) };
  await routeFrontendApi(context, state);
  return state;
}

/** Opens an admin page and waits until its islands are alive (the owner types into them next). */
async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await islandsHydrated(page);
}

/** The admin API as the owner's browser calls it (for setting the scene). */
const asOwner = (page: Page, path: string, init?: Parameters<typeof adminApiAs>[4]) =>
  adminApiAs(page, CLERK_BASE_URL, { role: 'admin', user: OWNER }, path, init);

async function firstAnimal(page: Page, search: string) {
  const { body } = await asOwner(page, `/animals?search=${encodeURIComponent(search)}&limit=1`);
  return (
    body.animals as { _id: string; name: string; price: number; countInStock: number; version: number; slug: string }[]
  )[0]!;
}

test.describe('without Clerk keys', () => {
  test('/admin explains that the admin needs Clerk, names the settings and the spreadsheet commands', async ({
    page,
  }) => {
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.gate.noClerkTitle })).toBeVisible();
    await expect(page.getByText('PUBLIC_CLERK_PUBLISHABLE_KEY')).toBeVisible();
    await expect(page.getByText('npm run catalogue -- import catalogue.csv --dry-run')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const api = await page.request.get('/api/admin/animals');
    expect(api.status()).toBe(503);
    expect(((await api.json()) as { message: string }).message).toMatch(/Clerk/);
  });
});

test.describe('with Clerk keys (fake, offline)', () => {
  test.use({ baseURL: CLERK_BASE_URL });
  test.describe.configure({ mode: 'serial' });

  test('signed out, /admin sends to sign-in with the way back; signed in it is the admin', async ({
    page,
    context,
  }) => {
    await routeFrontendApi(context, { signIn: null, session: null });
    await page.goto('/admin/categories?x=1');
    await expect(page).toHaveURL(/\/sign-in\?redirect_url=%2Fadmin%2Fcategories%3Fx%3D1$/);
    await signIn(context);
    await page.goto(decodeURIComponent(new URL(page.url()).searchParams.get('redirect_url')!));
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.categories.title })).toBeVisible();
  });

  test('a signed-in shopper without the role gets the Hebrew 403 page, and the API refuses too', async ({
    page,
    context,
  }) => {
    await signIn(context, 'shopper');
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.gate.forbiddenTitle })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect((await page.request.get('/api/admin/animals')).status()).toBe(403);
    // What shoppers searched for is the owner's alone.
    expect((await page.goto('/admin/searches'))?.status()).toBe(403);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a quick edit of price and stock in the table shows on the animal page at once', async ({ page, context }) => {
    await signIn(context);
    const animal = await firstAnimal(page, 'ינשוף');
    await openAdmin(page, '/admin/animals');
    await page.getByRole('searchbox', { name: adminStrings.animals.searchLabel }).fill(animal.name);
    const row = page.locator(`[data-admin-row="${animal.slug}"]`);
    const price = row.getByRole('spinbutton', { name: adminStrings.animals.priceOf(animal.name) });
    // A price the animal does not have yet (the row's save is enabled only by a change).
    const newPrice = Math.floor(animal.price) + 1;
    await price.fill(String(newPrice));
    await row.getByRole('spinbutton', { name: adminStrings.animals.stockOf(animal.name) }).fill('0');
    await row.getByRole('button', { name: adminStrings.animals.saveOf(animal.name) }).click();
    await expect(row.getByRole('status')).toContainText(adminStrings.animals.saved);

    await page.goto(`/products/${animal._id}`);
    await expect(page.getByText(formatPrice(newPrice)).first()).toBeVisible();
  });

  test("a new animal made with the form is found by the shop's search and its header suggestions", async ({
    page,
    context,
  }) => {
    await signIn(context);
    await openAdmin(page, '/admin/animals/new');
    const f = adminStrings.form;
    const slug = `cloud-bear-${Date.now().toString(36)}`;
    await page.getByLabel(f.name, { exact: true }).fill('דובון ענן');
    await page.getByLabel(f.slug).fill(slug);
    await page.getByLabel(f.description).fill('דובון רך שישן על עננים ומתעורר רק לגשם.');
    await page.getByLabel(f.price).fill('77');
    await page.getByLabel(f.countInStock).fill('3');
    await page.getByLabel(f.rating).fill('4');
    await page.getByLabel(f.numReviews).fill('2');
    await page.getByRole('button', { name: f.create }).click();
    await expect(page.getByRole('status').filter({ hasText: f.created })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/animals\/[^/?]+\?created=1$/);

    await page.goto(`/products?query=${encodeURIComponent('דובונים')}`);
    await expect(page.getByRole('link', { name: /דובון ענן/ }).first()).toBeVisible();
    const suggest = await page.request.get(`/api/animals/suggest?search=${encodeURIComponent('דובון ע')}`);
    const { suggestions } = (await suggest.json()) as { suggestions: { name: string }[] };
    expect(suggestions.map((suggestion) => suggestion.name)).toContain('דובון ענן');

    // A bad field from the form is refused under it (the schema in the browser, before anything is sent).
    await openAdmin(page, '/admin/animals/new');
    await page.getByLabel(f.name, { exact: true }).fill('כפיל');
    await page.getByLabel(f.slug).fill('Cloud Bear');
    await page.getByRole('button', { name: f.create }).click();
    await expect(page.getByLabel(f.slug)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/אותיות לטיניות קטנות/).last()).toBeVisible();
    // The server's own refusal maps to the field too: a slug already taken.
    await page.getByLabel(f.slug).fill(slug);
    await page.getByLabel(f.description).fill('עוד דובון.');
    await page.getByRole('button', { name: f.create }).click();
    await expect(page.getByText(`כבר יש חיה עם מזהה הכתובת „${slug}"`)).toBeVisible();
    await expect(page.getByLabel(f.name, { exact: true })).toHaveValue('כפיל');
  });

  test('someone else saved first: the form shows their change beside what was typed, field by field, and merges it', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const animal = await firstAnimal(page, 'דרקון');
    await openAdmin(page, `/admin/animals/${animal._id}`);
    const f = adminStrings.form;
    const c = adminStrings.conflicts;
    await page.getByRole('textbox', { name: f.description }).fill('תיאור שהקלדתי ולא רוצה לאבד.');
    await page.getByRole('spinbutton', { name: f.countInStock }).fill('12');
    // Meanwhile, another admin changes the price and the stock.
    const other = await asOwner(page, `/animals/${animal._id}`, {
      method: 'PATCH',
      body: { price: 555, countInStock: 30 },
      ifMatch: `"v${animal.version}"`,
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: f.save }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(f.stale);
    await expect(page.getByRole('textbox', { name: f.description })).toHaveValue('תיאור שהקלדתי ולא רוצה לאבד.');
    // Field by field, in reading order: what was typed, then the other change.
    const fields = alert.locator('[data-conflict]');
    await expect(fields).toHaveCount(3);
    const price = alert.locator('[data-conflict="price"]');
    await expect(price.getByRole('radio').nth(0)).toHaveAccessibleName(c.keepMine('מחיר'));
    await expect(price.getByRole('radio').nth(1)).toHaveAccessibleName(c.takeTheirs('מחיר'));
    // The merge: the price from the other change (only they changed it), the description as typed.
    await expect(price.getByRole('radio', { name: c.takeTheirs('מחיר') })).toBeChecked();
    await expect(
      alert.locator('[data-conflict="description"]').getByRole('radio', { name: c.keepMine('תיאור') }),
    ).toBeChecked();
    // Both changed the stock: the owner takes theirs for it.
    const stock = alert.locator('[data-conflict="countInStock"]');
    await expect(stock).toContainText(c.both);
    await stock.getByRole('radio', { name: c.takeTheirs('מלאי') }).check();
    await alert.getByRole('button', { name: c.apply }).click();
    await expect(page.getByRole('spinbutton', { name: f.price })).toHaveValue('555');
    await expect(page.getByRole('spinbutton', { name: f.countInStock })).toHaveValue('30');
    await expect(page.getByRole('textbox', { name: f.description })).toHaveValue('תיאור שהקלדתי ולא רוצה לאבד.');
    await page.getByRole('button', { name: f.save }).click();
    await expect(page.getByRole('status').filter({ hasText: f.saved })).toBeVisible();
    const { body } = await asOwner(page, `/animals/${animal._id}`);
    expect(body).toMatchObject({ price: 555, countInStock: 30, description: 'תיאור שהקלדתי ולא רוצה לאבד.' });
  });

  test('a session that expired while the form was open keeps what was typed and asks to sign in again', async ({
    page,
    context,
  }) => {
    const clerk = await signIn(context);
    const animal = await firstAnimal(page, 'חתול');
    await openAdmin(page, `/admin/animals/${animal._id}`);
    const f = adminStrings.form;
    await page.getByLabel(f.name, { exact: true }).fill('שם חדש שהקלדתי');
    // The session ends at Clerk (signed out on another device), and the token the save carries has expired.
    // Clerk's script in the page may write the cookie again from the token it still holds, so the save
    // request itself carries the expired token: a page whose token ran out before the script refreshed it.
    clerk.session = null;
    const { token } = mintTestToken(CLERK_BASE_URL, { role: 'admin', user: OWNER, lifetimeSeconds: -60 });
    await context.addCookies([{ name: '__session', value: token, domain: '127.0.0.1', path: '/' }]);
    await page.route('**/api/admin/**', async (route) => {
      const headers = await route.request().allHeaders();
      const others = (headers.cookie ?? '').split('; ').filter((c) => c && !c.startsWith('__session='));
      const response = await route.fetch({
        headers: { ...headers, cookie: [...others, `__session=${token}`].join('; ') },
      });
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: f.save }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(f.signedOut);
    await expect(alert.getByRole('link', { name: f.signIn })).toHaveAttribute(
      'href',
      `/sign-in?redirect_url=${encodeURIComponent(`/admin/animals/${animal._id}`)}`,
    );
    await expect(page.getByLabel(f.name, { exact: true })).toHaveValue('שם חדש שהקלדתי');
    // Back signed in, the page brings the typed text back (the draft), and it saves.
    await page.unrouteAll();
    await signIn(context);
    // Leaving with unsaved changes asks (the browser's beforeunload): yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByLabel(f.name, { exact: true })).toHaveValue('שם חדש שהקלדתי');
    await page.getByRole('button', { name: f.save }).click();
    await expect(page.getByRole('status').filter({ hasText: f.saved })).toBeVisible();
  });

  test('an uploaded picture is stored, served immutable at its hashed address and shown on the animal page', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const animal = await firstAnimal(page, 'ארנב');
    await openAdmin(page, `/admin/animals/${animal._id}`);
    const p = adminStrings.picture;
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e8b57' } })
      .png()
      .toBuffer();
    await page.getByLabel(p.fileLabel).setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: p.upload }).click();
    await expect(page.getByRole('status').filter({ hasText: p.saved })).toBeVisible();
    const current = page.getByRole('img', { name: p.current(animal.name) });
    await expect(current).toHaveAttribute('src', /^\/pictures\/[0-9a-f]{24}\.webp$/);
    const src = (await current.getAttribute('src'))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await page.goto(`/products/${animal._id}`);
    await expect(page.locator(`main img[src="${src}"]`)).toBeVisible();
    // Not a picture: refused in Hebrew, nothing changed.
    await openAdmin(page, `/admin/animals/${animal._id}`);
    await page
      .getByLabel(p.fileLabel)
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('שלום') });
    await page.getByRole('button', { name: p.upload }).click();
    await expect(page.getByRole('alert')).toContainText('הקובץ אינו תמונה');
    await expect(page.getByRole('img', { name: p.current(animal.name) })).toHaveAttribute('src', src);
  });

  test('the spreadsheet upload shows what would change, then applies it', async ({ page, context }) => {
    await signIn(context);
    const download = await page.request.get('/api/admin/catalogue.csv', {
      headers: { Cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    const rows: string[][] = parse((await download.text()).replace(/^\uFEFF/, ''));
    const [header, first] = rows;
    const column = header!.indexOf('countInStock');
    const before = first![column]!;
    const row = [...first!];
    row[column] = String(Number(before) + 7);
    await openAdmin(page, '/admin/spreadsheet');
    await page.getByLabel(adminStrings.spreadsheet.fileLabel).setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${stringify([header!, row])}`),
    });
    await page.getByRole('button', { name: adminStrings.spreadsheet.check }).click();
    await expect(page.getByText(adminStrings.spreadsheet.toChange(1))).toBeVisible();
    await expect(page.locator('[data-change="countInStock"]').locator('td')).toHaveText([before, row[column]]);
    await page.getByRole('button', { name: adminStrings.spreadsheet.apply }).click();
    await expect(page.getByRole('status').filter({ hasText: adminStrings.spreadsheet.applied })).toBeVisible();
    const animal = (await (await page.request.get(`/api/animals/${row[0]}`)).json()) as { countInStock: number };
    expect(animal.countInStock).toBe(Number(before) + 7);
  });

  test('what shoppers looked for and did not find is listed, and its link runs the search', async ({
    page,
    context,
  }) => {
    // The server writes the counts every 10 s (src/server/db/search/unfound-searches.ts).
    const text = `טפטפון סגלגל ${Date.now() % 100_000}`;
    for (let time = 0; time < 2; time++) {
      const found = await page.request.get(`/api/animals/search?search=${encodeURIComponent(text)}`);
      expect(((await found.json()) as { total: number }).total).toBe(0);
    }
    await signIn(context);
    const t = adminStrings.searches;
    const row = page.getByRole('row').filter({ hasText: text });
    // A write can fall between the two searches: the page is read again until it shows both.
    await expect(async () => {
      await page.goto('/admin/searches');
      await expect(row.getByRole('cell').nth(1)).toHaveText('2', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await row.getByRole('link', { name: text }).click();
    await expect(page).toHaveURL(/\/products\?query=/);
    expect(new URL(page.url()).searchParams.get('query')).toBe(text);
  });
});

// Read-only, so not in the serial flow above: each page on its own.
test.describe('axe on the admin pages', () => {
  test.use({ baseURL: CLERK_BASE_URL });
  const ADMIN_PAGES = [
    '/admin',
    '/admin/animals',
    '/admin/trash',
    '/admin/animals/new',
    '/admin/animals/{first}',
    '/admin/categories',
    '/admin/spreadsheet',
    '/admin/audit',
    '/admin/searches',
    '/admin/pages',
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const route of ADMIN_PAGES) {
      test(`axe finds nothing on ${route} (${theme})`, async ({ page, context }) => {
        // Signed in as the owner, without Clerk's browser code: the pages are ours to check (the avatar
        // stays its placeholder), and each test stays quick.
        await signInWithCookies(context, CLERK_BASE_URL, { role: 'admin', user: OWNER });
        await context.route(/\/clerk\/|clerk\.tiflatzim\.test/, (route) => route.abort());
        await page.addInitScript((value) => {
          localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
        }, theme);
        const path = route.includes('{first}') ? route.replace('{first}', (await firstAnimal(page, ''))._id) : route;
        if (path === '/admin/searches') {
          // With a row: a search that found nothing, listed once the server has written it (every 10 s).
          const text = `חיפוש ריק ${theme}`;
          await page.request.get(`/api/animals/search?search=${encodeURIComponent(text)}`);
          await expect(async () => {
            await page.goto(path);
            await expect(page.getByRole('link', { name: text })).toBeVisible({ timeout: 1_000 });
          }).toPass({ timeout: 60_000 });
        } else await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await islandsHydrated(page);
        if (path === '/admin/animals') await expect(page.locator('[data-admin-row]').first()).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
          .analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.help}\n  ${violation.nodes
              .slice(0, 5)
              .map((node) => node.target.join(' '))
              .join('\n  ')}`,
        );
        expect(summary, summary.join('\n')).toEqual([]);
      });
    }
  }
});
