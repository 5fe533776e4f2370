/**
 * The API on a catalogue larger than one answer: API_MAX_RESULTS caps every answer, `total` stays
 * exact, and `Link: <…>; rel="next"` leads through the rest. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Animal, AnimalSearchResult, CategoryDetail } from '../../src/lib/schemas.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const rows = syntheticCatalogue(2500);

/** The path a Link header names, or undefined without one. */
function nextPath(response: Response): string | undefined {
  const link = response.headers.get('Link');
  if (link === null) return undefined;
  const match = /^<(\/api\/[^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1]!.slice('/api'.length);
}

/** Follows Link headers from `path` to the end; every answer's animals, in order, and every total. */
async function follow(shop: TestShop, path: string) {
  const animals: Animal[] = [];
  const totals: number[] = [];
  const sizes: number[] = [];
  for (let next: string | undefined = path; next !== undefined;) {
    const response = await shop.get(next);
    expect(response.status, next).toBe(200);
    const body = (await response.json()) as AnimalSearchResult;
    animals.push(...body.animals);
    totals.push(body.total);
    sizes.push(body.animals.length);
    next = nextPath(response);
  }
  return { animals, totals, sizes };
}

describeEachDatabase('API answers bounded by API_MAX_RESULTS', (database) => {
  let shop: TestShop;
  let small: TestShop;
  beforeAll(async () => {
    [shop, small] = await Promise.all([
      openTestShop({ SEED_ON_START: 'false' }, database),
      openTestShop({ SEED_ON_START: 'false', API_MAX_RESULTS: '150' }, database),
    ]);
    await Promise.all([replaceCatalogue(shop.database.db, rows), replaceCatalogue(small.database.db, rows)]);
  });
  afterAll(async () => {
    await Promise.all([shop?.dispose(), small?.dispose()]);
  });

  it('answers a search without limit with the first 1,000 matches, the exact total and a Link to the rest', async () => {
    const response = await shop.get('/animals/search?search=&sort=price');
    const body = (await response.json()) as AnimalSearchResult;
    expect(body.total).toBe(rows.animals.length);
    expect(body.animals).toHaveLength(1000);
    expect(response.headers.get('Link')).toBe('</api/animals/search?search=&sort=price&limit=100&page=11>; rel="next"');
    const next = (await (
      await shop.get('/animals/search?search=&sort=price&limit=100&page=11')
    ).json()) as AnimalSearchResult;
    const reference = (await (
      await shop.get('/animals/search?search=&sort=price&limit=100&page=10')
    ).json()) as AnimalSearchResult;
    expect(reference.animals.at(-1)).toEqual(body.animals.at(-1));
    expect(next.animals[0]!.price).toBeGreaterThanOrEqual(body.animals.at(-1)!.price);
  });

  it('leads through every match by Link, each animal once, in order', async () => {
    const whole = await follow(small, '/animals/search?search=קטן&sort=name');
    const expected = rows.animals.filter((animal) => animal.search_text.includes('קטנ')).length;
    expect(expected).toBeGreaterThan(300);
    expect(whole.totals.every((total) => total === expected)).toBe(true);
    expect(whole.animals).toHaveLength(expected);
    expect(new Set(whole.animals.map((animal) => animal._id)).size).toBe(expected);
    expect(Math.max(...whole.sizes)).toBe(150);
    const keys = whole.animals.map((animal) => rows.animals.find((row) => row.id === animal._id)!.name_key);
    expect(keys).toEqual([...keys].sort());
  });

  it('gives no Link when the answer holds the last match', async () => {
    const all = await shop.get('/animals/search?search=4242');
    expect(all.headers.get('Link')).toBeNull();
    expect(rows.animals).toHaveLength(2500);
    const last = await shop.get('/animals/search?search=&limit=100&page=25');
    expect(((await last.json()) as AnimalSearchResult).animals).toHaveLength(100);
    expect(last.headers.get('Link')).toBeNull();
    const beyond = await shop.get('/animals/search?search=&limit=100&page=26');
    expect(await beyond.json()).toMatchObject({ animals: [], total: 2500 }); // and the facets
    expect(beyond.headers.get('Link')).toBeNull();
    const before = await shop.get('/animals/search?search=&limit=100&page=24');
    expect(before.headers.get('Link')).toBe('</api/animals/search?search=&limit=100&page=25>; rel="next"');
  });

  it('caps a category without limit and leads through the rest of it', async () => {
    const slug = rows.categories[0]!.slug;
    const inCategory = rows.animals.filter((animal) => animal.category_id === rows.categories[0]!.id).length;
    expect(inCategory).toBeGreaterThan(150);
    const response = await small.get(`/categories/${slug}?isPopulate=true`);
    const body = (await response.json()) as CategoryDetail;
    expect(body.animals).toHaveLength(150);
    expect(body.total).toBe(inCategory);
    expect(response.headers.get('Link')).toBe(`</api/categories/${slug}?isPopulate=true&limit=75&page=3>; rel="next"`);
    const whole = await follow(small, `/categories/${slug}?isPopulate=true`);
    expect(new Set(whole.animals.map((animal) => animal._id)).size).toBe(inCategory);
    const uncapped = (await (await shop.get(`/categories/${slug}?isPopulate=true`)).json()) as CategoryDetail;
    expect(whole.animals).toEqual(uncapped.animals);
  });

  describe('pages asked for explicitly', () => {
    it('names the next page with the same limit and other parameters', async () => {
      const response = await shop.get('/animals/search?sort=price&search=%D7%93%D7%A8&limit=7&page=3');
      expect(response.headers.get('Link')).toBe(
        '</api/animals/search?sort=price&search=%D7%93%D7%A8&limit=7&page=4>; rel="next"',
      );
    });
  });
});
