/**
 * Content editors in Chromium, on the server with (fake, offline) Clerk keys: sessions are tokens minted
 * with the test key, an editor's carrying `metadata.role: editor`. An editor reaches the content pages
 * and nothing of the catalogue; the admin reaches both; the menu shows each role its own pages.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { routeFrontendApi, sessionJSON, type FrontendApiState } from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { signInWithCookies } from './fixtures/clerk/session-token.ts';

const EDITOR = { userId: 'user_2tiflatzimeditor0000001', sessionId: 'sess_2tiflatzimeditor0000001' };
const OWNER = { userId: 'user_2tiflatzimowner00000001', sessionId: 'sess_2tiflatzimowner00000001' };

async function signIn(context: BrowserContext, role: 'editor' | 'admin' | undefined) {
  const user = role === 'admin' ? OWNER : EDITOR;
  const token = await signInWithCookies(context, CLERK_BASE_URL, { ...(role ? { role } : {}), user });
  const state: FrontendApiState = { signIn: null, session: sessionJSON(token) };
  await routeFrontendApi(context, state);
  return token;
}

const menu = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: adminStrings.navLabel });

test.describe('roles in the admin pages', () => {
  test.use({ baseURL: CLERK_BASE_URL });

  test('signed out, the content pages send to sign-in with the way back', async ({ page, context }) => {
    await routeFrontendApi(context, { signIn: null, session: null });
    await page.goto('/admin/pages');
    await expect(page).toHaveURL(/\/sign-in\?redirect_url=%2Fadmin%2Fpages$/);
  });

  test('an editor starts on the content pages, sees only them in the menu, and gets 403 on the catalogue', async ({
    page,
    context,
  }) => {
    await signIn(context, 'editor');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.pages.title })).toBeVisible();
    await expect(menu(page).getByRole('link')).toHaveText([adminStrings.sections.pages]);
    for (const path of ['/admin/categories', '/admin/spreadsheet', '/admin/audit', '/admin/animals/new']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByRole('heading', { level: 1, name: adminStrings.gate.forbiddenTitle })).toBeVisible();
    }
    expect((await page.request.get('/api/admin/animals')).status()).toBe(403);
    expect((await page.request.get('/api/admin/catalogue.csv')).status()).toBe(403);
  });

  test('the admin sees the catalogue and the content pages in the menu', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.pages.title })).toBeVisible();
    await expect(menu(page).getByRole('link')).toHaveText(Object.values(adminStrings.sections));
  });

  test('a shopper gets the Hebrew 403 page on the content pages', async ({ page, context }) => {
    await signIn(context, undefined);
    const response = await page.goto('/admin/pages');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: adminStrings.gate.forbiddenTitle })).toBeVisible();
    await expect(menu(page)).toHaveCount(0);
  });
});
