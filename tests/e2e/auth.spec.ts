/**
 * Sign-up and sign-in through Clerk, offline.
 * - The usual test server has no Clerk keys: the auth pages explain that sign-in is off, and no page
 *   talks to Clerk.
 * - A second server (playwright.config.ts) has a fake pk_live_ key and a local JWT key: the real
 *   clerk-js and Clerk UI bundles, served by us, talk to a Frontend API the test answers
 *   (fixtures/clerk/frontend-api.ts); signed-in pages get a session token minted here.
 */
import { heIL } from '@clerk/localizations/he-IL';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  FRONTEND_API_HOST,
  routeFrontendApi,
  sessionJSON,
  type FrontendApiState,
} from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { mintTestToken, signInWithCookies } from './fixtures/clerk/session-token.ts';
import { CLERK_JS_PATH } from '../../src/lib/clerk-bundles.ts';
import { authStrings } from '../../src/features/auth/strings.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

/** Pages every visitor sees (the catalogue screens; a page not built yet answers 404 and is passed over). */
async function shopPages(request: APIRequestContext): Promise<string[]> {
  const { animals } = (await (await request.get('/api/animals/search?limit=1')).json()) as {
    animals: { _id: string }[];
  };
  const category = seedCatalogue[0]!.slug;
  return [
    '/',
    '/categories',
    `/categories/${category}`,
    '/products',
    '/products?query=ינשוף&sort=price',
    `/products/${animals[0]!._id}`,
  ];
}

/** What Clerk's own middleware would add to every page: its state, its script, a preload of its UI. */
const CLERK_INJECTION = /__CLERK_ASTRO|data-clerk-js-script|rel="preload"[^>]*ui\.browser/;

/** Every request of a page that goes to Clerk: its hosts, or its bundles on our origin. */
function watchClerkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const isOurs = url.hostname === '127.0.0.1';
    if (!isOurs || /clerk/i.test(url.pathname)) seen.push(request.url());
  });
  return seen;
}

/** Errors the page's scripts report (uncaught exceptions, console errors; not a page's own 404). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` when it has). */
async function expectIslandsHydrated(page: Page): Promise<number> {
  const islands = page.locator('astro-island');
  const count = await islands.count();
  await islandsHydrated(page);
  return count;
}

test.describe('without Clerk keys', () => {
  for (const path of ['/sign-in', '/sign-up', '/sign-in/factor-one', '/sign-up/verify-email-address']) {
    test(`${path} answers 200 with the "not configured" notice and reaches nothing of Clerk`, async ({ page }) => {
      const clerk = watchClerkRequests(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: authStrings.notConfigured.title })).toBeVisible();
      const variables = page.getByTestId('clerk-variables');
      await expect(variables).toContainText('PUBLIC_CLERK_PUBLISHABLE_KEY');
      await expect(variables).toContainText('CLERK_SECRET_KEY');
      await expect(page.getByRole('link', { name: authStrings.notConfigured.home })).toHaveAttribute('href', '/');
      await page.waitForLoadState('networkidle');
      expect(clerk).toEqual([]);
    });
  }

  test('shop pages never reach Clerk, show the sign-in link, and their islands hydrate', async ({ page, request }) => {
    const clerk = watchClerkRequests(page);
    const errors = watchErrors(page);
    for (const path of await shopPages(request)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      if (response?.status() !== 200) continue;
      await expect(page.getByRole('banner').getByRole('link', { name: authStrings.signIn })).toHaveAttribute(
        'href',
        '/sign-up',
      );
      await expectIslandsHydrated(page);
      await page.waitForLoadState('networkidle');
    }
    expect(clerk).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the browser settings endpoint says sign-in is off', async ({ request }) => {
    const response = await request.get('/auth/clerk-settings.json');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ configured: false });
  });
});

test.describe('with Clerk keys (fake, offline)', () => {
  test.use({ baseURL: CLERK_BASE_URL });

  test('signed out, shop pages load no Clerk script and make no request to Clerk', async ({
    page,
    context,
    request,
  }) => {
    // Even an unreachable Clerk must not hold anything up: every request to it fails.
    await context.route(`https://${FRONTEND_API_HOST}/**`, (route) => route.abort());
    const clerk = watchClerkRequests(page);
    const errors = watchErrors(page);
    for (const path of await shopPages(request)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      const html = (await response?.text()) ?? '';
      expect(html, path).not.toMatch(/clerk\.browser|ui\.browser/);
      expect(html, path).not.toMatch(CLERK_INJECTION);
      if (response?.status() !== 200) continue;
      await expect(page.getByRole('banner').getByRole('link', { name: authStrings.signIn })).toBeVisible();
      await expectIslandsHydrated(page);
      await page.waitForLoadState('networkidle');
    }
    expect(clerk).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('/products loads no Clerk script while signed out', async ({ page }) => {
    const scripts: string[] = [];
    const errors = watchErrors(page);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/products');
    expect(response?.status()).toBeLessThan(500);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /clerk/i.test(url))).toEqual([]);
    expect(await page.evaluate(() => 'Clerk' in window)).toBe(false);
    expect(errors).toEqual([]);
  });

  test('the real SignIn renders in Hebrew, right to left, from bundles on our own origin', async ({
    page,
    context,
  }) => {
    const api = await routeFrontendApi(context, { signIn: null, session: null });
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    const response = await page.goto('/sign-in');
    expect(response?.status()).toBe(200);

    const card = page.locator('.cl-signIn-root .cl-card');
    await expect(card.getByRole('heading', { level: 1, name: heIL.signIn!.start!.title! })).toBeVisible();
    await expect(card.getByLabel(heIL.formFieldLabel__emailAddress!)).toBeVisible();
    await expect(card.getByRole('button', { name: heIL.formButtonPrimary! })).toBeVisible();
    expect(await card.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // Right to left: the title's text starts at the card's right edge side.
    const [cardBox, labelBox] = [
      await card.boundingBox(),
      await card.getByText(heIL.formFieldLabel__emailAddress!).boundingBox(),
    ];
    expect(cardBox!.x + cardBox!.width - (labelBox!.x + labelBox!.width)).toBeLessThan(labelBox!.x - cardBox!.x);

    await page.waitForLoadState('networkidle');
    expect([...hosts].sort()).toEqual([new URL(CLERK_BASE_URL).host, FRONTEND_API_HOST].sort());
    expect(api.requests).toContain('GET /v1/environment');
    expect(api.unknown).toEqual([]);

    // Pinned versions in the path, so browsers keep them.
    const bundle = await page.request.get(CLERK_JS_PATH);
    expect(bundle.status()).toBe(200);
    expect(bundle.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('path routing moves to the next step and survives a reload', async ({ page, context }) => {
    await routeFrontendApi(context, { signIn: null, session: null });
    await page.goto('/sign-in');
    const card = page.locator('.cl-signIn-root .cl-card');
    await card.getByLabel(heIL.formFieldLabel__emailAddress!).fill('shopper@tiflatzim.test');
    await card.getByRole('button', { name: heIL.formButtonPrimary! }).click();

    await expect(page).toHaveURL(/\/sign-in\/factor-one$/);
    await expect(card.getByRole('heading', { level: 1, name: heIL.signIn!.password!.title! })).toBeVisible();
    await expect(card.getByLabel(heIL.formFieldLabel__password!, { exact: true })).toBeVisible();

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page).toHaveURL(/\/sign-in\/factor-one$/);
    await expect(card.getByRole('heading', { level: 1, name: heIL.signIn!.password!.title! })).toBeVisible();
    await expect(card.getByText('shopper@tiflatzim.test')).toBeVisible();
  });

  test('the sign-in page links to sign-up, which hosts the real SignUp', async ({ page, context }) => {
    await routeFrontendApi(context, { signIn: null, session: null });
    await page.goto('/sign-in');
    await page.locator('.cl-signIn-root').getByRole('link', { name: heIL.signIn!.start!.actionLink! }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    const card = page.locator('.cl-signUp-root .cl-card');
    await expect(card.getByRole('heading', { level: 1, name: heIL.signUp!.start!.title! })).toBeVisible();
    await page.locator('.cl-signUp-root').getByRole('link', { name: heIL.signUp!.start!.actionLink! }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("the dark theme reaches Clerk's card, also when switched while the form is open", async ({ page, context }) => {
    await routeFrontendApi(context, { signIn: null, session: null });
    // The shop's theme, saved dark; the class on <html> is what the theme script sets before paint.
    await page.addInitScript(() => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: 'dark' }, version: 0 }));
      document.addEventListener('readystatechange', () => document.documentElement.classList.add('dark'), {
        once: true,
      });
    });
    await page.goto('/sign-in');
    const card = page.locator('.cl-signIn-root .cl-card');
    const button = card.getByRole('button', { name: heIL.formButtonPrimary! });
    await expect(button).toBeVisible();
    const colours = async () => ({
      card: await card.evaluate((element) => getComputedStyle(element).backgroundColor),
      text: await card.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).color),
      button: await button.evaluate((element) => getComputedStyle(element).backgroundColor),
    });
    const dark = { card: 'rgb(15, 23, 42)', text: 'rgb(241, 245, 249)' };
    const light = { card: 'rgb(255, 255, 255)', text: 'rgb(15, 23, 42)' };

    expect(await colours()).toMatchObject(dark);
    const darkButton = (await colours()).button;

    await page.evaluate(() => document.documentElement.classList.replace('dark', 'light'));
    await expect.poll(colours).toMatchObject(light);
    expect((await colours()).button).not.toBe(darkButton);

    await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
    await expect.poll(colours).toMatchObject({ ...dark, button: darkButton });
  });

  test("a signed-in shopper's pages show the avatar button instead of 'התחברות'", async ({
    page,
    context,
    request,
  }) => {
    const token = await signInWithCookies(context, CLERK_BASE_URL);
    const state: FrontendApiState = { signIn: null, session: sessionJSON(token) };
    await routeFrontendApi(context, state);

    // Decided on the server: the HTML already has the signed-in control.
    const cookies = await context.cookies(CLERK_BASE_URL);
    const html = await (
      await request.get('/', { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })
    ).text();
    expect(html).toMatch(/data-header-auth="server" data-signed-in/);
    // Clerk's middleware ran (it verified the session) but added none of its scripts to the page.
    expect(html).not.toMatch(CLERK_INJECTION);

    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: authStrings.signIn })).toBeHidden();
    // Clerk's own avatar button replaces the placeholder once Clerk has loaded (when idle).
    const trigger = banner.locator('.cl-userButtonTrigger');
    await expect(trigger).toBeVisible();
    await expect(banner.getByRole('img', { name: authStrings.accountLoading })).toBeHidden();
    await trigger.click();
    const menu = page.locator('.cl-userButtonPopoverCard');
    await expect(menu).toBeVisible();
    await expect(menu.getByText('shopper@tiflatzim.test')).toBeVisible();

    // Signing out from the menu lands on the home page, signed out: the link is back.
    await menu.getByRole('button', { name: heIL.userButton!.action__signOut! }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: authStrings.signIn })).toBeVisible();
    await expect(page).toHaveURL(`${CLERK_BASE_URL}/`);
    expect(state.session).toBeNull();
  });

  test('prerendered pages pick the header control from the session cookie, before Clerk loads', async ({
    page,
    context,
  }) => {
    // Which pages are prerendered is up to their screens; every one of them gets the same header.
    const candidates = ['/about', '/contact', '/404'];
    const statics: string[] = [];
    for (const path of candidates) {
      const response = await page.request.get(path);
      if ((await response.text()).includes('data-header-auth="static"')) statics.push(path);
    }
    test.skip(statics.length === 0, `none of ${candidates.join(', ')} is prerendered on this build`);

    // Clerk's bundles never arrive, so whatever shows is decided without them.
    await context.route('**/clerk/**', (route) => route.abort());
    for (const path of statics) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: authStrings.signIn }), path).toBeVisible();
    }
    await signInWithCookies(context, CLERK_BASE_URL);
    for (const path of statics) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('img', { name: authStrings.accountLoading }), path).toBeVisible();
      await expect(banner.getByRole('link', { name: authStrings.signIn }), path).toBeHidden();
    }

    // With Clerk reachable, the page asks our server for Clerk's settings and mounts the real button.
    await context.unroute('**/clerk/**');
    const token = (await context.cookies(CLERK_BASE_URL)).find((cookie) => cookie.name === '__session')!.value;
    await routeFrontendApi(context, { signIn: null, session: sessionJSON(token) });
    await page.goto(statics[0]!);
    await expect(page.getByRole('banner').locator('.cl-userButtonTrigger')).toBeVisible();
  });

  test('the signed-in header is there before any script runs (no flicker)', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: CLERK_BASE_URL, javaScriptEnabled: false, locale: 'he-IL' });
    await signInWithCookies(context, CLERK_BASE_URL);
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('img', { name: authStrings.accountLoading })).toBeVisible();
    await expect(banner.getByRole('link', { name: authStrings.signIn })).toBeHidden();
    await context.close();
  });

  test("the server's page cache never hands a signed-in page to a signed-out visitor, nor the other way", async ({
    browser,
    request,
  }) => {
    const [path] = await shopPages(request);
    const pages = [path!, '/products', '/products?query=ינשוף&sort=price'];
    const signedOut = await browser.newContext({ baseURL: CLERK_BASE_URL, javaScriptEnabled: false });
    const signedIn = await browser.newContext({ baseURL: CLERK_BASE_URL, javaScriptEnabled: false });
    await signInWithCookies(signedIn, CLERK_BASE_URL);
    const visit = async (context: typeof signedOut, target: string) => {
      const page = await context.newPage();
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      const html = await response!.text();
      const headers = response!.headers();
      await page.close();
      return {
        signedIn: /data-header-auth="server" data-signed-in/.test(html),
        cacheControl: headers['cache-control'],
      };
    };
    // Each page first signed out (now kept by the server), then signed in, then signed out again, then signed in.
    for (const target of pages) {
      for (const [context, expected] of [
        [signedOut, false],
        [signedIn, true],
        [signedOut, false],
        [signedIn, true],
      ] as const) {
        const seen = await visit(context, target);
        expect(seen.signedIn, `${target}: ${expected ? 'signed in' : 'signed out'}`).toBe(expected);
        // A signed-in page is for that browser only: no shared cache may keep it.
        if (expected) expect(seen.cacheControl, target).toMatch(/\bprivate\b/);
        else expect(seen.cacheControl, target).not.toMatch(/\bprivate\b/);
      }
    }
    await signedOut.close();
    await signedIn.close();
  });

  test('an invalid session token counts as signed out, without an error', async ({ context, page }) => {
    const { token, issuedAt } = mintTestToken(CLERK_BASE_URL);
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.from('not the signature').toString('base64url')}`;
    await context.addCookies([
      { name: '__session', value: forged, domain: '127.0.0.1', path: '/' },
      { name: '__client_uat', value: String(issuedAt), domain: '127.0.0.1', path: '/' },
    ]);
    await context.route(`https://${FRONTEND_API_HOST}/**`, (route) => route.abort());
    const clerk = watchClerkRequests(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await response!.text()).not.toMatch(CLERK_INJECTION);
    await expect(page.getByRole('banner').getByRole('link', { name: authStrings.signIn })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(clerk).toEqual([]);
  });
});
