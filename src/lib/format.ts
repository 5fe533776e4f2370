/** How the shop writes prices, ratings and short descriptions. */

export const DESCRIPTION_LIMIT = 100;
export const STAR_COUNT = 5;

const priceFormat = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });

/** 12500 → '₪12,500' (the shekel sign stands before the number, as in Israeli shops). */
export function formatPrice(price: number): string {
  return `₪${priceFormat.format(price)}`;
}

/** A rating with one decimal: 4 → '4.0'. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** How many of the five stars are filled: the floor of the rating, within 0..5. */
export function filledStars(rating: number): number {
  return Math.min(STAR_COUNT, Math.max(0, Math.floor(rating)));
}

/** Cards cut a description to 100 characters plus '...' when it is longer. */
export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
