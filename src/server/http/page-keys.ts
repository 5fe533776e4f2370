/**
 * Which pages the edge keeps (./response-cache.ts), and under which key: the public origin, the
 * path, and the page's state as the page itself reads it from the URL (src/lib/list-state.ts,
 * src/lib/paging.ts) — so `sort=name` and no sort, `page=1` and no page, an empty parameter and
 * none, the parameters' order and tracking parameters (utm_*, fbclid, gclid, …) all share one entry.
 * Pages that read no parameter are kept by path alone. A page is valid for the catalogue's version,
 * except the content pages, which follow the content's (saving one leaves the catalogue's pages kept).
 */
import { sharedFavouritesIn } from '../../lib/favourites.ts';
import { listStateKey, parseListState } from '../../lib/list-state.ts';
import { parsePageWindow } from '../../lib/paging.ts';

const LIST = /^\/products\/?$/;
/** The content pages (src/lib/content-page.ts): kept per content version, not per catalogue version. */
const CONTENT = /^\/(?:about|accessibility)\/?$/;
const CATEGORY = /^\/categories\/[^/]+\/?$/;
/** The favourites page: the own list's shell (the same for everyone), or a shared list by its ids. */
const FAVORITES = /^\/favorites\/?$/;
const BY_PATH =
  /^\/(?:|categories\/?|products\/[^/]+\/?|contact\/?|previews\/[^?]+|sitemap\.xml|sitemaps\/[^/]+\.xml|robots\.txt)$/;

/** The cache key of a signed-out page request, or undefined when the page is not kept. */
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

/** Static files, compressed once and kept for the release. */
const STATIC = /^\/(?:_astro|art|pictures|fonts|clerk)\/|^\/favicon\.(?:svg|ico|png)$/;

export function staticKey(pathname: string): string | undefined {
  return STATIC.test(pathname) ? `file ${pathname}` : undefined;
}
