/**
 * The first card of each page of a list carries the page's id and tabindex -1: after 'טען עוד'
 * focus moves to the first new card's item, so the next Tab reaches the first new card, and
 * without JavaScript the load-more form's URL ends in it.
 */
import { DEFAULT_PAGE_SIZE, pageAnchorId } from '../../lib/paging.ts';

export function pageAnchor(firstPage: number, index: number): { id?: string; tabIndex?: number } {
  if (index % DEFAULT_PAGE_SIZE !== 0) return {};
  return { id: pageAnchorId(firstPage + index / DEFAULT_PAGE_SIZE), tabIndex: -1 };
}
