/**
 * The animals list's search state and its place in the URL (`/products?query=…&sort=…`).
 * Pure functions, shared by the page (server) and the search island (browser).
 */
// The API's limits come from the zod-free rules module: importing a value from
// src/lib/schemas.ts would put all of zod into the search island.
import {
  DEFAULT_SORT,
  MAX_RATING,
  MAX_SEARCH_LENGTH,
  normalizeQuery,
  SLUG_PATTERN,
  SORTS,
  type AnimalSort,
} from './catalogue-rules.ts';
import { FIRST_PAGE, pageHref, parsePageWindow, type PageWindow } from './paging.ts';
import { PRODUCTS_PATH } from './paths.ts';

export { DEFAULT_SORT, MAX_SEARCH_LENGTH, normalizeQuery };

/** The search box waits this long after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Skeleton cards shown while the list waits with no results to keep. */
export const SKELETON_COUNT = 10;

/** The list's filters; each absent when not set. */
export interface ListFilters {
  /** Lowest and highest price, in shekels. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only animals in stock. */
  inStock?: boolean | undefined;
  /** Lowest rating, above 0 and at most MAX_RATING. */
  minRating?: number | undefined;
  /** A category's slug. */
  category?: string | undefined;
}

export interface SearchState {
  /** Trimmed search text; empty means every animal. */
  query: string;
  sort: AnimalSort;
  /** The filters set (none: every animal the text finds). */
  filters?: ListFilters | undefined;
  /** The text exactly as typed: no keyboard-layout or spelling correction (`exact=1`). */
  exact?: boolean | undefined;
}

export function isSort(value: unknown): value is AnimalSort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/** A price or a rating as typed in a URL: a finite number from 0 (at most `max`), else absent. */
function amount(value: string | null, max = Infinity): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= max ? number : undefined;
}

/**
 * Reads the filters from URL parameters, leniently (a page never fails on them): an empty or malformed
 * value counts as absent, and a lowest price above the highest is read the other way round.
 */
function parseFilters(params: URLSearchParams): ListFilters {
  let minPrice = amount(params.get('minPrice'));
  let maxPrice = amount(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const rating = amount(params.get('minRating'), MAX_RATING);
  const category = params.get('category')?.trim() ?? '';
  const filters: ListFilters = {
    minPrice,
    maxPrice,
    inStock: ['1', 'true'].includes(params.get('inStock') ?? '') || undefined,
    minRating: rating === 0 ? undefined : rating,
    category: SLUG_PATTERN.test(category) ? category : undefined,
  };
  return withoutEmpty(filters);
}

/** The filters that are set (undefined when none is). */
function withoutEmpty(filters: ListFilters): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

export function hasFilters(state: SearchState): boolean {
  return Object.keys(withoutEmpty(state.filters ?? {})).length > 0;
}

/** Reads the search, its filters and `exact` from a URL's search part; anything unknown falls back to the defaults. */
export function parseSearchState(search: string | URLSearchParams): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  const filters = parseFilters(params);
  const query = normalizeQuery(params.get('query') ?? '');
  return {
    query,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...(query && params.get('exact') === '1' ? { exact: true } : {}),
  };
}

/** The same search without its filters (and without `exact`): the list the filters narrow. */
export function unfiltered(state: SearchState): SearchState {
  return { query: state.query, sort: state.sort };
}

/** A search as URL parameters, in a fixed order; defaults and unset filters are left out. */
function searchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  const filters = state.filters ?? {};
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.inStock) params.set('inStock', '1');
  if (filters.minRating !== undefined) params.set('minRating', String(filters.minRating));
  if (filters.category !== undefined) params.set('category', filters.category);
  if (state.exact && state.query) params.set('exact', '1');
  return params;
}

/** What the catalogue search is asked for this state (besides its page): the API's parameters. */
export function searchQueryOf(state: SearchState) {
  const { minPrice, maxPrice, inStock, minRating, category } = state.filters ?? {};
  return {
    search: state.query,
    sort: state.sort,
    ...withoutEmpty({ minPrice, maxPrice, inStock, minRating, category }),
    ...(state.exact && state.query ? { exact: true } : {}),
  };
}

/** The URL of a search's first page; defaults are left out, so the plain list is just `/products`. */
export function searchHref(state: SearchState, pathname = PRODUCTS_PATH): string {
  return listHref(state, FIRST_PAGE, pathname);
}

/** The URL of a search showing the pages of `pages` (`page`, and `from` after load more). */
export function listHref(state: SearchState, pages: PageWindow, pathname = PRODUCTS_PATH): string {
  return pageHref(pathname, searchParams(state), pages);
}

/** A search and the pages of it the list shows, as read from a URL. */
export interface ListState {
  search: SearchState;
  window: PageWindow;
}

export function parseListState(search: string | URLSearchParams): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { search: parseSearchState(params), window: parsePageWindow(params) };
}

/**
 * One key per distinct list page (search, sort, pages shown): what the server's page cache keys a
 * list page by, so every URL that reads as the same state shares one entry.
 */
export function listStateKey({ search, window }: ListState): string {
  return `${searchKey(search)}\u0000${window.from}-${window.to}`;
}

/** One key per distinct search (its filters and `exact` included), for the results cache. */
export function searchKey(state: SearchState): string {
  return searchParams(state).toString();
}

export function sameSearch(a: SearchState, b: SearchState): boolean {
  return searchKey(a) === searchKey(b);
}
