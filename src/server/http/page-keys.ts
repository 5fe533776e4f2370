/**
 * Which pages the edge keeps, under which key: the origin, the path and the page's state as it reads it from the URL,
 * so equivalent queries (defaults, order, tracking parameters) share one entry.
 */
import { sharedFavouritesIn } from '../../lib/favourites.ts';
import { listStateKey, parseListState } from '../../lib/list-state.ts';
import { parsePageWindow } from '../../lib/paging.ts';

const LIST = /^\/products\/?$/;
/** The content pages (src/lib/content-page.ts): cached per content version, not per catalogue version. */
const CONTENT = /^\/(?:about|accessibility)\/?$/;
const CATEGORY = /^\/categories\/[^/]+\/?$/;
/** The favourites page: the own list's shell (the same for everyone), or a shared list by its ids. */
const FAVORITES = /^\/favorites\/?$/;
const BY_PATH =
  /^\/(?:|categories\/?|products\/[^/]+\/?|contact\/?|previews\/[^?]+|sitemap\.xml|sitemaps\/[^/]+\.xml|robots\.txt)$/;

/** The cache key of a signed-out page request, or undefined when the page is not cached. */
export function pageKey(origin: string, pathname: string, search: string): string | undefined {
  if (LIST.test(pathname)) return `page ${origin}${pathname}?${listStateKey(parseListState(search))}`;
  if (CATEGORY.test(pathname)) {
    const { from, to } = parsePageWindow(new URLSearchParams(search));
    return `page ${origin}${pathname}?${from}-${to}`;
  }
  if (FAVORITES.test(pathname)) {
    const ids = sharedFavouritesIn(new URLSearchParams(search));
    return `page ${origin}${pathname}${ids === undefined ? '' : `?${ids.join(',')}`}`;
  }
  if (BY_PATH.test(pathname) || CONTENT.test(pathname)) return `page ${origin}${pathname}`;
  return undefined;
}

/** Which version a cached page follows: the content pages the content's, every other page the catalogue's. */
export const versionOfPage = (pathname: string): 'content' | 'catalogue' =>
  CONTENT.test(pathname) ? 'content' : 'catalogue';

/** Static files, compressed once and cached for the release. */
const STATIC = /^\/(?:_astro|art|pictures|fonts|clerk)\/|^\/favicon\.(?:svg|ico|png)$/;

export function staticKey(pathname: string): string | undefined {
  return STATIC.test(pathname) ? `file ${pathname}` : undefined;
}
