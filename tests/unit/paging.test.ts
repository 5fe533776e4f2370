/** The paged lists' rules (src/lib/paging.ts) and the search island's page cache. */
import { describe, expect, it } from 'vitest';
import { SearchCache } from '../../src/features/animal-list/search-cache.ts';
import { listHref, parseListState } from '../../src/lib/list-state.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_RESTORED_PAGES,
  loadMoreForm,
  loadPageWindow,
  pageHref,
  pagerModel,
  parsePageNumber,
  parsePageWindow,
} from '../../src/lib/paging.ts';
import type { Animal } from '../../src/lib/schemas.ts';

const windowOf = (search: string) => parsePageWindow(new URLSearchParams(search));

describe('page numbers in the URL', () => {
  it('reads plain whole numbers', () => {
    expect(parsePageNumber('1')).toBe(1);
    expect(parsePageNumber('7')).toBe(7);
    expect(parsePageNumber('1000000')).toBe(1_000_000);
  });

  it('reads anything malformed as 1', () => {
    for (const value of [
      null,
      undefined,
      '',
      '0',
      '-1',
      'abc',
      '1e9',
      '2.5',
      ' 2',
      '02',
      '0x10',
      '1000001',
      '99999999999',
    ]) {
      expect(parsePageNumber(value), String(value)).toBe(1);
    }
  });

  it('`from` counts only before `page` and within MAX_RESTORED_PAGES of it', () => {
    expect(windowOf('')).toEqual({ from: 1, to: 1 });
    expect(windowOf('page=3')).toEqual({ from: 3, to: 3 });
    expect(windowOf('page=3&from=1')).toEqual({ from: 1, to: 3 });
    expect(windowOf('page=3&from=3')).toEqual({ from: 3, to: 3 });
    expect(windowOf('page=3&from=5')).toEqual({ from: 3, to: 3 });
    expect(windowOf('page=3&from=abc')).toEqual({ from: 1, to: 3 });
    expect(windowOf(`page=${MAX_RESTORED_PAGES}&from=1`)).toEqual({ from: 1, to: MAX_RESTORED_PAGES });
    expect(windowOf(`page=${MAX_RESTORED_PAGES + 1}&from=1`)).toEqual({
      from: MAX_RESTORED_PAGES + 1,
      to: MAX_RESTORED_PAGES + 1,
    });
  });

  it('writes `page` unless 1 and `from` only before it, keeping the other parameters', () => {
    const params = new URLSearchParams('query=דרקון&page=9&from=2');
    expect(pageHref('/products', params, { from: 1, to: 1 })).toBe('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F');
    expect(pageHref('/products', new URLSearchParams(), { from: 1, to: 1 })).toBe('/products');
    expect(pageHref('/products', new URLSearchParams(), { from: 4, to: 4 })).toBe('/products?page=4');
    expect(pageHref('/products', new URLSearchParams(), { from: 2, to: 4 })).toBe('/products?page=4&from=2');
    for (const search of ['', 'page=4', 'page=4&from=2', 'page=12&from=3']) {
      expect(windowOf(new URL(pageHref('/x', new URLSearchParams(), windowOf(search)), 'http://x').search)).toEqual(
        windowOf(search),
      );
    }
  });

  it('the animals list keeps its search beside the pages', () => {
    const state = parseListState('?query=%20%D7%9C%D7%98%D7%90%D7%94&sort=price&page=0&from=2');
    expect(state).toEqual({ search: { query: 'לטאה', sort: 'price' }, window: { from: 1, to: 1 } });
    expect(listHref(state.search, { from: 2, to: 3 })).toBe(
      '/products?query=%D7%9C%D7%98%D7%90%D7%94&sort=price&page=3&from=2',
    );
  });
});

describe('the pager', () => {
  it('counts the cards shown and links to the single pages around them', () => {
    expect(pagerModel({ from: 1, to: 1 }, 24, 500)).toEqual({
      first: 1,
      last: 24,
      total: 500,
      pages: 21,
      pastEnd: false,
      prev: undefined,
      next: { from: 2, to: 2 },
      more: { from: 1, to: 2 },
    });
    const middle = pagerModel({ from: 3, to: 5 }, 72, 500);
    expect([middle.first, middle.last]).toEqual([49, 120]);
    expect(middle.prev).toEqual({ from: 2, to: 2 });
    expect(middle.next).toEqual({ from: 6, to: 6 });
    expect(middle.more).toEqual({ from: 3, to: 6 });
    const last = pagerModel({ from: 21, to: 21 }, 20, 500);
    expect([last.first, last.last, last.next, last.more]).toEqual([481, 500, undefined, undefined]);
  });

  it('past the end: nothing shown, a link back to the last page, no next', () => {
    const past = pagerModel({ from: 30, to: 30 }, 0, 500);
    expect(past.pastEnd).toBe(true);
    expect(past.prev).toEqual({ from: 21, to: 21 });
    expect(past.next).toBeUndefined();
    expect(pagerModel({ from: 1, to: 1 }, 0, 0).pastEnd).toBe(false);
  });

  it('the load-more form goes to the new page first card with the URL parameters as fields', () => {
    expect(loadMoreForm('/products?sort=price&page=2&from=1', { from: 1, to: 2 })).toEqual({
      action: '/products#page-2',
      fields: [
        ['sort', 'price'],
        ['page', '2'],
        ['from', '1'],
      ],
    });
  });
});

describe('loading a window of pages', () => {
  const answer = (limit: number, page: number) => ({
    animals: Array.from({ length: limit }, (_, index) => (page - 1) * limit + index),
    total: 10_000,
  });

  it('asks once when the window lines up with a page of its length, else once per page, and keeps the order', async () => {
    for (const [from, to, maxLimit, calls] of [
      [1, 1, Infinity, [[24, 1]]],
      [7, 7, Infinity, [[24, 7]]],
      [1, 3, Infinity, [[72, 1]]],
      [4, 6, Infinity, [[72, 2]]],
      [
        2,
        3,
        Infinity,
        [
          [24, 2],
          [24, 3],
        ],
      ],
      [
        1,
        5,
        100,
        [
          [24, 1],
          [24, 2],
          [24, 3],
          [24, 4],
          [24, 5],
        ],
      ],
    ] as const) {
      const seen: number[][] = [];
      const result = await loadPageWindow(
        { from, to },
        async ({ limit, page }) => {
          seen.push([limit, page]);
          return answer(limit, page);
        },
        { maxLimit },
      );
      expect(seen, `${from}..${to}`).toEqual(calls);
      expect(result.animals).toEqual(
        Array.from(
          { length: (to - from + 1) * DEFAULT_PAGE_SIZE },
          (_, index) => (from - 1) * DEFAULT_PAGE_SIZE + index,
        ),
      );
      expect(result.total).toBe(10_000);
    }
  });

  it('an unknown list (undefined) stays undefined', async () => {
    expect(await loadPageWindow({ from: 2, to: 3 }, async () => undefined)).toBeUndefined();
    expect(await loadPageWindow({ from: 1, to: 1 }, async () => undefined)).toBeUndefined();
  });
});

describe("the search island's page cache", () => {
  const animals = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({ _id: String(from + index) }) as Animal);
  const search = { query: 'x', sort: 'name' } as const;

  it('recalls a window only when every page of it was seen, for the same search', () => {
    const cache = new SearchCache();
    cache.remember(search, { from: 1, to: 2 }, { animals: animals(0, 48), total: 60 });
    expect(cache.recall(search, { from: 2, to: 2 })?.animals.map((animal) => animal._id)[0]).toBe('24');
    expect(cache.recall(search, { from: 1, to: 3 })).toBeUndefined();
    expect(cache.recall({ ...search, sort: 'price' }, { from: 1, to: 1 })).toBeUndefined();
    cache.remember(search, { from: 3, to: 3 }, { animals: animals(48, 12), total: 60 });
    expect(cache.recall(search, { from: 1, to: 3 })?.animals).toHaveLength(60);
    // Another total: the catalogue changed, and the pages seen before are forgotten.
    cache.remember(search, { from: 3, to: 3 }, { animals: animals(48, 13), total: 61 });
    expect(cache.recall(search, { from: 1, to: 3 })).toBeUndefined();
    expect(cache.recall(search, { from: 3, to: 3 })?.total).toBe(61);
  });
});
