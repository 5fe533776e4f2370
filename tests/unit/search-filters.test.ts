/**
 * The API's search filters (price, stock, rating, category) alone and together, with and
 * without a search, against a plain JavaScript filter of the whole catalogue — totals, order, pages
 * and facets — on SQLite and PostgreSQL; malformed filters are Hebrew 400s; and GET /api/animals/suggest
 * ranks names that start with the text, then names with a word that starts with it, then categories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchText, sortKey } from '../../src/lib/search/index.ts';
import { categoryPath, productPath } from '../../src/lib/paths.ts';
import { type AnimalSearchResult, type Suggestions } from '../../src/lib/schemas.ts';
import { catalogueWords, matchesPlan, planSearch } from '../../src/lib/search/index.ts';
import { catalogueRows } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { seedAnimal } from '../helpers/catalogue.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, openTestShopWith, type TestShop } from '../helpers/shop.ts';

const seed = catalogueRows();
const rows = { categories: seed.categories, animals: [...seed.animals, ...syntheticCatalogue(900).animals] };
const categoryOf = new Map(rows.categories.map((category) => [category.id, category]));
const catalogue = rows.animals.map((row) => ({
  ...row,
  category: categoryOf.get(row.category_id)!.slug,
  words: catalogueWords(row.name, row.description),
  text: searchText(row.name, row.description),
}));
type Row = (typeof catalogue)[number];
const everyWord = new Set(catalogue.flatMap((row) => row.words.map((word) => word.word)));

interface Filters {
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  minRating?: number;
  category?: string;
}

/** The plain filter: the search's rules (src/lib/search/search-words.ts) and each filter, over every animal. */
function plainFilter(search: string, filters: Filters, without?: 'category' | 'price'): Row[] {
  const plan = planSearch(search, (word) => everyWord.has(word));
  return catalogue.filter(
    (row) =>
      matchesPlan(plan, row.text, row.words) &&
      (without === 'price' || filters.minPrice === undefined || row.price >= filters.minPrice) &&
      (without === 'price' || filters.maxPrice === undefined || row.price <= filters.maxPrice) &&
      (!filters.inStock || row.count_in_stock > 0) &&
      (filters.minRating === undefined || row.rating >= filters.minRating) &&
      (without === 'category' || filters.category === undefined || row.category === filters.category),
  );
}

function sorted(matches: Row[], sort: 'name' | 'price'): string[] {
  const key = (row: Row) => [sort === 'price' ? row.price : 0, row.name_key, row.id] as const;
  return [...matches]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i]! !== y[i]!) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    })
    .map((row) => row.id);
}

const FILTERS: [string, Filters][] = [
  ['', {}],
  ['minPrice=1000', { minPrice: 1000 }],
  ['maxPrice=500', { maxPrice: 500 }],
  ['minPrice=100&maxPrice=2000.5', { minPrice: 100, maxPrice: 2000.5 }],
  ['inStock=1', { inStock: true }],
  ['inStock=true', { inStock: true }],
  ['minRating=4.5', { minRating: 4.5 }],
  ['minRating=0', { minRating: 0 }],
  ['category=pocket-pets', { category: 'pocket-pets' }],
  ['category=no-such-category', { category: 'no-such-category' }],
  ['minPrice=50&inStock=1&minRating=3', { minPrice: 50, inStock: true, minRating: 3 }],
  ['maxPrice=20000&category=sky-creatures&inStock=true', { maxPrice: 20000, category: 'sky-creatures', inStock: true }],
  [
    'minPrice=100&maxPrice=30000&inStock=1&minRating=2.5&category=fire-creatures',
    { minPrice: 100, maxPrice: 30000, inStock: true, minRating: 2.5, category: 'fire-creatures' },
  ],
  ['minPrice=&maxPrice=&inStock=&minRating=&category=', {}],
  ['inStock=0', {}],
];
const SEARCHES = [
  '',
  'דרקון',
  'קטנים',
  'ינשוף קטן',
  'הדרקונים',
  'זזז אין כזה',
  // Literals across words joined by a hyphen (found through the words they hold, then checked): whole,
  // cut at both ends, and letters that many animals have in other words, never side by side.
  'חד-קרן',
  'ד-קרן',
  'wi-fi',
  'ד-ק',
  // A word no catalogue word is (so the word rule finds nothing), found by the literal inside another word.
  'נשוף קשת',
  'רקון מצולות',
  // A literal with a sign, and a word beside a number.
  '100%',
  'קטן 1',
];

describeEachDatabase('search filters and facets against a plain filter of the catalogue', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShopWith(rows, database);
  });
  afterAll(() => shop?.dispose());

  async function search(query: string): Promise<AnimalSearchResult> {
    const response = await shop.get(`/animals/search?${query}`);
    expect(response.status, query).toBe(200);
    return (await response.json()) as AnimalSearchResult;
  }

  for (const text of SEARCHES) {
    it(`filters ${JSON.stringify(text)} every way, both sorts, first and later pages, with facets`, async () => {
      for (const [params, filters] of FILTERS) {
        const matches = plainFilter(text, filters);
        for (const sort of ['name', 'price'] as const) {
          const ids = sorted(matches, sort);
          for (const page of [1, 2, Math.max(1, Math.ceil(ids.length / 24))]) {
            const query = `search=${encodeURIComponent(text)}&sort=${sort}&limit=24&page=${page}&${params}`;
            const body = await search(query);
            expect(body.total, query).toBe(ids.length);
            expect(
              body.animals.map((animal) => animal._id),
              query,
            ).toEqual(ids.slice((page - 1) * 24, page * 24));
            expect(body.correction, query).toBeUndefined();
          }
        }
        const body = await search(`search=${encodeURIComponent(text)}&limit=1&${params}`);
        const byCategory = plainFilter(text, filters, 'category');
        expect(body.facets?.categories, params).toEqual(
          rows.categories.map((category) => ({
            slug: category.slug,
            name: category.name,
            count: byCategory.filter((row) => row.category_id === category.id).length,
          })),
        );
        const prices = plainFilter(text, filters, 'price').map((row) => row.price);
        expect(body.facets?.price, params).toEqual(
          prices.length === 0 ? null : { min: Math.min(...prices), max: Math.max(...prices) },
        );
      }
    });
  }

  it('reads the whole list without a limit, filtered', async () => {
    const body = await search('search=&sort=price&inStock=1&minRating=4');
    const ids = sorted(plainFilter('', { inStock: true, minRating: 4 }), 'price');
    expect(body.total).toBe(ids.length);
    expect(body.animals.map((animal) => animal._id)).toEqual(ids.slice(0, 1000));
  });

  it('corrects a wrong layout within the filters, and says so', async () => {
    const body = await search('search=sreui&sort=price&limit=100&category=pocket-pets');
    expect(body.correction).toBe('layout');
    expect(body.correctedQuery).toBe('דרקון');
    const ids = sorted(plainFilter('דרקון', { category: 'pocket-pets' }), 'price');
    expect(ids.length).toBeGreaterThan(0);
    expect(body.animals.map((animal) => animal._id)).toEqual(ids.slice(0, 100));
    expect(body.total).toBe(ids.length);
  });

  it.each([
    ['minPrice=abc', /minPrice/],
    ['maxPrice=-1', /maxPrice/],
    ['minPrice=1e3', /minPrice/],
    ['minPrice=10&maxPrice=5', /גבוה מהמחיר/],
    ['minRating=6', /minRating/],
    ['minRating=x', /minRating/],
    ['inStock=yes', /inStock/],
    ['category=Not_A_Slug', /category/],
    ['exact=maybe', /exact/],
  ])('400s %s with a Hebrew message', async (query, message) => {
    const response = await shop.get(`/animals/search?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(message);
    expect(body.message).toMatch(/[\u05d0-\u05ea]/);
  });
});

describeEachDatabase('suggestions for the header search', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  async function suggest(text: string): Promise<Suggestions['suggestions']> {
    const response = await shop.get(`/animals/suggest?search=${encodeURIComponent(text)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Suggestions).suggestions;
  }
  const animal = (slug: string) => {
    const found = seedAnimal(slug);
    return { kind: 'animal', name: found.name, href: productPath(found.id) };
  };
  const category = (slug: string) => {
    const found = seed.categories.find((row) => row.slug === slug)!;
    return { kind: 'category', name: found.name, href: categoryPath(slug) };
  };

  it('answers an empty list for empty text', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('%')).toEqual([]);
  });

  it('puts names that start with the text first (in name order), then names with a word that starts with it', async () => {
    expect(await suggest('צב')).toEqual([animal('lava-turtle'), animal('cactus-tortoise'), animal('tulip-frog')]);
    expect(await suggest('דר')).toEqual(
      ['star-sparrow', 'thimble-dragon', 'deep-sea-dragon', 'tea-dragoness']
        .map(animal)
        .sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? -1 : 1)),
    );
    expect(await suggest('קשת')).toEqual([animal('rainbow-owl')]);
  });

  it('understands word forms, prefix letters, the other layout and spelling', async () => {
    const owls = [animal('calculator-owl'), animal('rainbow-owl')];
    expect(await suggest('ינשוף')).toEqual(owls);
    expect(await suggest('ינשופים')).toEqual(owls);
    expect(await suggest('הינשוף')).toEqual(owls);
    expect(await suggest('hbau;')).toEqual(owls);
    expect(await suggest('ינשוב')).toEqual(owls);
  });

  it('lists categories after animals, in catalogue order', async () => {
    expect(await suggest('יצורי')).toEqual(
      ['sky-creatures', 'fire-creatures', 'ice-creatures', 'night-creatures', 'garden-creatures'].map(category),
    );
    const beasts = await suggest('חיות');
    expect(beasts.filter((suggestion) => suggestion.kind === 'category')).toEqual(
      ['desert-beasts', 'pocket-pets', 'clockwork-animals'].map(category),
    );
  });

  it('answers at most 8', async () => {
    const many = await suggest('ח');
    expect(many).toHaveLength(8);
    // Every seed name that starts with ח, in name order, then (to 8) names with a word that starts with it.
    const starting = seed.animals
      .filter((row) => row.name.startsWith('ח'))
      .sort((a, b) => (a.name_key < b.name_key ? -1 : 1))
      .map((row) => row.name);
    expect(starting.length).toBeLessThan(8);
    expect(many.slice(0, starting.length).map((suggestion) => suggestion.name)).toEqual(starting);
    for (const suggestion of many.slice(starting.length)) {
      expect(suggestion.kind).toBe('animal');
      expect(suggestion.name).toMatch(/ ח/);
    }
  });

  describe('bad input', () => {
    it('400s a text longer than 200 characters with a Hebrew message', async () => {
      const response = await shop.get(`/animals/suggest?search=${'א'.repeat(201)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/[\u05d0-\u05ea]/);
    });
  });
});
