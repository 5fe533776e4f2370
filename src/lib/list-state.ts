/**
 * The animals list's search state and its place in the URL (`/products?query=…&sort=…`).
 * Pure functions, shared by the page (server) and the search island (browser).
 */
// The API's limits come from the zod-free rules module: importing a value from
// src/lib/schemas.ts would put all of zod into the search island.
import { DEFAULT_SORT, MAX_SEARCH_LENGTH, normalizeQuery, SORTS, type AnimalSort } from './catalogue-rules.ts';
import { FIRST_PAGE, pageHref, parsePageWindow, type PageWindow } from './paging.ts';
import { PRODUCTS_PATH } from './paths.ts';

export { DEFAULT_SORT, MAX_SEARCH_LENGTH, normalizeQuery, SORTS };

/** The search box waits this long after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Skeleton cards shown while the list waits with no results to keep. */
export const SKELETON_COUNT = 10;

export interface SearchState {
  /** Trimmed search text; empty means every animal. */
  query: string;
  sort: AnimalSort;
}

export function isSort(value: unknown): value is AnimalSort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/** Reads `query` and `sort` from a URL's search part; anything unknown falls back to the defaults. */
export function parseSearchState(search: string | URLSearchParams): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  return {
    query: normalizeQuery(params.get('query') ?? ''),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** A search as URL parameters; defaults are left out. */
export function searchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  return params;
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

/** One key per distinct search, for the results cache. */
export function searchKey(state: SearchState): string {
  return `${state.sort}\u0000${state.query}`;
}

export function sameSearch(a: SearchState, b: SearchState): boolean {
  return a.query === b.query && a.sort === b.sort;
}
