/**
 * A front end on another origin uses our API (docs/api.md): every text gets a JSON answer with CORS
 * (never a network error), and every picture from `img` loads there.
 */
import type http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import { OTHER_FRONT_END_ORIGIN, startOtherFrontEnd } from './fixtures/other-front-end.ts';

// One second origin on a fixed port for the whole file: its tests run in one worker, one after another.
test.describe.configure({ mode: 'serial' });

let server: http.Server;
test.beforeAll(async () => {
  server = await startOtherFrontEnd();
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

interface Called {
  status?: number;
  type?: string | null;
  body?: unknown;
  networkError?: string;
}

const callApi = (page: Page, path: string) =>
  page.evaluate(
    ([base, apiPath]) =>
      (window as unknown as { callApi(b: string, p: string): Promise<Called> }).callApi(base!, apiPath!),
    [`${BASE_URL}/api`, path],
  );

test('shows every picture of the categories and a category’s animals', async ({ page }) => {
  await page.goto(OTHER_FRONT_END_ORIGIN);
  const categories = (await callApi(page, '/categories')).body as { slug: string; img: string }[];
  expect(categories.length).toBeGreaterThan(0);
  const detail = (await callApi(page, `/categories/${categories[0]!.slug}?isPopulate=true`)).body as {
    animals: { img: string }[];
  };
  const urls = [...categories.map((category) => category.img), ...detail.animals.map((animal) => animal.img)];
  for (const url of urls) expect(url).toMatch(new RegExp(`^${BASE_URL}/art/`));
  await page.evaluate((list) => (window as unknown as { showPictures(u: string[]): void }).showPictures(list), urls);
  const pictures = page.locator('#pictures img');
  await expect(pictures).toHaveCount(urls.length);
  await expect
    .poll(() =>
      pictures.evaluateAll(
        (images) => (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth > 0).length,
      ),
    )
    .toBe(urls.length);
});

test('answers texts sent unencoded with JSON and CORS, never a network error', async ({ page }) => {
  await page.goto(OTHER_FRONT_END_ORIGIN);
  for (const text of ['100%', 'a%zz', 'דרקון&זהב', '#1', '+', '%']) {
    const called = await callApi(page, `/animals/search?search=${text}&sort=price`);
    expect(called.networkError, text).toBeUndefined();
    expect(called.type, text).toMatch(/^application\/json/);
    expect(called.status, text).toBe(200);
  }
  const dragons = await callApi(page, '/animals/search?search=דרקון&זהב');
  expect((dragons.body as { total: number }).total).toBeGreaterThan(0);
  for (const path of ['/animals/%', '/animals/%zz', '/nowhere']) {
    const called = await callApi(page, path);
    expect(called.networkError, path).toBeUndefined();
    expect(called.status, path).toBe(404);
    expect(called.body, path).toEqual({ message: expect.stringMatching(/[א-ת]/) });
  }
});

test('our own search page reads a raw % as itself', async ({ page }) => {
  const response = await page.goto('/products?query=100%');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#animal-search')).toHaveValue('100%');
});
