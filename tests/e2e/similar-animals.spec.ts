/**
 * Similar animals under an animal's page (src/features/similar-animals): up to eight light cards, its own
 * category's animals first, as plain links in the HTML the server sends (what search engines follow),
 * with lazy pictures; the static build's page lists the same animals in the same order; a card opens its
 * animal. axe on the animal page with its similar and recently viewed animals, light and dark, 390 and
 * 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedAnimal, seedAnimals } from '../helpers/catalogue.ts';
import { STATIC_BASE_URL } from './fixtures/static-site.ts';

/** The similar animals' ids and pictures' loading in an animal page's HTML as sent. */
async function similarInHtml(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  const section = /<section[^>]*aria-labelledby="similar-title"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  return {
    ids: [...section.matchAll(/<a href="\/products\/([0-9a-f]{24})"/g)].map((match) => match[1]!),
    lazy: [...section.matchAll(/<img [^>]*loading="(\w+)"/g)].map((match) => match[1]),
  };
}

test('eight similar animals, its own category first, as plain links with lazy pictures; the same on the static build', async ({
  request,
}) => {
  for (const slug of ['thimble-dragon', 'rainbow-owl', 'cloud-sheep', 'usb-hamster']) {
    const animal = seedAnimal(slug);
    const server = await similarInHtml(request, `/products/${animal.id}`);
    expect(server.ids, slug).toHaveLength(8);
    expect(server.ids, slug).not.toContain(animal.id);
    expect(server.lazy, slug).toEqual(Array(8).fill('lazy'));
    // Every other animal of its category comes before any other.
    const siblings = seedAnimals.filter((other) => other.category === animal.category && other.id !== animal.id);
    expect(new Set(server.ids.slice(0, siblings.length)), slug).toEqual(new Set(siblings.map((other) => other.id)));
    const staticBuild = await similarInHtml(request, `${STATIC_BASE_URL}/products/${animal.id}`);
    expect(staticBuild.ids, slug).toEqual(server.ids);
  }
});

test('a similar card opens its animal', async ({ page }) => {
  const animal = seedAnimal('thimble-dragon');
  await page.goto(`/products/${animal.id}`);
  const cards = page.getByRole('region', { name: 'תיפלצים דומים' }).getByRole('link');
  await expect(cards).toHaveCount(8);
  const name = (await cards.nth(2).innerText()).split('\n')[0]!.trim();
  await cards.nth(2).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('axe finds nothing on an animal page with its similar and recently viewed animals, light and dark, 390 and 1280 px', async ({
  page,
}) => {
  // Two animals viewed before this one.
  for (const slug of ['cloud-sheep', 'rainbow-owl']) {
    await page.goto(`/products/${seedAnimal(slug).id}`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('recently-viewed')))
      .toContain(seedAnimal(slug).id);
  }
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((value) => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
    }, theme);
    for (const width of [390, 1280]) {
      await test.step(`${theme}, ${width}px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/products/${seedAnimal('thimble-dragon').id}`);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole('region', { name: 'צפיתם לאחרונה' }).getByRole('link')).toHaveCount(2);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
          .analyze();
        expect
          .soft(
            results.violations.map(
              (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            ),
          )
          .toEqual([]);
      });
    }
  }
});
