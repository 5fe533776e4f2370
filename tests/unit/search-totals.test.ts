/**
 * Search totals and pages from the catalogue index: for every query shape of `npm run bench`, the API's
 * `total` and page are exactly what a plain filter and sort of the rows give, on both databases; and a
 * total follows every change of the catalogue, whoever writes it. docs/decisions/0016-catalogue-index-and-change-feed.md.
 */
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { foldHebrew } from '../../src/lib/search/index.ts';
import type { AnimalSearchResult, CategoryDetail } from '../../src/lib/schemas.ts';
import { CATALOGUE_VERSION_INTERVAL_MS } from '../../src/server/search/index.ts';
import { animalSearchRows } from '../../src/server/db/search/animal-words.ts';
import { animalRow, replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import type { AnimalTable } from '../../src/server/db/tables.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const rows = syntheticCatalogue(3000);

/** The ids a search should answer, in order: the rows filtered and sorted in plain JavaScript. */
function expected(search: string, sort: 'name' | 'price'): string[] {
  const folded = foldHebrew(search);
  const key = (row: Insertable<AnimalTable>) => [sort === 'price' ? row.price : 0, row.name_key, row.id] as const;
  return rows.animals
    .filter((row) => row.search_text.includes(folded))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i]! !== y[i]!) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    })
    .map((row) => row.id);
}

/** The bench's query shapes (scripts/bench.ts), at 3,000 animals. */
const SHAPES: [string, string][] = [
  ['no match', 'אין כזה תיפלץ בכלל'],
  ['rare word', '1234'],
  ['common word', 'קטן'],
  ['one letter', 'ק'],
  ['two letters', 'קט'],
  ['the empty search', ''],
  ['literal wildcards', '1_3'],
];

describeEachDatabase('search totals and pages', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    // The catalogue version's clock (src/server/search/catalogue-version.ts) is a fake one: see the totals test.
    vi.useFakeTimers({ toFake: ['performance'] });
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    await replaceCatalogue(shop.database.db, rows);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await shop?.dispose();
  });

  async function search(query: string): Promise<AnimalSearchResult> {
    const response = await shop.get(`/animals/search?${query}`);
    expect(response.status, query).toBe(200);
    return (await response.json()) as AnimalSearchResult;
  }

  it('has the shapes the bench measures', () => {
    expect(expected('אין כזה תיפלץ בכלל', 'name')).toHaveLength(0);
    expect(expected('1234', 'name').length).toBeGreaterThan(0);
    expect(expected('1234', 'name').length).toBeLessThanOrEqual(20);
    expect(expected('קטן', 'name').length).toBeGreaterThan(rows.animals.length / 4);
    expect(expected('ק', 'name').length).toBeGreaterThan(expected('קט', 'name').length);
    expect(expected('1_3', 'name')).toHaveLength(0);
  });

  for (const [shape, text] of SHAPES) {
    it(`answers ${shape} with the exact total and the right pages, each sort, first and deep`, async () => {
      for (const sort of ['name', 'price'] as const) {
        const ids = expected(text, sort);
        const deepest = Math.max(1, Math.ceil(ids.length / 24));
        for (const page of new Set([1, 2, Math.ceil(deepest / 2), deepest, deepest + 1])) {
          const params = new URLSearchParams({ search: text, sort, limit: '24', page: String(page) });
          // Twice: counted, then from the cache of totals.
          for (let round = 0; round < 2; round++) {
            const body = await search(params.toString());
            expect(body.total, `${params} round ${round}`).toBe(ids.length);
            expect(
              body.animals.map((animal) => animal._id),
              `${params}`,
            ).toEqual(ids.slice((page - 1) * 24, page * 24));
          }
        }
      }
    });
  }

  it('answers page 100 of the whole catalogue, and a search without limit up to the cap', async () => {
    const deep = await search('search=&sort=price&limit=24&page=100');
    expect(deep.total).toBe(rows.animals.length);
    expect(deep.animals.map((animal) => animal._id)).toEqual(expected('', 'price').slice(99 * 24, 100 * 24));
    const whole = await shop.get(`/animals/search?search=${encodeURIComponent('ק')}`);
    const body = (await whole.json()) as AnimalSearchResult;
    expect(body.total).toBe(expected('ק', 'name').length);
    expect(body.total).toBeGreaterThan(1000);
    expect(body.animals.map((animal) => animal._id)).toEqual(expected('ק', 'name').slice(0, 1000));
    expect(whole.headers.get('Link')).toBe(
      `</api/animals/search?search=${encodeURIComponent('ק')}&limit=100&page=11>; rel="next"`,
    );
  });

  it('keeps totals exact when the catalogue changes, whichever way it is written', async () => {
    const db = shop.database.db;
    // Each server reads the catalogue's version at most every CATALOGUE_VERSION_INTERVAL_MS: after a write,
    // that much time passes (on the fake clock) before the totals must show it.
    const later = () => void vi.advanceTimersByTime(CATALOGUE_VERSION_INTERVAL_MS);
    const text = 'קטן';
    const before = expected(text, 'name').length;
    const category = rows.categories[0]!;
    const categoryTotal = async () =>
      ((await (await shop.get(`/categories/${category.slug}?isPopulate=true&limit=1`)).json()) as CategoryDetail).total;
    const inCategory = rows.animals.filter((row) => row.category_id === category.id).length;
    expect((await search(`search=${text}&limit=1`)).total).toBe(before);
    expect(await categoryTotal()).toBe(inCategory);

    // One more animal, written straight into the table (not through the shop's code).
    const extra = animalRow('0123456789abcdef01234567', category.id, {
      slug: 'extra-small',
      name: 'תנין קטן במיוחד',
      description: 'נוסף אחרי הספירה',
      img: '/art/x.svg',
      price: 1,
      countInStock: 1,
      rating: 1,
      numReviews: 1,
    });
    await db.insertInto('animal').values(extra).execute();
    later();
    expect((await search(`search=${text}&limit=1`)).total).toBe(before + 1);
    expect((await search(`search=${encodeURIComponent('אחרי הספירה')}&limit=5`)).animals.map((a) => a._id)).toEqual([
      extra.id,
    ]);
    expect(await categoryTotal()).toBe(inCategory + 1);

    // Its text changes (with every search column, as the shop computes them): the index follows.
    await db
      .updateTable('animal')
      .set({
        name: 'שונה',
        description: 'לגמרי',
        search_text: 'שונה לגמרי',
        ...animalSearchRows({ name: 'שונה', description: 'לגמרי' }).columns,
      })
      .where('id', '=', extra.id)
      .execute();
    later();
    expect((await search(`search=${text}&limit=1`)).total).toBe(before);
    expect((await search(`search=${encodeURIComponent('אחרי הספירה')}&limit=5`)).total).toBe(0);
    expect((await search(`search=${encodeURIComponent('שונה לגמרי')}&limit=5`)).total).toBe(1);

    await db.deleteFrom('animal').where('id', '=', extra.id).execute();

    later();
    expect((await search(`search=${encodeURIComponent('שונה לגמרי')}&limit=5`)).total).toBe(0);
    expect(await categoryTotal()).toBe(inCategory);

    // A whole new catalogue (what `npm run seed` does), then back.
    const smaller = syntheticCatalogue(500);
    await replaceCatalogue(db, smaller);
    later();
    expect((await search(`search=${text}&limit=1`)).total).toBe(
      smaller.animals.filter((row) => row.search_text.includes('קטנ')).length,
    );
    expect((await search('search=&limit=1')).total).toBe(500);
    await replaceCatalogue(db, rows);
    later();
    expect((await search(`search=${text}&limit=1`)).total).toBe(before);
  });
});
