/**
 * The Content-Security-Policy in Chromium (docs/decisions/0009-hardened-server.md): no page of the shop reports a violation — the
 * theme's boot script, the islands, the prerendered pages, the sign-in pages with Clerk's real bundles
 * (offline fixtures), a signed-in shopper's account menu — and a script injected into a page is blocked.
 */
import { expect, test, type Page } from '@playwright/test';
import { routeFrontendApi, sessionJSON } from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { signInWithCookies } from './fixtures/clerk/session-token.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

/** Every CSP violation the page reports (the event, and Chromium's console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Lets the page settle: islands hydrated, lazy scripts run. */
async function settle(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.waitForLoadState('networkidle');
}

test('no page of the shop reports a CSP violation, and the theme boot script ran', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const { animals } = (await (await request.get('/api/animals/search?limit=1')).json()) as {
    animals: { _id: string }[];
  };
  const paths = [
    '/',
    '/categories',
    '/categories/fire-creatures',
    '/products',
    '/products?query=דרקון',
    `/products/${animals[0]!._id}`,
    '/about',
    '/contact',
    '/404',
    '/no-such-page',
    '/sign-in',
  ];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    // The inline boot script set the theme before the first paint.
    await expect(page.locator('html'), path).toHaveAttribute('data-theme', /^(?:light|dark|system)$/);
  }
  // A reload revalidates a prerendered page (304): the cached page keeps its own policy.
  await page.goto('/contact');
  await page.reload();
  await settle(page);
  // A broken picture falls back to the shop's own art (the avatar/picture fallback).
  await page.goto(`/products/${animals[0]!._id}`);
  await page.evaluate(() => document.querySelector('img')?.setAttribute('src', '/art/missing.svg'));
  await settle(page);
  expect(violations).toEqual([]);
});

test('a script injected into a page is blocked', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/about']) {
    await page.goto(path);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const handler = document.createElement('img');
      handler.setAttribute('onerror', 'window.__injected = true');
      // Listeners run in the order they were added: the inline handler, if allowed, has run by then.
      const failed = new Promise((resolve) => handler.addEventListener('error', resolve));
      handler.src = 'data:,broken';
      document.body.append(handler);
      await failed;
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran, path).toBe(false);
  }
  expect(violations.some((line) => /script-src/.test(line))).toBe(true);
});

test.describe('with Clerk', () => {
  test.use({ baseURL: CLERK_BASE_URL });

  test('the sign-in and sign-up pages load Clerk without a CSP violation', async ({ page, context }) => {
    const violations = await watchViolations(page);
    await routeFrontendApi(context, { signIn: null, session: null });
    for (const path of ['/sign-in', '/sign-up']) {
      await page.goto(path);
      await expect(page.locator('.cl-rootBox, .cl-signIn-root, .cl-signUp-root').first(), path).toBeVisible();
      await settle(page);
    }
    expect(violations).toEqual([]);
  });

  test("a signed-in shopper's account menu loads Clerk without a CSP violation", async ({ page, context }) => {
    const violations = await watchViolations(page);
    const token = await signInWithCookies(context, CLERK_BASE_URL);
    await routeFrontendApi(context, { signIn: null, session: sessionJSON(token) });
    for (const path of ['/', '/about']) {
      await page.goto(path);
      const trigger = page.getByRole('banner').locator('.cl-userButtonTrigger');
      await expect(trigger, path).toBeVisible();
      await trigger.click();
      await expect(page.locator('.cl-userButtonPopoverCard'), path).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test("the owner's admin pages carry the shop's policy and report no violation", async ({ page, context }) => {
    const violations = await watchViolations(page);
    const token = await signInWithCookies(context, CLERK_BASE_URL, { role: 'admin' });
    await routeFrontendApi(context, { signIn: null, session: sessionJSON(token) });
    for (const path of [
      '/admin',
      '/admin/animals',
      '/admin/trash',
      '/admin/animals/new',
      '/admin/categories',
      '/admin/spreadsheet',
      '/admin/audit',
      '/admin/pages',
      '/admin/pages/about',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      expect(response?.headers()['x-content-type-options'], path).toBe('nosniff');
      await settle(page);
    }
    expect(violations).toEqual([]);
  });

  test('pages without a session allow no origin of Clerk', async ({ request }) => {
    const policy = (await request.get('/')).headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/clerk|cloudflare/);
    const signIn = (await request.get('/sign-in')).headers()['content-security-policy'] ?? '';
    expect(signIn).toContain('https://clerk.tiflatzim.test');
  });
});
