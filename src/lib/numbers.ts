/**
 * How the shop writes numbers in Hebrew text, as Intl's he-IL format writes them: thousands grouped with
 * commas. Written out rather than through `Intl.NumberFormat`: a page's first Intl number format loads the
 * browser's locale data, a long task on a slow phone while the page's scripts start. Prices build on this
 * (./format.ts).
 */

/** '1234567' → '1,234,567' (a string of digits). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 31283 → '31,283' (counts of animals), rounded to a whole number. */
export function formatCount(count: number): string {
  // Values the shop never shows (negative, non-finite, a trillion or more) are left to Intl.
  if (!(count >= 0 && count < 1e12)) return new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 }).format(count);
  return groupThousands(String(Math.round(count)));
}
