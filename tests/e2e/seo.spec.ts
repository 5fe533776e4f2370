/**
 * Found and shared (docs/seo.md): canonical, robots, Open Graph and Twitter tags on every route,
 * JSON-LD checked against Google's rich-result requirements with the page's own price and stock,
 * sitemaps (well-formed, URLs answer 200), robots.txt, preview pictures, prefetch on hover and
 * view transitions off with reduced motion.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { headTags } from '../helpers/head-tags.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { checkBreadcrumb, checkProduct } from '../helpers/rich-results.ts';

type Json = Record<string, unknown>;

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
    const property = (name: string) => meta(`meta[property="${name}"]`);
    return {
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: meta('meta[name="robots"]'),
      title: document.title,
      description: meta('meta[name="description"]'),
      og: Object.fromEntries(
        [
          'og:type',
          'og:locale',
          'og:title',
          'og:description',
          'og:url',
          'og:image',
          'og:image:width',
          'og:image:height',
          'og:image:alt',
        ].map((name) => [name, property(name)]),
      ),
      twitter: meta('meta[name="twitter:card"]'),
      twitterImage: meta('meta[name="twitter:image"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? ''),
      ),
    };
  });
}

const byType = (jsonLd: Json[], type: string) => jsonLd.filter((data) => data['@type'] === type);

test.describe('head tags', () => {
  const routes: [string, string, string][] = [
    ['/', '/', 'website'],
    ['/categories', '/categories', 'website'],
    ['/categories/pocket-pets?page=1', '/categories/pocket-pets', 'website'],
    ['/products', '/products', 'website'],
    ['/products?sort=price&page=2&from=1', '/products?sort=price&page=2', 'website'],
    ['/about', '/about', 'website'],
    ['/contact', '/contact', 'website'],
    [`/products/${seedAnimal('calculator-owl').id}`, `/products/${seedAnimal('calculator-owl').id}`, 'product'],
  ];
  for (const [path, canonical, type] of routes) {
    test(`${path}: canonical, Open Graph and Twitter card`, async ({ page, baseURL }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      const tags = await head(page);
      expect(tags.canonical, 'canonical link').toBe(`${baseURL}${canonical}`);
      expect(tags.og['og:url']).toBe(tags.canonical);
      expect(tags.og['og:type']).toBe(type);
      expect(tags.og['og:locale']).toBe('he_IL');
      expect(tags.og['og:title']).toBe(tags.title);
      expect(tags.og['og:description']).toBe(tags.description);
      expect(tags.og['og:image']).toMatch(new RegExp(`^${baseURL}/previews/.+\\.png$`));
      expect([tags.og['og:image:width'], tags.og['og:image:height']]).toEqual(['800', '420']);
      expect(tags.og['og:image:alt']).toBeTruthy();
      expect(tags.twitter).toBe('summary_large_image');
      expect(tags.twitterImage).toBe(tags.og['og:image']);
      const image = await page.request.get(tags.og['og:image']!);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      // A load-more URL (from) and nothing else here is noindex.
      expect(tags.robots).toBe(path.includes('from=') ? 'noindex, follow' : null);
    });
  }

  // The server with Clerk keys serves the same build without PUBLIC_SITE_URL: its pages name the address
  // they are asked at, where a page prerendered by the build would name the build's.
  for (const [server, origin] of [
    ['the server with PUBLIC_SITE_URL', undefined],
    ['a server without it', CLERK_BASE_URL],
  ] as const) {
    test(`/contact has the head every page has, on ${server}`, async ({ page, baseURL }) => {
      const site = origin ?? baseURL!;
      await page.goto(`${site}/about`);
      const about = await headTags(page);
      await page.goto(`${site}/contact`);
      const contact = await headTags(page);
      expect(Object.keys(contact).sort()).toEqual(Object.keys(about).sort());
      expect(Object.keys(contact)).toEqual(
        expect.arrayContaining(['canonical', 'og:url', 'og:image', 'twitter:image', 'twitter:card']),
      );
      expect([contact['canonical'], contact['og:url']]).toEqual([`${site}/contact`, `${site}/contact`]);
      expect([contact['og:image'], contact['twitter:image']]).toEqual([about['og:image'], about['og:image']]);
      expect(contact['og:image']).toBe(`${site}/previews/shop.png`);
    });
  }

  test('a search with a query is noindex, follow; its canonical keeps query and sort', async ({ page, baseURL }) => {
    await page.goto('/products?sort=price&query=%D7%90');
    const tags = await head(page);
    expect(tags.robots).toBe('noindex, follow');
    expect(tags.canonical).toBe(`${baseURL}/products?query=%D7%90&sort=price`);
  });

  test('not-found pages are noindex without a canonical link', async ({ page }) => {
    for (const path of ['/no-such-page', '/products/ffffffffffffffffffffffff']) {
      expect((await page.goto(path))?.status()).toBe(404);
      const tags = await head(page);
      expect([tags.canonical, tags.robots]).toEqual([null, 'noindex, follow']);
    }
  });
});

test.describe('structured data', () => {
  for (const slug of ['rainbow-owl', 'kite-lizard', 'calculator-owl']) {
    test(`${slug}: Product and BreadcrumbList equal the page's own price, stock and rating`, async ({
      page,
      baseURL,
    }) => {
      const animal = seedAnimal(slug);
      await page.goto(`/products/${animal.id}`);
      const { jsonLd } = await head(page);
      const [product] = byType(jsonLd, 'Product');
      expect(checkProduct(product!)).toEqual([]);
      const offer = product!.offers as Json;
      const shownPrice = (await page.locator('.animal-price').textContent())!.replace(/[^\d.]/g, '');
      expect(String(offer.price)).toBe(shownPrice);
      const soldOut = await page.getByText('אזל מהמלאי').first().isVisible();
      expect(offer.availability).toBe(soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock');
      expect(soldOut).toBe(animal.countInStock === 0);
      if (animal.numReviews > 0)
        expect(product!.aggregateRating).toMatchObject({ ratingValue: animal.rating, reviewCount: animal.numReviews });
      else expect(product!.aggregateRating).toBeUndefined();
      const [crumbs] = byType(jsonLd, 'BreadcrumbList');
      expect(checkBreadcrumb(crumbs!)).toEqual([]);
      expect((crumbs!.itemListElement as Json[]).map((item) => item.item)).toEqual([
        `${baseURL}/`,
        `${baseURL}/categories/${animal.category.slug}`,
        `${baseURL}/products/${animal.id}`,
      ]);
    });
  }

  test('a category: breadcrumbs and the shown animals as an ItemList', async ({ page, baseURL }) => {
    const category = seedCategory('pocket-pets');
    await page.goto(`/categories/${category.slug}`);
    const { jsonLd } = await head(page);
    expect(checkBreadcrumb(byType(jsonLd, 'BreadcrumbList')[0]!)).toEqual([]);
    const [list] = byType(jsonLd, 'ItemList');
    const shown = await page
      .getByTestId('animal-card')
      .evaluateAll((cards) => cards.map((card) => (card as HTMLAnchorElement).href));
    expect((list!.itemListElement as Json[]).map((item) => item.url)).toEqual(shown);
    expect(shown.length).toBe(category.animals.length);
    expect(shown[0]).toMatch(new RegExp(`^${baseURL}/products/`));
  });

  test('the home page names the shop and its search', async ({ page, baseURL }) => {
    await page.goto('/');
    const { jsonLd } = await head(page);
    expect(byType(jsonLd, 'Organization')[0]).toMatchObject({ name: 'חנות התיפלצים', url: `${baseURL}/` });
    const [site] = byType(jsonLd, 'WebSite');
    const template = ((site!.potentialAction as Json).target as Json).urlTemplate as string;
    expect(template).toBe(`${baseURL}/products?query={search_term_string}`);
    const search = await page.request.get(template.replace('{search_term_string}', encodeURIComponent('ינשוף')));
    expect(search.status()).toBe(200);
  });
});

test('sitemap index and shards are well-formed XML whose URLs answer 200; robots.txt names it', async ({
  page,
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  await page.goto('/about');
  const parse = (xml: string) =>
    page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return doc.querySelector('parsererror')
        ? null
        : [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? '');
    }, xml);
  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(index.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
  const again = await request.get('/sitemap.xml', { headers: { 'If-None-Match': index.headers()['etag']! } });
  expect(again.status()).toBe(304);
  const shards = await parse(await index.text());
  expect(shards).toEqual([`${baseURL}/sitemaps/pages.xml`, `${baseURL}/sitemaps/animals-1.xml`]);
  const all: string[] = [];
  for (const shard of shards!) {
    const urls = await parse(await (await request.get(shard)).text());
    expect(urls).not.toBeNull();
    expect(urls!.length).toBeLessThanOrEqual(50_000);
    all.push(...urls!);
    for (const url of [urls![0]!, urls![urls!.length - 1]!]) expect((await request.get(url)).status()).toBe(200);
  }
  expect(all).toContain(`${baseURL}/products/${seedAnimal('kite-lizard').id}`);
  expect(all).toContain(`${baseURL}/categories/pocket-pets`);
  expect(all).toContain(`${baseURL}/accessibility`);
  // The six pages (home, categories, products, about, accessibility, contact), 10 categories, 60 animals.
  expect(all.length).toBe(6 + 10 + 60);
});

test('hovering a card fetches its page before the click', async ({ page }) => {
  await page.goto('/categories/pocket-pets');
  const card = page.getByTestId('animal-card').first();
  const href = await card.getAttribute('href');
  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === href);
  await card.hover();
  await prefetched;
});

test.describe('view transitions', () => {
  const transitionOnNextPage = async (page: Page) => {
    await page.addInitScript(() => {
      addEventListener('pagereveal', (event) => {
        (window as unknown as { transitioned: boolean }).transitioned = Boolean(
          (event as Event & { viewTransition?: unknown }).viewTransition,
        );
      });
    });
    await page.goto('/categories');
    await page.locator('main a[href^="/categories/"]').first().click();
    await page.waitForURL(/\/categories\/.+/);
    return page.evaluate(() => (window as unknown as { transitioned?: boolean }).transitioned);
  };

  test('a page change runs a view transition', async ({ page }) => {
    expect(await transitionOnNextPage(page)).toBe(true);
  });

  test('with reduced motion no view transition runs', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    expect(await transitionOnNextPage(page)).toBe(false);
    await context.close();
  });
});
