/**
 * Parity of the static build's browser search with the API: the index pieces the static build writes
 * (src/static-site/routes/search-pieces.ts, fetched as the browser fetches them) searched by
 * src/features/animal-list/index-catalogue.ts must give the same animals, in the same order, with the same totals as
 * GET /api/animals/search on the same catalogue — for 36 searches (Hebrew with niqqud, cantillation
 * and final letters, Latin in any case, literal % and _, empty, no match, code-point order) × both sorts × 3 pages of
 * two sizes, on SQLite and PostgreSQL; and word forms, layout and spelling corrections and the search's
 * filters (the correction said the same way too).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnimalSort } from '../../src/lib/catalogue-rules.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { compareBySort, compareCodePoints, firstInOrder } from '../../src/lib/search/index.ts';
import { seededRandom } from '../../src/lib/seeded-random.ts';
import type { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { seedCatalogue, type SeedAnimal } from '../../src/server/db/seed/seed-catalogue.ts';
import { catalogueRows, replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { useShop } from '../../src/server/shop.ts';
import { animalPages, categoryPages, firstListPage } from '../../src/static-site/catalogue.server.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { builtIndex } from '../helpers/static-index.ts';
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
/** The catalogue's reads, counted while the static build's pages are made. */
const READS = ['listCategories', 'findCategory', 'findCategoryDetail', 'findAnimal', 'searchAnimals'] as const;
const PAGINGS = [5, 24].flatMap((limit) => [1, 2, 3].map((page) => ({ limit, page })));

it('orders by code point, as the databases do', () => {
  expect(compareCodePoints('\uFFE6', '🐉')).toBeLessThan(0);
  expect('\uFFE6' < '🐉').toBe(false);
  // Against the databases' own order, UTF-8 bytes, over strings mixing every kind of character.
  const alphabet = ['א', 'ת', 'a', 'Z', '1', ' ', '\u05B0', '\uD7FF', '\uE000', '\uFFE6', '\uFFFF', '🐉', '𝒜', 'Ā'];
  const random = seededRandom(17);
  const text = () =>
    Array.from({ length: Math.floor(random() * 4) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  for (let index = 0; index < 3000; index++) {
    const [a, b] = [text(), text()];
    expect(Math.sign(compareCodePoints(a, b)), `${a} ${b}`).toBe(
      Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
  }
});

it("takes a page's first animals in order without sorting every match, as a whole sort would", () => {
  const random = seededRandom(29);
  const rows = Array.from({ length: 900 }, (_, index) => ({
    id: String(index).padStart(4, '0'),
    price: Math.floor(random() * 50),
    name_key: String.fromCharCode(0x5d0 + Math.floor(random() * 5)),
  }));
  for (const sort of ['name', 'price'] as const) {
    const whole = [...rows].sort(compareBySort(sort));
    for (const count of [0, 1, 24, 48, 111, 112, 113, 500, 900, 1000]) {
      expect(firstInOrder(rows, compareBySort(sort), count), `${sort} ${count}`).toEqual(whole.slice(0, count));
    }
  }
});

describeEachDatabase('the static search answers as the API does', (database) => {
  let shop: TestShop;
  let browser: IndexCatalogue;
  const catalogueReads = Object.fromEntries(READS.map((name) => [name, 0])) as Record<(typeof READS)[number], number>;
  let readsForIndex: typeof catalogueReads;

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
    // Counted by hand: vitest forgets a spy's calls between beforeAll and the test.
    const catalogue = shop.catalogue as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of READS) {
      const read = catalogue[name]!.bind(catalogue);
      catalogue[name] = (...args: unknown[]) => {
        catalogueReads[name] += 1;
        return read(...args);
      };
    }
    ({ catalogue: browser } = await builtIndex());
    readsForIndex = { ...catalogueReads };
  });
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
        const local = await browser.search({ search, sort, ...paging });
        expect(local.total, `${search} ${sort} ${paging.limit}/${paging.page}`).toBe(api.total);
        // The API's pictures are absolute (other front ends need them); the static site's are paths on its own origin.
        const apiAnimals = api.animals.map((animal) => ({ ...animal, img: new URL(animal.img).pathname }));
        expect(local.animals, `${search} ${sort} ${paging.limit}/${paging.page}`).toEqual(apiAnimals);
        matched = api.total;
      }
    }
    if (search === 'אין כזה תיפלץ' || search === 'zzz') expect(matched).toBe(0);
  });

  it("builds every page from one read of the catalogue, with the database's pages", async () => {
    // The index file read one list of categories and one of animals; the list, every category page and every
    // animal page read nothing more.
    expect(readsForIndex).toEqual({
      listCategories: 1,
      findCategory: 0,
      findCategoryDetail: 0,
      findAnimal: 0,
      searchAnimals: 1,
    });
    for (const name of READS) catalogueReads[name] = 0;
    const [list, categories, animals] = await Promise.all([firstListPage(), categoryPages(), animalPages()]);
    expect(Object.values(catalogueReads)).toEqual(READS.map(() => 0));
    // The list page's animals and total (its filter counts come from the index in the browser).
    const { animals: firstAnimals, total } = await shop.catalogue.searchAnimals({
      search: '',
      sort: 'name',
      limit: 24,
      page: 1,
    });
    expect(list).toEqual({ animals: firstAnimals, total });
    expect(categories.length).toBeGreaterThan((await shop.catalogue.listCategories()).length);
    for (const { detail, page } of categories) {
      expect(detail, `${detail.category.slug} ${page}`).toEqual(
        await shop.catalogue.findCategoryDetail(detail.category.slug, { limit: 24, page }),
      );
    }
    expect(animals).toHaveLength(list.total);
    for (const { animal, category } of animals.slice(0, 50)) {
      expect(animal).toEqual(await shop.catalogue.findAnimal(animal._id));
      expect(category).toEqual(await shop.catalogue.findCategory(animal.category));
    }
  });

  // Word forms, corrections and filters answer the same in the browser.
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
    const local = await browser.search({
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
    // The filters' counts too (categories in catalogue order, the price range without the price filter).
    expect(local.facets).toEqual(api.facets);
    expect(api.total).toBeGreaterThan(0);
  });

  // On a static host the header's suggestions come from the same index, with the API's answers.
  it('suggests what GET /api/animals/suggest suggests, for 200+ texts typed so far', async () => {
    const names = [
      ...seedCatalogue.map((category) => category.name),
      ...seedCatalogue.flatMap((c) => c.animals.map((a) => a.name)),
    ];
    const typed = new Set<string>(['sreui', 'דרקן', 'הדרקונים', 'ינשופים', 'אוגר usb', 'לחתולים', 'ים', 'zzz', 'שָׁל']);
    for (const name of names) {
      for (const word of name.split(/\s+/))
        for (let length = 1; length <= 6; length++) typed.add(word.slice(0, length));
      typed.add(name.slice(0, 7));
    }
    expect(typed.size).toBeGreaterThan(200);
    let suggested = 0;
    for (const text of typed) {
      const response = await shop.get(`/animals/suggest?${new URLSearchParams({ search: text })}`);
      const { suggestions } = (await response.json()) as { suggestions: unknown[] };
      expect(await browser.suggest(text), text).toEqual(suggestions);
      if (suggestions.length > 0) suggested++;
    }
    expect(suggested).toBeGreaterThan(150);
  });
});
