import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animalShardPath,
  animalSitemap,
  escapeXml,
  pagesSitemap,
  robotsTxt,
  shardCount,
  sitemapIndex,
  SITEMAP_SHARD_SIZE,
  STATIC_PATHS,
} from '../../src/features/seo/sitemap.server.ts';
import { createSeoQueries } from '../../src/server/db/catalogue/seo-queries.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const ORIGIN = 'https://shop.example';
const ENTITY = '&(?:amp|lt|gt|quot|apos);';
const TEXT = `[^<>&]*(?:${ENTITY}[^<>&]*)*`;
const HEAD = '<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n';
const NS = 'xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9"';
/** A W3C datetime as sitemaps take it (what the catalogue's triggers write: UTC, milliseconds). */
const DATETIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const LASTMOD = `(?:<lastmod>${DATETIME}</lastmod>)?`;
/** Our sitemaps' whole grammar: well-formed, every text escaped. */
const URLSET = new RegExp(`^${HEAD}<urlset ${NS}>\\n(?:<url><loc>${TEXT}</loc>${LASTMOD}</url>\\n)+</urlset>\\n$`);
const INDEX = new RegExp(
  `^${HEAD}<sitemapindex ${NS}>\\n(?:<sitemap><loc>${TEXT}</loc>${LASTMOD}</sitemap>\\n)+</sitemapindex>\\n$`,
);
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]!);

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('sitemap pieces', () => {
  it('escapes XML', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
  it('splits into shards of at most 50,000', () => {
    expect(SITEMAP_SHARD_SIZE).toBe(50_000);
    expect([0, 1, 50_000, 50_001, 100_000, 100_001].map((n) => shardCount(n))).toEqual([0, 1, 1, 2, 2, 3]);
  });
  it('robots.txt keeps crawlers from the API and the admin only, and names the sitemap', () => {
    // Read as a crawler reads it (robots-parser follows Google's matching rules).
    const robots = robotsParser(`${ORIGIN}/robots.txt`, robotsTxt(ORIGIN));
    for (const path of ['/api/animals/search?search=x', '/api/openapi.json', '/admin', '/admin/animals/new'])
      expect(robots.isAllowed(`${ORIGIN}${path}`, 'Googlebot'), path).toBe(false);
    // Search addresses stay open: their own `noindex, follow` (tests/e2e/seo.spec.ts) is what keeps them out
    // of the index, and a crawler must fetch them to read it.
    for (const path of [
      '/',
      '/categories/sky-creatures',
      '/products',
      '/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F',
      '/products?sort=price&query=x',
      '/contact',
    ])
      expect(robots.isAllowed(`${ORIGIN}${path}`, 'Googlebot'), path).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
  });
  it('robots.txt without a public address (a static build without PUBLIC_SITE_URL) names no sitemap', () => {
    expect(robotsTxt(undefined)).toBe(robotsTxt(ORIGIN).replace('\nSitemap: https://shop.example/sitemap.xml\n', ''));
    expect(robotsTxt(undefined)).not.toContain('Sitemap');
  });
});

describeEachDatabase('sitemaps', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  it('lists every page, category and animal once, in shards of the given size', async () => {
    const queries = createSeoQueries(shop.database.db);
    const total = await queries.countAnimals();
    const size = 7;
    const index = await sitemapIndex(ORIGIN, queries, size);
    expect(index).toMatch(INDEX);
    expect(locs(index)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      ...Array.from({ length: Math.ceil(total / size) }, (_, i) => `${ORIGIN}${animalShardPath(i + 1)}`),
    ]);
    const pages = await pagesSitemap(ORIGIN, queries);
    expect(pages).toMatch(URLSET);
    const categories = await shop.catalogue.listCategories();
    expect(locs(pages)).toEqual(
      [...STATIC_PATHS, ...categories.map((c) => `/categories/${c.slug}`)].map((p) => `${ORIGIN}${p}`),
    );
    const animals: string[] = [];
    for (let shard = 1; shard <= Math.ceil(total / size); shard++) {
      const xml = await animalSitemap(ORIGIN, queries, shard, size);
      expect(xml).toMatch(URLSET);
      expect(locs(xml!).length).toBeLessThanOrEqual(size);
      animals.push(...locs(xml!));
    }
    expect(await animalSitemap(ORIGIN, queries, Math.ceil(total / size) + 1, size)).toBeUndefined();
    const all = await shop.catalogue.searchAnimals({ search: '', sort: 'name' });
    expect(animals.sort()).toEqual(all.animals.map((a) => `${ORIGIN}/products/${a._id}`).sort());
  });

  it('gives lastmod from the catalogue: its last change, on every page it feeds, moving with each change', async () => {
    const queries = createSeoQueries(shop.database.db);
    const before = await queries.catalogueChangedAt();
    expect(before).toMatch(new RegExp(`^${DATETIME}$`));
    const pages = await pagesSitemap(ORIGIN, queries);
    // Every URL but about, accessibility and contact (whose content is not the catalogue's) carries it.
    expect(lastmods(pages)).toEqual(Array(locs(pages).length - 3).fill(before));
    expect(pages).not.toMatch(/(?:about|accessibility|contact)<\/loc><lastmod>/);
    expect(new Set(lastmods((await animalSitemap(ORIGIN, queries, 1))!))).toEqual(new Set([before]));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await shop.database.db
      .updateTable('animal')
      .set({ count_in_stock: 3 })
      .where('id', '=', (await queries.animalIds(0, 1))[0]!)
      .execute();
    const after = await queries.catalogueChangedAt();
    expect(after! > before!).toBe(true);
    expect(lastmods(await sitemapIndex(ORIGIN, queries))).toEqual([after, after]);
  });
});

describe('sitemaps above 50,000 animals (synthetic, own database)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' });
    await replaceCatalogue(shop.database.db, syntheticCatalogue(50_001));
  });
  afterAll(() => shop?.dispose());

  it('has two shards, each well-formed with at most 50,000 URLs of animals that exist', async () => {
    const queries = createSeoQueries(shop.database.db);
    const index = await sitemapIndex(ORIGIN, queries);
    expect(locs(index)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/animals-1.xml`,
      `${ORIGIN}/sitemaps/animals-2.xml`,
    ]);
    const first = await animalSitemap(ORIGIN, queries, 1);
    const second = await animalSitemap(ORIGIN, queries, 2);
    expect(first).toMatch(URLSET);
    expect(second).toMatch(URLSET);
    const urls = [locs(first!), locs(second!)];
    expect(urls.map((list) => list.length)).toEqual([50_000, 1]);
    expect(new Set(urls.flat()).size).toBe(50_001);
    for (const list of urls) {
      for (const url of [list[0]!, list[list.length - 1]!, list[Math.floor(list.length / 2)]!]) {
        expect(await shop.catalogue.findAnimal(url.split('/').pop()!)).toBeDefined();
      }
    }
  });
});
