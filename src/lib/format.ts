/** How the shop writes prices, ratings and short descriptions (counts: ./numbers.ts). */
import { groupThousands } from './numbers.ts';

export const DESCRIPTION_LIMIT = 100;
/**
 * A page's description for search engines and link previews (its meta description, og:description and
 * structured data) cuts the animal's or category's description here: about what a search result shows,
 * and a page's <head> stays small however long the description the owner wrote.
 */
export const SNIPPET_LIMIT = 150;
const STAR_COUNT = 5;

/**
 * 12500 → '₪12,500', 99.5 → '₪99.5' (the shekel sign stands before the number, as in Israeli shops): at
 * most two decimals, the shortest decimal form of the price rounded half up, as Intl's he-IL format writes
 * it (written out for the reason ./numbers.ts gives).
 */
export function formatPrice(price: number): string {
  const value = Number.isFinite(price) ? price : 0;
  // Prices the shop never shows (negative, a trillion or more) are left to Intl.
  if (!(value >= 0 && value < 1e12))
    return `₪${new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 }).format(value)}`;
  const [whole = '0', tail = ''] = String(value < 1e-6 ? 0 : value).split('.');
  const agorot = Number(whole + tail.slice(0, 2).padEnd(2, '0')) + ((tail[2] ?? '0') >= '5' ? 1 : 0);
  const shekels = groupThousands(String(Math.floor(agorot / 100)));
  // The agorot as decimals, without trailing zeros: 50 → '.5', 5 → '.05', 0 → none.
  const decimals = String(agorot % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return decimals ? `₪${shekels}.${decimals}` : `₪${shekels}`;
}

/** A rating with one decimal: 4 → '4.0'. Anything that is not a number shows as '0.0'. */
export function formatRating(rating: number): string {
  return (Number.isFinite(rating) ? rating : 0).toFixed(1);
}

/** How many of the five stars can be filled (the icon sprite has a row for each: `stars-0` … `stars-5`). */
export type FilledStars = 0 | 1 | 2 | 3 | 4 | 5;

/** How many of the five stars are filled: the floor of the rating, within 0..5. */
export function filledStars(rating: number): FilledStars {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(STAR_COUNT, Math.max(0, Math.floor(rating))) as FilledStars;
}

/**
 * Cards cut a description to 100 characters plus '...' when it is longer. Characters
 * are counted as code points, so a cut never splits an emoji in half.
 */
export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}...` : text;
}
