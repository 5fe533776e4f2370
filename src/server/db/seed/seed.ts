/** Puts the shop's own catalogue into the database; ids derive from slugs, and a reseed replaces the catalogue in one transaction. */
import { sql, type Insertable } from 'kysely';
import { seedCatalogue, type SeedCategory } from './seed-catalogue.ts';
import { changesSinceSeed, recordAudit, SEED_ACTION, type Actor } from '../catalogue/audit.ts';
import { stableId } from '../ids.ts';
import { insertSearchWords } from '../search/animal-words.ts';
import { searchColumnsFor } from '../search/animal-words.ts';
import type { AnimalTable, CategoryTable, ShopDatabase } from '../tables.ts';

export const animalPicture = (slug: string) => `/art/animals/${slug}.svg`;
export const categoryPicture = (slug: string) => `/art/categories/${slug}.svg`;

export interface CatalogueRows {
  categories: Insertable<CategoryTable>[];
  animals: Insertable<AnimalTable>[];
}

/** The rows of a catalogue, with search and sort columns computed by the one function that computes them. */
export function catalogueRows(source: readonly SeedCategory[] = seedCatalogue): CatalogueRows {
  const categories: Insertable<CategoryTable>[] = [];
  const animals: Insertable<AnimalTable>[] = [];
  source.forEach((category, position) => {
    const categoryId = stableId('category', category.slug);
    categories.push({
      id: categoryId,
      slug: category.slug,
      name: category.name,
      description: category.description,
      img: categoryPicture(category.slug),
      position,
    });
    for (const animal of category.animals) {
      animals.push(
        animalRow(stableId('animal', animal.slug), categoryId, { ...animal, img: animalPicture(animal.slug) }),
      );
    }
  });
  return { categories, animals };
}

export function animalRow(
  id: string,
  categoryId: string,
  animal: Omit<SeedCategory['animals'][number], 'img'> & { img: string },
): Insertable<AnimalTable> {
  return {
    id,
    slug: animal.slug,
    name: animal.name,
    description: animal.description,
    img: animal.img,
    price: animal.price,
    count_in_stock: animal.countInStock,
    rating: animal.rating,
    num_reviews: animal.numReviews,
    category_id: categoryId,
    ...searchColumnsFor(animal),
  };
}

const BATCH = 500;

/** Replaces the whole catalogue and its word list in one transaction (contact messages stay), then `analyze`s. */
export async function replaceCatalogue(
  db: ShopDatabase,
  rows: CatalogueRows = catalogueRows(),
  /** Who seeds (`npm run seed`): recorded in the audit, so changes after it count as the owner's. */
  who?: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_word').execute();
    // Animals of the catalogue replaced are not put back into the new one.
    await trx.deleteFrom('animal_trash').execute();
    await trx.deleteFrom('animal').execute();
    await trx.deleteFrom('category').execute();
    for (let i = 0; i < rows.categories.length; i += BATCH) {
      await trx
        .insertInto('category')
        .values(rows.categories.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < rows.animals.length; i += BATCH) {
      await trx
        .insertInto('animal')
        .values(rows.animals.slice(i, i + BATCH))
        .execute();
    }
    await insertSearchWords(trx, rows.animals);
    if (who) {
      const after = { categories: rows.categories.length, animals: rows.animals.length };
      await recordAudit(trx, who, new Date(), [
        { action: SEED_ACTION, entity: 'catalogue', entityId: null, before: null, after },
      ]);
    }
  });
  await sql`analyze`.execute(db);
}

const seedMessages = {
  refused: (changes: number) =>
    `הקטלוג שונה מאז הזריעה האחרונה: ${changes === 1 ? 'שינוי אחד' : `${changes} שינויים`} ביומן. ` +
    'הזריעה מחליפה את כל הקטלוג, ולכן לא בוצעה. לשמירת גיבוי: npm run catalogue -- export גיבוי.csv; ' +
    'להחלפה בכל זאת: npm run seed -- --force',
} as const;

/** The owner has changed the catalogue since it was last seeded: seeding again would wipe those changes. */
export class SeedRefusedError extends Error {
  readonly changes: number;
  constructor(changes: number) {
    super(seedMessages.refused(changes));
    this.name = 'SeedRefusedError';
    this.changes = changes;
  }
}

/** `npm run seed`: refuses when the audit holds the owner's changes since the last seed, unless `force`. */
export async function reseed(
  db: ShopDatabase,
  rows: CatalogueRows,
  { who, force = false }: { who: Actor; force?: boolean },
): Promise<void> {
  const changes = await changesSinceSeed(db);
  if (changes > 0 && !force) throw new SeedRefusedError(changes);
  await replaceCatalogue(db, rows, who);
}

/** First start: seeds when there is no catalogue, safely from several servers (stable ids collide); an emptied catalogue stays empty. */
export async function seedIfEmpty(db: ShopDatabase): Promise<boolean> {
  const existing = await db.selectFrom('category').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // A change to the content pages is not the owner's catalogue: it does not stop the seed.
  const changed = await db.selectFrom('audit').select('id').where('entity', '!=', 'page').limit(1).executeTakeFirst();
  if (changed) return false;
  const rows = catalogueRows();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('category')
      .values(rows.categories)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    for (let i = 0; i < rows.animals.length; i += BATCH) {
      await trx
        .insertInto('animal')
        .values(rows.animals.slice(i, i + BATCH))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    await insertSearchWords(trx, rows.animals);
  });
  return true;
}
