/**
 * Every catalogue query, written once for both dialects. Answers are the API's
 * entities (src/lib/schemas.ts), so pages and the API hand them on as they are.
 */
import { sql, type Selectable } from 'kysely';
import { foldHebrew } from '../../lib/hebrew.ts';
import type { Animal, AnimalSearchQuery, AnimalSearchResult, Category, ContactMessage, ContactReceipt } from '../../lib/schemas.ts';
import { newId } from './ids.ts';
import type { AnimalTable, CategoryTable, ShopDatabase } from './tables.ts';

export function toCategory(row: Selectable<CategoryTable>): Category {
  return { _id: row.id, slug: row.slug, name: row.name, description: row.description, img: row.img };
}

type AnimalRow = Omit<Selectable<AnimalTable>, 'name_key' | 'search_text' | 'category_id'> & { category_slug: string };

function toAnimal(row: AnimalRow): Animal {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    img: row.img,
    price: Number(row.price),
    countInStock: Number(row.count_in_stock),
    rating: Number(row.rating),
    numReviews: Number(row.num_reviews),
    category: row.category_slug,
  };
}

/** '%' and '_' in a shopper's text are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createCatalogue(db: ShopDatabase) {
  const animals = () =>
    db
      .selectFrom('animal')
      .innerJoin('category', 'category.id', 'animal.category_id')
      .select([
        'animal.id',
        'animal.slug',
        'animal.name',
        'animal.description',
        'animal.img',
        'animal.price',
        'animal.count_in_stock',
        'animal.rating',
        'animal.num_reviews',
        'category.slug as category_slug',
      ]);

  return {
    async listCategories(): Promise<Category[]> {
      const rows = await db.selectFrom('category').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map(toCategory);
    },

    async findCategory(slug: string): Promise<Category | undefined> {
      const row = await db.selectFrom('category').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && toCategory(row);
    },

    async listAnimalsOfCategory(categoryId: string): Promise<Animal[]> {
      const rows = await animals()
        .where('animal.category_id', '=', categoryId)
        .orderBy('animal.name_key')
        .orderBy('animal.id')
        .execute();
      return rows.map(toAnimal);
    },

    async findAnimal(id: string): Promise<Animal | undefined> {
      const row = await animals().where('animal.id', '=', id).executeTakeFirst();
      return row && toAnimal(row);
    },

    /** Name and description, literal text, Hebrew-folded; sorted by name or by price (ties by name). */
    async searchAnimals(query: AnimalSearchQuery): Promise<AnimalSearchResult> {
      const folded = foldHebrew(query.search);
      const matching = folded
        ? animals().where(sql<boolean>`animal.search_text like ${likePattern(folded)} escape '\\'`)
        : animals();
      let page = matching;
      page =
        query.sort === 'price'
          ? page.orderBy('animal.price').orderBy('animal.name_key').orderBy('animal.id')
          : page.orderBy('animal.name_key').orderBy('animal.id');
      if (query.limit !== undefined) {
        page = page.limit(query.limit).offset((Math.max(1, query.page ?? 1) - 1) * query.limit);
      }
      const countQuery = db
        .selectFrom('animal')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .$if(Boolean(folded), (qb) => qb.where(sql<boolean>`search_text like ${likePattern(folded)} escape '\\'`));
      const [rows, count] = await Promise.all([page.execute(), countQuery.executeTakeFirstOrThrow()]);
      return { animals: rows.map(toAnimal), total: Number(count.total) };
    },

    async saveContactMessage(message: ContactMessage): Promise<ContactReceipt> {
      const receipt = { _id: newId(), createdAt: new Date().toISOString() };
      await db
        .insertInto('contact_message')
        .values({ id: receipt._id, subject: message.subject, message: message.message, created_at: receipt.createdAt })
        .execute();
      return receipt;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
