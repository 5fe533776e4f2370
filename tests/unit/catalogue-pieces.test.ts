/** Pure pieces of the catalogue screens: URL ↔ search state, the page cache, the showcase tiles, quantity. */
import { describe, expect, it, vi } from 'vitest';
import { checkQuantity } from '../../src/features/animal-detail/quantity.ts';
import { parseSearchState, sameSearch, searchHref, searchKey } from '../../src/lib/list-state.ts';
import { CATEGORIES_KEY, createQueryCache, loadCategories } from '../../src/features/showcase/query-cache.ts';
import { showcaseRows } from '../../src/features/showcase/tiles.ts';
import type { Category } from '../../src/lib/schemas.ts';

describe('search state in the URL', () => {
  it('defaults to an empty query sorted by name', () => {
    expect(parseSearchState('')).toEqual({ query: '', sort: 'name' });
    expect(parseSearchState('?other=1')).toEqual({ query: '', sort: 'name' });
  });

  it('reads query and sort', () => {
    expect(parseSearchState('?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F&sort=price')).toEqual({
      query: 'דרקון',
      sort: 'price',
    });
    expect(parseSearchState(new URLSearchParams({ query: 'a b', sort: 'name' }))).toEqual({
      query: 'a b',
      sort: 'name',
    });
  });

  it('trims the text, caps it at 200 characters and ignores an unknown sort', () => {
    expect(parseSearchState('?query=%20%20%D7%90%20%20&sort=rating')).toEqual({ query: 'א', sort: 'name' });
    expect(parseSearchState(`?query=${'x'.repeat(300)}`).query).toHaveLength(200);
  });

  it('writes the URL without defaults, and reads back what it wrote', () => {
    expect(searchHref({ query: '', sort: 'name' })).toBe('/products');
    expect(searchHref({ query: '', sort: 'price' })).toBe('/products?sort=price');
    const state = { query: 'לטאה & עפיפון?', sort: 'price' } as const;
    const href = searchHref(state);
    expect(href).toBe(
      '/products?query=%D7%9C%D7%98%D7%90%D7%94+%26+%D7%A2%D7%A4%D7%99%D7%A4%D7%95%D7%9F%3F&sort=price',
    );
    expect(parseSearchState(new URL(href, 'http://x').search)).toEqual(state);
  });

  it('tells searches apart', () => {
    expect(sameSearch({ query: 'a', sort: 'name' }, { query: 'a', sort: 'name' })).toBe(true);
    expect(sameSearch({ query: 'a', sort: 'name' }, { query: 'a', sort: 'price' })).toBe(false);
    expect(searchKey({ query: 'a', sort: 'name' })).not.toBe(searchKey({ query: 'a', sort: 'price' }));
    expect(searchKey({ query: 'ab', sort: 'name' })).not.toBe(searchKey({ query: 'a', sort: 'name' }));
  });
});

const category = (n: number): Category => ({
  _id: `id${n}`,
  slug: `slug-${n}`,
  name: `שם ${n}`,
  description: `תיאור ${n}`,
  img: `/art/categories/slug-${n}.svg`,
});

describe('the page cache', () => {
  it('loads a key once and shares the answer', async () => {
    const cache = createQueryCache();
    const load = vi.fn(async () => [category(1)]);
    const [a, b] = await Promise.all([cache.get('categories', load), cache.get('categories', load)]);
    expect(await cache.get('categories', load)).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek('categories')).toBe(a);
  });

  it('uses a seeded answer without loading', async () => {
    const cache = createQueryCache();
    const seeded = [category(1)];
    cache.seed(CATEGORIES_KEY, seeded);
    const load = vi.fn(async () => [category(2)]);
    expect(await cache.get(CATEGORIES_KEY, load)).toBe(seeded);
    expect(load).not.toHaveBeenCalled();
    cache.seed(CATEGORIES_KEY, [category(3)]);
    expect(cache.peek(CATEGORIES_KEY)).toBe(seeded);
  });

  it('forgets a failed load so that a retry can load again', async () => {
    const cache = createQueryCache();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce([category(1)]);
    await expect(cache.get('k', load)).rejects.toThrow('down');
    expect(cache.has('k')).toBe(false);
    expect(await cache.get('k', load)).toEqual([category(1)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches the categories under the key "categories"', async () => {
    const cache = createQueryCache();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify([category(1)])));
    try {
      await Promise.all([loadCategories(cache), loadCategories(cache)]);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(cache.has('categories')).toBe(true);
    } finally {
      fetch.mockRestore();
    }
  });
});

describe('showcase tiles', () => {
  it('repeats the list three times, keeps the first 15 in three rows of five, with unique ids', () => {
    const categories = Array.from({ length: 12 }, (_, n) => category(n));
    const rows = showcaseRows(categories);
    expect(rows.map((row) => row.length)).toEqual([5, 5, 5]);
    const tiles = rows.flat();
    expect(new Set(tiles.map((tile) => tile.id)).size).toBe(15);
    expect(tiles.map((tile) => tile.category.slug)).toEqual(
      [...categories, ...categories].slice(0, 15).map((c) => c.slug),
    );
  });

  it('fills 15 tiles from a short list by repeating it', () => {
    const rows = showcaseRows([category(1), category(2)]);
    expect(rows.flat()).toHaveLength(6);
    expect(rows.flat()[2]?.id).toBe('showcase-2-id1');
  });

  it('has no rows without categories', () => {
    expect(showcaseRows([])).toEqual([]);
  });
});

describe('purchase quantity', () => {
  it.each([
    ['1', 5, 1, undefined],
    ['5', 5, 5, undefined],
    ['3', 5, 3, undefined],
    ['6', 5, 5, 'aboveMax'],
    ['999', 5, 5, 'aboveMax'],
    ['0', 5, 1, 'belowMin'],
    ['-3', 5, 1, 'belowMin'],
    ['', 5, 1, 'empty'],
    ['  ', 5, 1, 'empty'],
    ['2.5', 5, 2, 'notWhole'],
    ['abc', 5, 1, 'notWhole'],
    ['1e9', 5, 5, 'aboveMax'],
  ])('"%s" with stock %d → %d (%s)', (typed, max, value, problem) => {
    expect(checkQuantity(typed, max)).toEqual(problem ? { value, problem } : { value });
  });
});
