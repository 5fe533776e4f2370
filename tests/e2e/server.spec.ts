/** The production server itself: compression, caching of built assets, the API on the same origin. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// A built script: the largest the home page loads (the small ones fall under the compression threshold).
async function builtScript(page: Page, request: APIRequestContext): Promise<string> {
  const sources = await page
    .locator('script[type=module][src^="/_astro/"]')
    .evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src')!));
  const sizes = await Promise.all(
    sources.map(
      async (source) =>
        (await (await request.get(source, { headers: { 'Accept-Encoding': 'identity' } })).body()).length,
    ),
  );
  return sources[sizes.indexOf(Math.max(...sizes))]!;
}

test('compresses HTML, JS, JSON and SVG by Accept-Encoding', async ({ request, page }) => {
  await page.goto('/');
  const script = await builtScript(page, request);
  // An SVG above the 512-byte threshold: a generated picture (about 2.7 KB).
  const paths = ['/', '/api/categories', '/art/animals/pea-penguin.svg', script];
  for (const path of paths) {
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': encoding } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], `${path} ${encoding}`).toBe(encoding);
    }
    const plain = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
  }
});

test('hashed build assets are cached for a year, immutable', async ({ request, page }) => {
  await page.goto('/');
  const script = await builtScript(page, request);
  expect(script).toMatch(/^\/_astro\//);
  const response = await request.get(script);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('the API answers on the same origin with JSON errors', async ({ request }) => {
  const missing = await request.get('/api/animals/000000000000000000000000');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: expect.any(String) });
});
