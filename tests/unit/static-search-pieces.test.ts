/**
 * The static build's search over many small pieces answers as the Node server does: the seed
 * catalogue, 3,000 synthetic animals and the hard cases, written in pieces made small enough that
 * every kind comes in many files (a word's start, a base form's words and a run's suffixes then reach
 * across files), searched by the browser's catalogue (src/features/animal-list/index-catalogue.ts)
 * over the query table × both sorts × pages × filter combinations, and suggested for what is typed;
 * each search from pieces already fetched by the ones before it, and the first of each text from
 * nothing. What a search fetches: only some of the pieces, nothing again, and a piece that fails
 * fails the search (never a partial answer) until it comes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { AnimalSearchQuerySchema, type AnimalSearchQuery } from '../../src/lib/schemas.ts';
import { buildIndexPieces, type IndexPieces, type PieceSizes } from '../../src/lib/search/pieces/index.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { catalogueRows, replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { fixtureAnimal, SEARCH_TEXTS } from '../helpers/search-texts.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

/** Small enough for many files of every kind from a few thousand animals. */
const SMALL: PieceSizes = { rangeBytes: 256, recordsPerFile: 16, inlineBytes: 96, suffixInline: 2, idsPerFile: 8 };

const FIXTURES = [
  fixtureAnimal('sp-shalom', 'שָׁלוֹם', "עם ניקוד, ג׳ירפה וג'ירפה"),
  fixtureAnimal('sp-finals', 'ךםןףץ', 'מלך, שלום, שן, אף, ארץ', { price: 12.5, countInStock: 0 }),
  fixtureAnimal('sp-percent', 'Wi-Fi חתול', 'מחובר ל-Router ב-100% מהזמן', { price: 99.9, rating: 4.25 }),
  fixtureAnimal('sp-underscore', 'ציפור_מבצע', 'מחיר 99.90 ₪', { price: 0.333 }),
  fixtureAnimal('sp-astral', '🐉 דרקונצ׳יק', 'דרקון קטנטן, זוג לסימן', { price: 49_999.99, rating: 5 }),
  fixtureAnimal('sp-bmp-high', '￦ מטבע', 'סימן רחב, זוג לסימן'),
  fixtureAnimal('sp-case', 'ABC abc', 'UPPER lower MiXeD הדרקונים והינשופים'),
];

const FILTERS: Record<string, string>[] = [
  {},
  { inStock: '1' },
  { minPrice: '100', maxPrice: '20000' },
  { category: 'sky-creatures', minRating: '2.5' },
  { minRating: '4.9', maxPrice: '100' },
  { category: 'no-such-category' },
];
const PAGINGS: Record<string, string>[] = [{ limit: '24', page: '1' }, { limit: '7', page: '3' }, {}];

let shop: TestShop;
let built: IndexPieces;
let categories: [string, string][];

/** A browser's catalogue over the pieces, each read told to `read`. */
function openCatalogue(read: (name: string) => void = () => {}, fail: (name: string) => boolean = () => false) {
  return IndexCatalogue.open(built.manifest, async (name) => {
    read(name);
    if (fail(name)) throw new Error(`${name}: 503`);
    return built.pieces.get(name)!;
  });
}

beforeAll(async () => {
  shop = await openTestShop({ SEED_ON_START: 'false' });
  const seed = catalogueRows();
  const extra = catalogueRows([
    { slug: 'pieces-fixtures', name: 'בדיקת חלקים', description: 'קשים', animals: FIXTURES },
  ]);
  await replaceCatalogue(shop.database.db, {
    categories: [
      ...seed.categories,
      ...extra.categories.map((category) => ({ ...category, position: seed.categories.length })),
    ],
    animals: [...seed.animals, ...syntheticCatalogue(3000).animals, ...extra.animals],
  });
  const whole = await shop.catalogue.searchAnimals(AnimalSearchQuerySchema.parse({}));
  categories = (await shop.catalogue.listCategories()).map((category) => [category.slug, category.name]);
  built = buildIndexPieces(whole.animals, categories, SMALL);
});
afterAll(async () => {
  await shop?.dispose();
});

it('comes in many pieces of every kind', () => {
  const { manifest, pieces } = built;
  expect(manifest.words.first.length).toBeGreaterThan(100);
  expect(manifest.suffixes.length).toBeGreaterThan(100);
  expect(manifest.bases.length).toBeGreaterThan(10);
  expect(manifest.records.files).toBeGreaterThan(150);
  expect([...pieces.keys()].filter((name) => name.startsWith('lists/')).length).toBeGreaterThan(50);
  expect(Object.keys(manifest.characters).length).toBeGreaterThan(40);
});

it.each(SEARCH_TEXTS)(
  'search %j: the same answers for both sorts, pages and filters, from nothing and from what other searches fetched',
  async (search) => {
    const warm = openCatalogue();
    let found = 0;
    for (const sort of ['name', 'price']) {
      for (const paging of PAGINGS) {
        for (const filters of FILTERS) {
          const query: AnimalSearchQuery = AnimalSearchQuery({ search, sort, ...paging, ...filters });
          const server = await shop.catalogue.searchAnimals(query);
          expect(await warm.search(query), JSON.stringify(query)).toEqual(server);
          if (server.animals.length > 0) found++;
        }
      }
    }
    // From an empty cache: the same.
    const query = AnimalSearchQuery({ search, sort: 'price', limit: '24' });
    expect(await openCatalogue().search(query)).toEqual(await shop.catalogue.searchAnimals(query));
    if (!['אין כזה תיפלץ', 'zzz', "' OR 1=1 --", '\\', '₪'].includes(search)) expect(found).toBeGreaterThan(0);
  },
);

const AnimalSearchQuery = (params: Record<string, string>) => AnimalSearchQuerySchema.parse(params);

it('corrects the layout and the spelling as the server does, filters and pages included', async () => {
  const browser = openCatalogue();
  for (const search of ['sreui', 'j,uk', 'ודנ', 'דקרון', 'ינשוב', 'קיפד', 'דקרון מנומר', 'sreui nbunr', 'הדרקונים']) {
    for (const filters of FILTERS.slice(0, 4)) {
      for (const exact of [{}, { exact: '1' }]) {
        const query = AnimalSearchQuery({ search, sort: 'price', limit: '7', page: '2', ...filters, ...exact });
        const server = await shop.catalogue.searchAnimals(query);
        expect(await browser.search(query), JSON.stringify(query)).toEqual(server);
      }
    }
  }
  const corrected = await browser.search(AnimalSearchQuery({ search: 'דקרון מנומר' }));
  expect([corrected.correction, corrected.correctedQuery, corrected.total > 0]).toEqual([
    'spelling',
    'דרקון מנומר',
    true,
  ]);
});

it('suggests what the server suggests for what is typed, from nothing and from what it fetched', async () => {
  const typed = new Set([
    'sreu',
    'דרקן',
    'הדרקונים',
    'ינשופים',
    'אוגר usb',
    'לחתולים',
    'ים',
    'zzz',
    'שָׁל',
    'דרקון מ',
    '🐉',
  ]);
  for (const name of [...seedCatalogue.flatMap((c) => c.animals.map((a) => a.name)), 'גריפון מנצנץ 2999']) {
    for (const word of name.split(/\s+/))
      for (let length = 1; length <= 5; length += 2) typed.add(word.slice(0, length));
  }
  const warm = openCatalogue();
  let suggested = 0;
  for (const text of typed) {
    const server = await shop.catalogue.suggest(text);
    expect(await warm.suggest(text), text).toEqual(server);
    if (server.length > 0) suggested++;
  }
  expect(suggested).toBeGreaterThan(typed.size / 2);
  for (const text of ['ד', 'מנומר', 'sreu'])
    expect(await openCatalogue().suggest(text)).toEqual(await shop.catalogue.suggest(text));
});

it('fetches some pieces for a search, none again for the same one, and only what is new for the next', async () => {
  const reads: string[] = [];
  const browser = openCatalogue((name) => reads.push(name));
  const query = AnimalSearchQuery({ search: 'דרקון מנומר', limit: '24' });
  const first = await browser.search(query);
  expect(first.total).toBeGreaterThan(0);
  expect(reads.length).toBeGreaterThan(2);
  expect(reads.length).toBeLessThan(built.pieces.size / 20);
  expect(new Set(reads).size).toBe(reads.length);
  const before = reads.length;
  expect(await browser.search(query)).toEqual(first);
  expect(await browser.search({ ...query, sort: 'price' })).toEqual(
    await shop.catalogue.searchAnimals({ ...query, sort: 'price' }),
  );
  // The same matches by price: only the records of the page's other animals are new.
  expect(reads.slice(before).every((name) => name.startsWith('records/'))).toBe(true);
});

it('fails a search whose piece does not come, then answers it once the piece is back', async () => {
  let failing = true;
  const reads: string[] = [];
  const browser = openCatalogue(
    (name) => reads.push(name),
    (name) => failing && name.startsWith('lists/'),
  );
  const query = AnimalSearchQuery({ search: 'קטן', limit: '24' });
  await expect(browser.search(query)).rejects.toThrow(/lists\/\d+: 503/);
  failing = false;
  expect(await browser.search(query)).toEqual(await shop.catalogue.searchAnimals(query));
  expect(reads.filter((name) => name.startsWith('words/')).length).toBe(
    new Set(reads.filter((name) => name.startsWith('words/'))).size,
  );
});

it('finds a favourites list by id as the server does, reading only ids and records files', async () => {
  const whole = await shop.catalogue.searchAnimals(AnimalSearchQuery({ sort: 'price', limit: '100' }));
  const ids = [
    whole.animals[40]!._id,
    'ffffffffffffffffffffffff',
    whole.animals[3]!._id,
    'not an id',
    whole.animals[77]!._id,
  ];
  const reads: string[] = [];
  const browser = openCatalogue((name) => reads.push(name));
  expect(await browser.animals(ids)).toEqual(await shop.catalogue.findAnimals(ids));
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.every((name) => /^(ids|records)\/\d+$/.test(name))).toBe(true);
  expect(reads.length).toBeLessThanOrEqual(ids.length + 3);
});
