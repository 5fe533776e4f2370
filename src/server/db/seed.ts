/**
 * Puts the shop's own catalogue (./catalogue.ts) into the database. Idempotent:
 * ids are derived from slugs, and a reseed replaces the catalogue in one transaction.
 */
import { sql, type Insertable } from 'kysely';
import { searchText, sortKey } from '../../lib/hebrew.ts';
import { seedCatalogue, type SeedCategory } from './seed-catalogue.ts';
import { stableId } from './ids.ts';
import { animalSearchRows, insertSearchWords } from './animal-words.ts';
import type { AnimalTable, CategoryTable, ShopDatabase } from './tables.ts';

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
    name_key: sortKey(animal.name),
    search_text: searchText(animal.name, animal.description),
    ...animalSearchRows(animal).columns,
  };
}

const BATCH = 500;

/**
 * Replaces the whole catalogue (categories and animals) with the given rows and the catalogue's word
 * list (./animal-words.ts), in one transaction (readers see the old catalogue or the new one). Contact messages stay. Then refreshes the
 * planner's statistics (plain `analyze`, on both dialects), so that the next query on a freshly
 * loaded large catalogue is planned for its real size.
 */
export async function replaceCatalogue(db: ShopDatabase, rows: CatalogueRows = catalogueRows()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_word').execute();
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
  });
  await sql`analyze`.execute(db);
}

/**
 * First start: seed when there is no catalogue yet. Safe on every start and from several
 * servers at once: ids are stable, so a second writer's rows collide and are skipped.
 */
export async function seedIfEmpty(db: ShopDatabase): Promise<boolean> {
  const existing = await db.selectFrom('category').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
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
