/**
 * Which pictures of a list load at once (docs/decisions/0012-first-paint-pictures-and-stylesheet.md): the first row of cards loads its
 * pictures eagerly and the rest lazily, so the largest picture above the fold (a list's LCP element)
 * does not wait for layout. The first row is counted at the grid's widest breakpoint (CARD_GRID: 3
 * columns from lg), so it is the first row at every width: on a phone (1 column) the 2nd and 3rd
 * cards load early too, which costs two small pictures; a narrower count would leave a wide screen's
 * first row lazy. Exactly one picture a page asks for high priority: the page's first, largest one
 * (an animal's picture, a category's hero, else a list's first card).
 */

/** The widest column count of CARD_GRID (src/lib/classes.ts): `lg:grid-cols-3`. */
const CARD_GRID_WIDEST_ROW = 3;

interface PictureLoading {
  loading: 'eager' | 'lazy';
  /** `high` on the page's first picture only; otherwise left out (the browser's default). */
  fetchPriority?: 'high';
}

/** The page's one most important picture: eager, fetched first. */
export const LEADING_PICTURE: PictureLoading = { loading: 'eager', fetchPriority: 'high' };

/**
 * How the picture of the card at `position` (0-based, in the order shown) loads, in a list whose
 * first row has `rowLength` cards. `leads`: this list's first picture is the page's leading one
 * (false when something larger comes before it, e.g. a category's hero).
 */
export function cardPictureLoading(
  position: number | undefined,
  {
    rowLength = CARD_GRID_WIDEST_ROW,
    leads = true,
  }: { rowLength?: number | undefined; leads?: boolean | undefined } = {},
): PictureLoading {
  if (position === undefined || position >= rowLength) return { loading: 'lazy' };
  return position === 0 && leads ? LEADING_PICTURE : { loading: 'eager' };
}
