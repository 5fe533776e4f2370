/**
 * How a deployment serves its lists of animals: the one thing the Node server and a static host do
 * differently for them. The page compositions take it; each deployment's routes pick it
 * (src/pages/: SERVER_LISTS; src/static-site/routes/: src/static-site/static-settings.server.ts).
 * - `paging`: 'query', page N of a list is `?page=N` (the server renders any page); 'path', page N is
 *   a file of its own, `{list}/page/N` (a static host cannot answer by query string). A load-more
 *   window F..N adds `from=F` either way.
 * - `search`: 'api', the animals list searches through the catalogue API; 'index', in the browser
 *   over the prebuilt index (./index-source.ts), with the API's rules.
 */
import { pageHref, type PageWindow } from '../../lib/paging.ts';

export type ListPaging = 'query' | 'path';
export type SearchSource = 'api' | 'index';

export interface ListStrategy {
  paging: ListPaging;
  search: SearchSource;
}

/** The Node server: it renders any page of any search. */
export const SERVER_LISTS: ListStrategy = { paging: 'query', search: 'api' };

/** The URL of the list at `path` (with `params`, kept by 'query' paging) showing the pages of `pages`. */
export function listPageHref(paging: ListPaging, path: string, params: URLSearchParams, pages: PageWindow): string {
  if (paging === 'query') return pageHref(path, params, pages);
  const { from, to } = pages;
  const base = to > 1 ? `${path.replace(/\/+$/, '')}/page/${to}` : path;
  return from < to ? `${base}?from=${from}` : base;
}
