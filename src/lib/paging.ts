/**
 * Paged lists of animals (the animals list, one category), the one implementation of their
 * rules, shared by the server pages, the search island and the category page's script:
 * - `page` in the URL is the last page shown (left out when 1); `from` is the first page shown,
 *   written only by 'טען עוד' and only when it is before `page`. Without `from` a URL shows
 *   exactly one page of cards, so every plain link (and every crawler) gets one page.
 * - A URL with `from` restores what load more had shown: pages from..page, at most
 *   MAX_RESTORED_PAGES of them; a longer run starts at the requested page instead.
 * - A malformed page (`0`, `-1`, `abc`, `1e9`, past MAX_PAGE_NUMBER) is read as 1.
 * See docs/decisions/0005-paged-lists.md.
 */
import { DEFAULT_PAGE_SIZE } from './catalogue-rules.ts';
import { withParams } from './paths.ts';

export { DEFAULT_PAGE_SIZE };

/** The most pages a load-more URL brings back in one server render. */
export const MAX_RESTORED_PAGES = 10;
/** The largest page number read from a URL (24 million animals at the default page size). */
const MAX_PAGE_NUMBER = 1_000_000;

/** The pages a list shows, first to last, 1-based and inclusive. */
export interface PageWindow {
  from: number;
  to: number;
}

export const FIRST_PAGE: PageWindow = { from: 1, to: 1 };

/** A page number from a URL: a plain whole number 1..MAX_PAGE_NUMBER, anything else is 1. */
export function parsePageNumber(value: string | null | undefined): number {
  if (!value || !/^[1-9]\d{0,6}$/.test(value)) return 1;
  const page = Number(value);
  return page <= MAX_PAGE_NUMBER ? page : 1;
}

/** Reads `page` and `from`; `from` counts only before `page` and within MAX_RESTORED_PAGES of it. */
export function parsePageWindow(params: URLSearchParams): PageWindow {
  const to = parsePageNumber(params.get('page'));
  const from = params.has('from') ? parsePageNumber(params.get('from')) : to;
  return from < to && to - from < MAX_RESTORED_PAGES ? { from, to } : { from: to, to };
}

/** Writes a window into URL parameters: `page` unless 1, `from` only when before `page`. */
function writePageWindow(params: URLSearchParams, { from, to }: PageWindow): URLSearchParams {
  params.delete('page');
  params.delete('from');
  if (to > 1) params.set('page', String(to));
  if (from < to) params.set('from', String(from));
  return params;
}

/** `pathname?params` with the page window written in; `pathname` alone when nothing is left. */
export function pageHref(pathname: string, params: URLSearchParams, pages: PageWindow): string {
  return withParams(pathname, writePageWindow(new URLSearchParams(params), pages));
}

export function pageCount(total: number, size = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** What the list under its grid says and links to, for `shown` cards of `total` in `shownPages`. */
export interface PagerModel {
  /** Position of the first and last card shown (1-based), 0 when none. */
  first: number;
  last: number;
  total: number;
  pages: number;
  /** The window is past the last page: the nothing-here state. */
  pastEnd: boolean;
  /** Plain one-page links (no `from`): the page before the first shown, after the last shown. */
  prev: PageWindow | undefined;
  next: PageWindow | undefined;
  /** The window 'טען עוד' goes to (same first page, one more), or none at the end. */
  more: PageWindow | undefined;
}

export function pagerModel(shownPages: PageWindow, shown: number, total: number, size = DEFAULT_PAGE_SIZE): PagerModel {
  const pages = pageCount(total, size);
  const pastEnd = shown === 0 && total > 0;
  const first = shown === 0 ? 0 : (shownPages.from - 1) * size + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  const prevPage = pastEnd ? pages : shownPages.from - 1;
  return {
    first,
    last,
    total,
    pages,
    pastEnd,
    prev: prevPage >= 1 && total > 0 ? { from: prevPage, to: prevPage } : undefined,
    next: !pastEnd && shownPages.to < pages ? { from: shownPages.to + 1, to: shownPages.to + 1 } : undefined,
    more: !pastEnd && shownPages.to < pages ? { from: shownPages.from, to: shownPages.to + 1 } : undefined,
  };
}

/** One page of a list, as the catalogue and the API answer it (a search, a category's detail). */
interface PagedAnswer {
  animals: unknown[];
  total: number;
}

/**
 * Loads the pages of `wanted` through `load` (a catalogue call or an API call taking limit and
 * page): in one request when the window lines up with a page of its own length (always so from
 * page 1) and fits `maxLimit`, else one request per page. An undefined answer (an unknown
 * category) is the answer.
 */
export async function loadPageWindow<A extends PagedAnswer | undefined>(
  wanted: PageWindow,
  load: (paging: { limit: number; page: number }) => Promise<A>,
  { size = DEFAULT_PAGE_SIZE, maxLimit = Number.POSITIVE_INFINITY } = {},
): Promise<A> {
  const length = wanted.to - wanted.from + 1;
  if (length === 1 || ((wanted.from - 1) % length === 0 && length * size <= maxLimit)) {
    return load({ limit: length * size, page: (wanted.from - 1) / length + 1 });
  }
  const answers = await Promise.all(
    Array.from({ length }, (_, index) => load({ limit: size, page: wanted.from + index })),
  );
  const found: PagedAnswer[] = [];
  for (const answer of answers) {
    if (answer === undefined) return answer;
    found.push(answer);
  }
  const last = found[found.length - 1];
  return { ...last, animals: found.flatMap((answer) => answer.animals) } as A;
}

/** The id of the first card of a page in a list (focus lands there after load more). */
export function pageAnchorId(page: number): string {
  return `page-${page}`;
}

/**
 * The load-more form for the URL `href` of the window `more`: a GET form to its path (ending in
 * the new page's first card, so that without JavaScript the browser scrolls there) with the
 * URL's parameters as hidden fields.
 */
export function loadMoreForm(href: string, more: PageWindow): { action: string; fields: [string, string][] } {
  const url = new URL(href, 'http://shop.invalid');
  return { action: `${url.pathname}#${pageAnchorId(more.to)}`, fields: [...url.searchParams] };
}
