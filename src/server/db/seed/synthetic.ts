/** A large synthetic catalogue for benchmarks, assembled from word lists by a seeded generator (every run the same). */
import { seedCatalogue } from './seed-catalogue.ts';
import { stableId } from '../ids.ts';
import { animalRow, animalPicture, catalogueRows, type CatalogueRows } from './seed.ts';
import { seededRandom } from '../../../lib/seeded-random.ts';

const CREATURES = [
  'דרקון',
  'חד-קרן',
  'גריפון',
  'קיפוד',
  'ינשוף',
  'תנין',
  'צב',
  'זיקית',
  'לטאה',
  'עטלף',
  'שועל',
  'דג',
  'נחש',
  'פרפר',
  'חילזון',
];
const TRAITS = [
  'מנומר',
  'מעופף',
  'זוהר',
  'מצחקק',
  'ישנוני',
  'מתולתל',
  'קטן',
  'ענק',
  'כחול',
  'סגול',
  'מנצנץ',
  'חרוץ',
  'ביישן',
  'אמיץ',
];
const PLACES = ['ההרים', 'הענן', 'המדבר', 'הים', 'היער', 'המטבח', 'הספרייה', 'הירח', 'המערה', 'הגינה'];
const SENTENCES = [
  'אוהב לשיר בבוקר ולאכול פירות יער.',
  'יצור קטן עם לב גדול ונטייה לאסוף כפתורים.',
  'מסתדר נהדר עם ילדים, חתולים ועציצים.',
  'דורש טיול יומי ושיחה עמוקה לפני השינה.',
  'זוהר מעט בחושך, כך שאין צורך במנורת לילה.',
  'נוטה להתחבא בארון כשיש רעמים.',
  'מגיע עם תעודת אחריות לשנתיים.',
];

function pick<T>(items: readonly T[], next: () => number): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** The words the synthetic names are made of (the search bench builds its queries from them). */
export const SYNTHETIC_WORDS = { creatures: CREATURES, traits: TRAITS } as const;

/** The seed catalogue's categories plus `count` generated animals spread across them. */

export function syntheticCatalogue(count: number, seed = 2010): CatalogueRows {
  const base = catalogueRows();
  const pictures = seedCatalogue.flatMap((category) => category.animals.map((animal) => animalPicture(animal.slug)));
  const next = seededRandom(seed);
  const animals = Array.from({ length: count }, (_, index) => {
    const category = base.categories[index % base.categories.length];
    if (!category) throw new Error('the seed catalogue has no categories');
    const slug = `synthetic-${index}`;
    const sentences = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SENTENCES, next));
    return animalRow(stableId('animal', slug), category.id, {
      slug,
      name: `${pick(CREATURES, next)} ${pick(TRAITS, next)} ${index}`,
      description: `נולד ב${pick(PLACES, next)}. ${sentences.join(' ')}`,
      img: pick(pictures, next),
      price: Math.round(20 + next() ** 3 * 50_000),
      countInStock: Math.floor(next() * 21),
      rating: Math.round(next() * 50) / 10,
      numReviews: Math.floor(next() * 2000),
    });
  });
  return { categories: base.categories, animals };
}
