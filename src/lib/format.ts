/** How the shop writes prices, ratings and short descriptions. */

export const DESCRIPTION_LIMIT = 100;
export const STAR_COUNT = 5;

const priceFormat = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });

/** 12500 → '₪12,500' (the shekel sign stands before the number, as in Israeli shops). */
export function formatPrice(price: number): string {
  return `₪${priceFormat.format(Number.isFinite(price) ? price : 0)}`;
}

const countFormat = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 });

/** 31283 → '31,283' (counts of animals). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A rating with one decimal: 4 → '4.0'. Anything that is not a number shows as '0.0'. */
export function formatRating(rating: number): string {
  return (Number.isFinite(rating) ? rating : 0).toFixed(1);
}

/** How many of the five stars are filled: the floor of the rating, within 0..5. */
export function filledStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(STAR_COUNT, Math.max(0, Math.floor(rating)));
}

/**
 * Cards cut a description to 100 characters plus '...' when it is longer. Characters
 * are counted as code points, so a cut never splits an emoji in half.
 */
export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}...` : text;
}
