/**
 * What shoppers type, for the tests that compare two ways of searching (SQLite with PostgreSQL:
 * parity.test.ts; the static build's browser search with the API: static-search.test.ts): Hebrew with
 * niqqud, cantillation and final letters, Latin in any case, LIKE's wildcards and escape, symbols
 * outside the Basic Multilingual Plane, SQL-looking text, padding, no match.
 */
import type { SeedAnimal } from '../../src/server/db/seed-catalogue.ts';

export const SEARCH_TEXTS = [
  '',
  'קטן',
  'קטנה',
  'דרקון',
  'דרקונ',
  'דְּרָקוֹן',
  'שלום',
  'שָׁלוֹם',
  'שלומ',
  'ך',
  'ם',
  'ךםןףץ',
  'מלכ',
  'בראשית',
  'בְּרֵאשִׁ֖ית',
  'Wi-Fi',
  'wi-fi',
  'WI',
  'router',
  '100%',
  '%',
  '_',
  'ציפור_',
  '99.90',
  '₪',
  '🐉',
  '￦',
  'צ׳',
  'usb',
  'USB',
  'upper LOWER',
  'אין כזה תיפלץ',
  'zzz',
  "' OR 1=1 --",
  '\\',
  '  קטן  ',
  'א',
  'a',
  'נולד בהרים',
  'ה',
  'ם ',
  'זוג לסימן',
] as const;

/** An animal made up for a test, with only what the test cares about given. */
export const fixtureAnimal = (
  slug: string,
  name: string,
  description: string,
  more: Partial<SeedAnimal> = {},
): SeedAnimal => ({
  slug,
  name,
  description,
  price: 100,
  countInStock: 1,
  rating: 4.3,
  numReviews: 7,
  ...more,
});
