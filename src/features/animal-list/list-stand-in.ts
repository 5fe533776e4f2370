/**
 * A static host has one file for /products: the plain list. When the address asks for another list (a
 * search, filters, other pages), that list stands in until the island has the address's answer. The
 * head's script marks the page before its first paint, so the stand-in shows as any list does while a
 * search loads (dimmed, its count hidden) instead of as the answer; the island lifts the mark once its
 * own state shows the same, and replaces the stand-in's cards with new ones (nothing of it moves).
 * Without JavaScript nothing is marked: the plain list is the page.
 */
const STAND_IN_ATTRIBUTE = 'data-list-stand-in';

/** Inline in the head (its hash is in the page's CSP): any query string may name another list. */
export const standInScript = `if(location.search.length>1)document.documentElement.setAttribute('${STAND_IN_ATTRIBUTE}','')`;

/** The island shows the list's state itself from now on. */
export function endStandIn(): void {
  document.documentElement.removeAttribute(STAND_IN_ATTRIBUTE);
}
