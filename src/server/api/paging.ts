/** Paging of the API's lists: the rows an answer carries (bounded by API_MAX_RESULTS) and the `Link: rel="next"` header. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from '../../lib/schemas.ts';

interface PageToRead {
  limit: number;
  page: number;
}

/** The page an answer reads: the one asked for, or with neither `limit` nor `page` the whole list up to `maxResults`. */
export function pageToRead({ limit, page }: PageQuery, maxResults: number): PageToRead {
  if (limit === undefined && page === undefined) return { limit: maxResults, page: 1 };
  return { limit: limit ?? DEFAULT_PAGE_SIZE, page: page ?? 1 };
}

/** The largest page size a client may ask for that divides `rows`, so that a page starts right after them. */
function pageSizeDividing(rows: number): number {
  for (let size = Math.min(MAX_PAGE_SIZE, rows); size > 1; size--) if (rows % size === 0) return size;
  return 1;
}

/** The `Link` value naming the page after `read`, in a page size the API accepts; undefined at the last row. */
export function nextPageLink(url: URL, read: PageToRead, total: number): string | undefined {
  const end = (read.page - 1) * read.limit + read.limit;
  if (end >= total) return undefined;
  const limit = read.limit <= MAX_PAGE_SIZE ? read.limit : pageSizeDividing(end);
  const params = new URLSearchParams(url.searchParams);
  params.set('limit', String(limit));
  params.set('page', String(end / limit + 1));
  return `<${url.pathname}?${params}>; rel="next"`;
}
