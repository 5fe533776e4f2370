/**
 * A signed-in shopper's favourites, kept in the account, on the test server with Clerk keys (offline: session
 * tokens minted locally, Clerk's Frontend API answered by the test, fixtures/clerk/): two browsers signed in as
 * the same shopper see the same list and each other's changes; signing in merges the browser's own list into
 * the account's; signed out nothing is sent; the API refuses a signed-out request (401) and another origin (403).
 * Each test is a shopper of its own (the server's database outlives the tests).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { favouritesStrings as t } from '../../src/features/favorites/strings.ts';
import { meMessages } from '../../src/server/api/me/messages.ts';
import { seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { routeFrontendApi, sessionJSON } from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { mintTestToken, signInWithCookies } from './fixtures/clerk/session-token.ts';

test.use({ baseURL: CLERK_BASE_URL });

const owl = seedAnimal('rainbow-owl');
const sheep = seedAnimal('cloud-sheep');
const whale = seedAnimal('sky-whale');
const sky = seedCategory('sky-creatures');

const heart = (page: Page, name: string) => page.getByRole('button', { name: t.toggle(name), exact: true });
const headerLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^המועדפים שלי/ });
const cardNames = (page: Page) => page.getByTestId('favourites-list').getByRole('heading', { level: 3 });
const heartsReady = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-favourites-ready', '');

/** The shopper of this test alone (a test's id is unique in the run; its worker may be a new one). */
function newShopper(testId: string) {
  const id = testId.replace(/[^a-z0-9]/gi, '');
  return { userId: `user_fav_${id}`, sessionId: `sess_fav_${id}` };
}

/** Signs `context` in as `user` (Clerk's cookies, and its Frontend API answering for that session). */
async function signIn(context: BrowserContext, user: { userId: string; sessionId: string }) {
  const token = await signInWithCookies(context, CLERK_BASE_URL, { user });
  await routeFrontendApi(context, { signIn: null, session: sessionJSON(token) });
  return token;
}

/** The account's list as the API has it. */
async function accountList(page: Page, user: { userId: string; sessionId: string }) {
  const { token } = mintTestToken(CLERK_BASE_URL, { user });
  const response = await page.request.get(`${CLERK_BASE_URL}/api/me/favorites`, {
    headers: { Cookie: `__session=${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ids: string[] }).ids;
}

test('two browsers signed in as the same shopper see the same favourites, and each other’s changes', async ({
  browser,
}, info) => {
  const shopper = newShopper(info.testId);
  const phone = await browser.newContext({ locale: 'he-IL', viewport: { width: 390, height: 844 } });
  const laptop = await browser.newContext({ locale: 'he-IL', viewport: { width: 1280, height: 900 } });
  await signIn(phone, shopper);
  await signIn(laptop, shopper);
  const onPhone = await phone.newPage();
  const onLaptop = await laptop.newPage();

  await onPhone.goto(`/categories/${sky.slug}`);
  await heartsReady(onPhone);
  await heart(onPhone, owl.name).click();
  await heart(onPhone, whale.name).click();
  await expect.poll(() => accountList(onPhone, shopper)).toEqual([whale.id, owl.id]);

  await onLaptop.goto('/favorites');
  await expect(cardNames(onLaptop)).toHaveText([whale.name, owl.name]);
  await expect(headerLink(onLaptop)).toHaveAccessibleName(`${t.headerLink} 2`);
  await onLaptop.getByRole('button', { name: t.removeLabel(whale.name) }).click();
  await expect.poll(() => accountList(onLaptop, shopper)).toEqual([owl.id]);

  // The phone's next page starts from the account: the whale is gone there too.
  await onPhone.goto(`/products/${whale.id}`);
  await heartsReady(onPhone);
  await expect(headerLink(onPhone)).toHaveAccessibleName(`${t.headerLink} 1`);
  await expect(heart(onPhone, whale.name)).toHaveAttribute('aria-pressed', 'false');
  await heart(onPhone, whale.name).click();
  await onLaptop.goto('/favorites');
  await expect(cardNames(onLaptop)).toHaveText([whale.name, owl.name]);
  await phone.close();
  await laptop.close();
});

test('signing in merges the browser’s own list into the account’s, nothing lost on either side', async ({
  browser,
}, info) => {
  const shopper = newShopper(info.testId);
  // The account already holds the sheep (saved on another device).
  const elsewhere = await browser.newContext({ locale: 'he-IL' });
  await signIn(elsewhere, shopper);
  const other = await elsewhere.newPage();
  await other.goto(`/products/${sheep.id}`);
  await heartsReady(other);
  await heart(other, sheep.name).click();
  await expect.poll(() => accountList(other, shopper)).toEqual([sheep.id]);
  await elsewhere.close();

  // Signed out, this browser keeps its own list, and nothing goes to the server.
  const context = await browser.newContext({ locale: 'he-IL' });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/me/')) sent.push(request.url());
  });
  await page.goto(`/categories/${sky.slug}`);
  await heart(page, owl.name).click();
  await heart(page, sheep.name).click();
  await expect(headerLink(page)).toHaveAccessibleName(`${t.headerLink} 2`);
  await page.goto('/favorites');
  await expect(cardNames(page)).toHaveText([sheep.name, owl.name]);
  expect(sent).toEqual([]);

  await signIn(context, shopper);
  await page.goto('/favorites');
  await expect.poll(() => accountList(page, shopper)).toEqual([owl.id, sheep.id]);
  await expect(cardNames(page)).toHaveText([owl.name, sheep.name]);
  expect(sent.length).toBeGreaterThan(0);

  // Signed out again: the account keeps the list; this browser no longer shows it. The signed-in page is left
  // first, so that its Clerk script cannot write its cookies back after they are cleared.
  await page.goto('about:blank');
  await context.clearCookies();
  await page.goto(`/categories/${sky.slug}`);
  await expect(headerLink(page)).toHaveAccessibleName(t.headerLink);
  await expect(heart(page, owl.name)).toHaveAttribute('aria-pressed', 'false');
  await heartsReady(page);
  expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBe('[]');
  expect(await accountList(page, shopper)).toEqual([owl.id, sheep.id]);
  await context.close();
});

test('the API answers a signed-out request 401 and another origin 403, never storing anything', async ({
  request,
}, info) => {
  const signedOut = await request.get('/api/me/favorites');
  expect(signedOut.status()).toBe(401);
  expect(signedOut.headers()['cache-control']).toBe('no-store');
  expect(((await signedOut.json()) as { message: string }).message).toBe(meMessages.signedOut);

  const { token } = mintTestToken(CLERK_BASE_URL, { user: newShopper(info.testId) });
  for (const method of ['GET', 'PUT'] as const) {
    const foreign = await request.fetch('/api/me/favorites', {
      method,
      headers: {
        Cookie: `__session=${token}`,
        Origin: 'https://evil.example',
        'Content-Type': 'application/json',
        'If-Match': '"v0"',
      },
      ...(method === 'PUT' ? { data: JSON.stringify({ ids: [owl.id] }) } : {}),
    });
    expect(foreign.status(), method).toBe(403);
    expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
    expect(((await foreign.json()) as { message: string }).message).toBe(meMessages.wrongOrigin);
  }
  const mine = await request.get('/api/me/favorites', { headers: { Cookie: `__session=${token}` } });
  expect(await mine.json()).toMatchObject({ ids: [] });
});
