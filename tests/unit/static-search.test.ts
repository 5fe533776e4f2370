/**
 * Parity of the static build's browser search with the API: the index the static build writes
 * (src/static-site/pages/search-index.json.ts, read back as the browser reads it) searched by
 * src/lib/static-search.ts must give the same animals, in the same order, with the same totals as
 * GET /api/animals/search on the same catalogue — for 36 searches (Hebrew with niqqud, cantillation
 * and final letters, Latin in any case, literal % and _, empty, no match, code-point order) × both sorts × 3 pages of
 * two sizes, on SQLite and PostgreSQL; and word forms, layout and spelling corrections and the filters of
 * issue 17 (the correction said the same way too).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnimalSort } from '../../src/lib/catalogue-rules.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { compareCodePoints } from '../../src/lib/search-rules.ts';
import { StaticCatalogue, type IndexRow } from '../../src/lib/static-search.ts';
import { type SeedAnimal } from '../../src/server/db/seed-catalogue.ts';
import { catalogueRows, replaceCatalogue } from '../../src/server/db/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/synthetic.ts';
import { useShop } from '../../src/server/shop.ts';
import { GET as searchIndex } from '../../src/static-site/pages/search-index.json.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { fixtureAnimal, SEARCH_TEXTS } from '../helpers/search-texts.ts';

const FIXTURES: SeedAnimal[] = [
  fixtureAnimal('st-shalom', 'שלום', 'בלי ניקוד'),
  fixtureAnimal('st-shalom-niqqud', 'שָׁלוֹם', 'עם ניקוד, אותו מחיר'),
  fixtureAnimal('st-finals', 'ךםןףץ', 'מלך, שלום, שן, אף, ארץ', { price: 12.5 }),
  fixtureAnimal('st-cantillation', 'בְּרֵאשִׁ֖ית', 'טעמי מקרא', { price: 0.5 }),
  fixtureAnimal('st-percent', 'Wi-Fi חתול', 'מחובר ל-Router ב-100% מהזמן', { price: 99.9 }),
  fixtureAnimal('st-underscore', 'ציפור_מבצע', 'מחיר 99.90 ₪', { price: 99.9 }),
  // Code-point order is not UTF-16 order: U+FFE6 sorts before U+1F409 in the databases.
  fixtureAnimal('st-astral', '🐉 דרקונצ׳יק', 'דרקון קטנטן, זוג לסימן'),
  fixtureAnimal('st-bmp-high', '￦ מטבע', 'סימן רחב, זוג לסימן'),
  fixtureAnimal('st-case', 'ABC abc', 'UPPER lower MiXeD'),
];

const SORTS: AnimalSort[] = ['name', 'price'];
const PAGINGS = [5, 24].flatMap((limit) => [1, 2, 3].map((page) => ({ limit, page })));

it('orders by code point, as the databases do', () => {
  expect(compareCodePoints('\uFFE6', '🐉')).toBeLessThan(0);
  expect('\uFFE6' < '🐉').toBe(false);
});

describeEachDatabase('the static search answers as the API does', (database) => {
  let shop: TestShop;
  let browser: StaticCatalogue;

  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    const seed = catalogueRows();
    const extra = catalogueRows([
      { slug: 'static-fixtures', name: 'בדיקה', description: 'מקרים קשים', animals: FIXTURES },
    ]);
    await replaceCatalogue(shop.database.db, {
      categories: [
        ...seed.categories,
        ...extra.categories.map((category) => ({ ...category, position: seed.categories.length })),
      ],
      animals: [...seed.animals, ...syntheticCatalogue(600).animals, ...extra.animals],
    });
    // The build's own index file, read back as the browser reads it.
    useShop(shop);
    const file = await searchIndex({} as never);
    browser = StaticCatalogue.fromRows((await file.json()) as IndexRow[]);
  }, 60_000);
  afterAll(async () => {
    await shop?.dispose();
  });

  it.each(SEARCH_TEXTS)('search %j: same animals, order and totals for both sorts and pages 1–3', async (search) => {
    let matched = 0;
    for (const sort of SORTS) {
      for (const paging of PAGINGS) {
        const params = new URLSearchParams({ search, sort, limit: String(paging.limit), page: String(paging.page) });
        const response = await shop.get(`/animals/search?${params}`);
        expect(response.status).toBe(200);
        const api = (await response.json()) as AnimalSearchResult;
        const local = browser.search({ search, sort, ...paging });
        expect(local.total, `${search} ${sort} ${paging.limit}/${paging.page}`).toBe(api.total);
        // The API's pictures are absolute (other front ends need them); the static site's are paths on its own origin.
        const apiAnimals = api.animals.map((animal) => ({ ...animal, img: new URL(animal.img).pathname }));
        expect(local.animals, `${search} ${sort} ${paging.limit}/${paging.page}`).toEqual(apiAnimals);
        matched = api.total;
      }
    }
    if (search === 'אין כזה תיפלץ' || search === 'zzz') expect(matched).toBe(0);
  });

  // Issue 17: word forms, corrections and filters answer the same in the browser.
  it.each([
    ['דרקונים', ''],
    ['הינשופים קטן', ''],
    ['sreui', ''],
    ['דקרון', 'category=pocket-pets'],
    ['קטנים', 'minPrice=100&maxPrice=5000&inStock=1'],
    ['', 'minRating=4.5&category=sky-creatures'],
    ['ינשוף', 'inStock=true&minRating=2'],
  ])('search %j with %j: same animals, totals and correction', async (search, filters) => {
    const params = new URLSearchParams(`search=${encodeURIComponent(search)}&sort=price&limit=24&${filters}`);
    const response = await shop.get(`/animals/search?${params}`);
    expect(response.status).toBe(200);
    const api = (await response.json()) as AnimalSearchResult;
    const number = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
    const local = browser.search({
      search,
      sort: 'price',
      limit: 24,
      minPrice: number('minPrice'),
      maxPrice: number('maxPrice'),
      minRating: number('minRating'),
      inStock: params.has('inStock') || undefined,
      category: params.get('category') ?? undefined,
    });
    expect(local.animals.map((animal) => animal._id)).toEqual(api.animals.map((animal) => animal._id));
    expect([local.total, local.correction, local.correctedQuery]).toEqual([
      api.total,
      api.correction,
      api.correctedQuery,
    ]);
    expect(api.total).toBeGreaterThan(0);
  });
});
