/**
 * Where the pages of a long sorted list start, remembered per search, sort and catalogue version
 * (kept by ./totals-per-version.ts, cleared with the totals when the catalogue changes).
 *
 * Page N of a common word is found by walking the sort order's index past (N − 1) × limit matches:
 * page 100 of 'קטן' steps over about 7,700 index entries (SQLite) or rows (PostgreSQL). Each page
 * read tells where it starts and ends (the sort key of the row before its first and of its last), so
 * the next page (a "next" link, 'טען עוד') and the same page again start with a seek to that key —
 * `(price, name_key, id) > (…)` on the same index — and skip nothing. The rows and their order are
 * the ones the plain offset gives: the key is unique (it ends with the id) and the list is the same
 * list, for as long as the catalogue version is the same.
 */
import type { PageStart } from './totals-per-version.ts';

/** Page starts kept per list; a list read further than this many pages apart keeps its first ones. */
const MAX_STARTS_PER_LIST = 100;

/** The start with the largest position not after `offset`, if any (position 0 needs none). */
export function pageStartFor(list: readonly PageStart[], offset: number): PageStart | undefined {
  let best: PageStart | undefined;
  for (const start of list) if (start.position <= offset && (!best || start.position > best.position)) best = start;
  return best;
}

export function rememberPageStart(list: PageStart[], start: PageStart): void {
  if (start.position <= 0 || list.length >= MAX_STARTS_PER_LIST) return;
  if (list.some((known) => known.position === start.position)) return;
  list.push(start);
}
