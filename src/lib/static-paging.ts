/**
 * Paged lists on a static host, which cannot answer by query string: page N of a list at `path`
 * is its own file, `path/page/N` (page 1 is `path` itself); a load-more window F..N adds `?from=F`,
 * which only the browser reads. The rules of the pages themselves stay in ./paging.ts.
 */
import type { PageWindow } from './paging.ts';

export function staticPageHref(path: string, { from, to }: PageWindow): string {
  const base = to > 1 ? `${path.replace(/\/+$/, '')}/page/${to}` : path;
  return from < to ? `${base}?from=${from}` : base;
}
