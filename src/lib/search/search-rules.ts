/**
 * The animals search's rules, defined once for the server and the browser:
 * - matching: ./search-words.ts (words and their forms, or the folded text as a literal substring of
 *   the animal's folded name and description, `search_text`; `%` and `_` are plain characters;
 *   empty text matches every animal), corrections in ./search-corrections.ts;
 * - order: the sort keys of each sort, compared by code point (the byte order of UTF-8, which is
 *   what `collate "C"` on PostgreSQL and SQLite's BINARY compare, so the index is read in that order);
 * - paging: `limit` and `page` skip (page - 1) × limit matches; `total` counts all matches.
 * ./catalogue-search.ts applies them over the catalogue index, on the server and in the static build's browser.
 */
import type { AnimalSort } from '../catalogue-rules.ts';

/** The fields the rules read, named as in the database's animal table. */
interface SearchKeys {
  id: string;
  price: number;
  /** sortKey(name), see hebrew.ts */
  name_key: string;
  /** searchText(name, description), see hebrew.ts */
  search_text: string;
}

type SortColumn = 'price' | 'name_key' | 'id';

/** Each sort's keys, most significant first, every one ascending; `id` makes the order total. */
const SORT_COLUMNS: Readonly<Record<AnimalSort, readonly SortColumn[]>> = {
  name: ['name_key', 'id'],
  price: ['price', 'name_key', 'id'],
};

/**
 * Code-point order (= UTF-8 byte order), not UTF-16 code-unit order: the two differ only where a
 * surrogate (a character above U+FFFF) meets a unit from U+E000 to U+FFFF, which code-point order puts
 * first; units from U+D800 up are moved so that they compare that way. No strings are made (search sorts
 * thousands of matches with this).
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    let x = a.charCodeAt(index);
    let y = b.charCodeAt(index);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000;
      y += y >= 0xe000 ? -0x800 : 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export function compareBySort(
  sort: AnimalSort,
): (a: Pick<SearchKeys, SortColumn>, b: Pick<SearchKeys, SortColumn>) => number {
  const columns = SORT_COLUMNS[sort];
  return (a, b) => {
    for (const column of columns) {
      const order = column === 'price' ? a.price - b.price : compareCodePoints(a[column], b[column]);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** Rows to skip for a page: none without a limit, else (page - 1) × limit. */
export function pageOffset({ limit, page }: { limit?: number | undefined; page?: number | undefined }): number {
  return limit === undefined ? 0 : (Math.max(1, page ?? 1) - 1) * limit;
}

/**
 * The first `count` of `items` in `compare`'s order, sorted: a page needs only those. Kept in a sorted
 * buffer that most items leave after one comparison with its last, when `count` is small beside the
 * items (a first page of thousands of matches); else the whole list sorted.
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, count: number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const first: T[] = [];
  for (const item of items) {
    if (first.length === count && compare(item, first[count - 1]!) >= 0) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(item, first[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    first.splice(low, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}
