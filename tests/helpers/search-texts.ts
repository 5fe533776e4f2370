/**
 * What shoppers type, for the tests that compare two ways of searching (SQLite with PostgreSQL:
 * parity.test.ts; the static build's browser search with the API: static-search.test.ts): Hebrew with
 * niqqud, cantillation and final letters, Latin in any case, LIKE's wildcards and escape, symbols
 * outside the Basic Multilingual Plane, SQL-looking text, padding, no match.
 */
import type { SeedAnimal } from '../../src/server/db/seed/seed-catalogue.ts';
import { catalogueRows, type CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';

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

/** Animals for the hard cases: niqqud, cantillation, final letters, Latin case, LIKE's wildcards, symbols. */
const FIXTURES: SeedAnimal[] = [
  fixtureAnimal('shalom-plain', 'שלום', 'בלי ניקוד בכלל'),
  fixtureAnimal('shalom-niqqud', 'שָׁלוֹם', 'אותו שם עם ניקוד מלא, ואותו מחיר'),
  fixtureAnimal('finals', 'ךםןףץ', 'כל האותיות הסופיות: מלך, שלום, שן, אף, ארץ', { price: 12.5 }),
  fixtureAnimal('cantillation', 'בְּרֵאשִׁ֖ית', 'ניקוד וטעמי מקרא', {
    price: 0.5,
    countInStock: 0,
    rating: 0,
    numReviews: 0,
  }),
  fixtureAnimal('latin', 'Wi-Fi חתול', 'מחובר ל-Router ב-100% מהזמן', { price: 99.9 }),
  fixtureAnimal('underscore', 'ציפור_מבצע', 'מחיר 99.90 ₪ בלבד', { price: 99.9 }),
  fixtureAnimal('emoji', '🐉 דרקונצ׳יק', 'דרקון קטנטן עם גרש', { price: 49_999.99, rating: 5 }),
  fixtureAnimal('latin-case', 'ABC abc', 'UPPER lower MiXeD', { price: 100 }),
];

/** The seed catalogue, synthetic animals and the fixtures, as one catalogue. */
export function parityCatalogue(): CatalogueRows {
  const seed = catalogueRows();
  const extra = catalogueRows([
    { slug: 'parity-fixtures', name: 'בדיקת התאמה', description: 'מקרים קשים', animals: FIXTURES },
  ]);
  return {
    categories: [
      ...seed.categories,
      ...extra.categories.map((category) => ({ ...category, position: seed.categories.length })),
    ],
    animals: [...seed.animals, ...syntheticCatalogue(1500).animals, ...extra.animals],
  };
}
