/**
 * The list's filters in its URL (src/lib/list-state.ts): read leniently (a page never fails
 * on them), written back in one order, and asked of the catalogue as the API's parameters; and the
 * marks of matched words in a card (src/lib/search/search-words.ts matchedRanges).
 */
import { describe, expect, it } from 'vitest';
import { hasFilters, parseSearchState, searchHref, searchQueryOf, unfiltered } from '../../src/lib/list-state.ts';
import { matchedRanges } from '../../src/lib/search/index.ts';

describe('filters in the URL', () => {
  it('reads every filter, and writes them back in one order', () => {
    const state = parseSearchState(
      'category=sky-creatures&minRating=3.5&inStock=true&maxPrice=900&minPrice=100&query=דרקון&sort=price',
    );
    expect(state).toEqual({
      query: 'דרקון',
      sort: 'price',
      filters: { minPrice: 100, maxPrice: 900, inStock: true, minRating: 3.5, category: 'sky-creatures' },
    });
    expect(searchHref(state)).toBe(
      `/products?query=${encodeURIComponent('דרקון')}&sort=price&minPrice=100&maxPrice=900&inStock=1&minRating=3.5&category=sky-creatures`,
    );
    expect(parseSearchState(new URL(searchHref(state), 'http://x').searchParams)).toEqual(state);
  });

  it.each([
    ['minPrice=&maxPrice=&minRating=&category=&inStock='],
    ['minPrice=cheap&maxPrice=-5&minRating=6&category=Sky%20Creatures&inStock=yes'],
    ['minRating=0'],
    ['exact=1'],
  ])('an empty or malformed %s counts as absent', (search) => {
    const state = parseSearchState(search);
    expect(state).toEqual({ query: '', sort: 'name' });
    expect(hasFilters(state)).toBe(false);
  });

  it('reads a lowest price above the highest the other way round', () => {
    expect(parseSearchState('minPrice=500&maxPrice=100').filters).toEqual({ minPrice: 100, maxPrice: 500 });
  });

  it('keeps `exact` with a text only, and drops it with the filters when clearing them', () => {
    const state = parseSearchState('query=sreui&exact=1&inStock=1');
    expect(state).toEqual({ query: 'sreui', sort: 'name', filters: { inStock: true }, exact: true });
    expect(searchHref(unfiltered(state))).toBe('/products?query=sreui');
  });

  it("asks the catalogue with the API's parameters, only those set", () => {
    expect(searchQueryOf(parseSearchState('query=x&inStock=1&category=sea-monsters&exact=1'))).toEqual({
      search: 'x',
      sort: 'name',
      inStock: true,
      category: 'sea-monsters',
      exact: true,
    });
    expect(searchQueryOf(parseSearchState(''))).toEqual({ search: '', sort: 'name' });
  });
});

describe('matched words in a card', () => {
  const marked = (text: string, search: string) =>
    matchedRanges(text, search).map(([start, end]) => text.slice(start, end));

  it('marks the words a search finds: forms, prefix letters, the last word as a start', () => {
    expect(marked('דרקון קטן שגר בתוך אצבעון', 'הדרקונים')).toEqual(['דרקון']);
    expect(marked('ינשוף קשת צבעוני', 'קשת ינשופים')).toEqual(['ינשוף', 'קשת']);
    expect(marked('כבשת ענן רכה', 'כבש')).toEqual(['כבשת']);
    expect(marked('Pocket USB hamster', 'usb')).toEqual(['USB']);
  });

  it('marks nothing for an empty search or a word it does not find', () => {
    expect(marked('דרקון קטן', '')).toEqual([]);
    expect(marked('צבעונים בגינה', 'צבים')).toEqual([]);
  });

  it('keeps niqqud inside the marked word', () => {
    expect(marked('דְּרָקוֹן שָׁמַיִם', 'דרקון')).toEqual(['דְּרָקוֹן']);
  });
});
