/**
 * Every catalogue query, written once for both dialects. Answers are the API's
 * entities (src/lib/schemas.ts), so pages and the API hand them on as they are.
 */
import { sql, type Selectable } from 'kysely';
import { pageOffset, searchNeedle, SORT_COLUMNS } from '../../lib/search-rules.ts';
import {
  ID_PATTERN,
  SLUG_PATTERN,
  type Animal,
  type AnimalSearchQuery,
  type AnimalSearchResult,
  type Category,
  type CategoryDetail,
  type ContactMessage,
  type ContactReceipt,
  type PageQuery,
} from '../../lib/schemas.ts';
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

const NUL = '\u0000';

/** PostgreSQL's text type cannot hold U+0000 (nobody types it); both databases store the rest. */
function withoutNul(text: string): string {
  return text.replaceAll(NUL, '');
}

/** '%' and '_' in a shopper's text are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The columns an Animal is made of (animal joined with its category). */
const ANIMAL_COLUMNS = [
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
] as const;

/**
 * Up to this many matches, a search page is read by finding the matches first and sorting them;
 * above it, by walking the sort order's index until the page is full (see searchAnimals).
 */
export const SPARSE_MATCHES = 5000;

/** Rows to skip for a page: none without a limit (the whole list), else (page - 1) × limit. */
function offsetOf(paging: PageQuery): number {
  return pageOffset(paging);
}

export interface CatalogueOptions {
  /** Tests set this to 0 (always walk the index) or Infinity (always find the matches first). */
  sparseMatches?: number;
}

export function createCatalogue(db: ShopDatabase, { sparseMatches = SPARSE_MATCHES }: CatalogueOptions = {}) {
  const animals = () => db.selectFrom('animal').innerJoin('category', 'category.id', 'animal.category_id').select(ANIMAL_COLUMNS);

  const catalogue = {
    async listCategories(): Promise<Category[]> {
      const rows = await db.selectFrom('category').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map(toCategory);
    },

    /** A category by slug; undefined for an unknown or malformed slug. */
    async findCategory(slug: string): Promise<Category | undefined> {
      if (!SLUG_PATTERN.test(slug)) return undefined;
      const row = await db.selectFrom('category').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && toCategory(row);
    },

    /**
     * A category with one page of its animals (Hebrew name order; all of them without a limit) and
     * how many it has (counted in the database); undefined for an unknown or malformed slug.
     */
    async findCategoryDetail(slug: string, paging: PageQuery = {}): Promise<CategoryDetail | undefined> {
      const category = await catalogue.findCategory(slug);
      if (!category) return undefined;
      const count = await db
        .selectFrom('animal')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .where('animal.category_id', '=', category._id)
        .executeTakeFirstOrThrow();
      const total = Number(count.total);
      const offset = offsetOf(paging);
      if (total === 0 || offset >= total) return { category, animals: [], total };
      const rows = await animals()
        .where('animal.category_id', '=', category._id)
        .orderBy('animal.name_key')
        .orderBy('animal.id')
        .$if(paging.limit !== undefined, (qb) => qb.limit(paging.limit!).offset(offset))
        .execute();
      return { category, animals: rows.map(toAnimal), total };
    },

    /** An animal by id; undefined for an unknown or malformed id. */
    async findAnimal(id: string): Promise<Animal | undefined> {
      if (!ID_PATTERN.test(id)) return undefined;
      const row = await animals().where('animal.id', '=', id).executeTakeFirst();
      return row && toAnimal(row);
    },

    /**
     * Name and description, literal text, Hebrew-folded; sorted by name or by price (ties by name).
     * One query path for both databases, in up to two steps:
     * 1. Count the matches (PostgreSQL: through the trigram index; SQLite: a scan of the covering
     *    search index). Nothing to show (no match, or a page past the end): done, one query.
     * 2. Read the page. Many matches: walk the sort order's index and filter, which stops as soon as
     *    the page is full. Few matches (up to sparseMatches): walking the index would visit most of
     *    the catalogue to find them (measured: about a second on SQLite for 20 matches among
     *    100,000), so find the matches first (a materialized CTE; CROSS JOIN keeps SQLite from
     *    reordering the join, and means an inner join to PostgreSQL) and sort just those.
     */
    async searchAnimals(query: AnimalSearchQuery): Promise<AnimalSearchResult> {
      const folded = searchNeedle(query.search);
      // No stored text holds U+0000 (PostgreSQL's text cannot; SQLite's LIKE would stop reading the pattern there).
      if (folded.includes(NUL)) return { animals: [], total: 0 };
      const matching = sql<boolean>`animal.search_text like ${likePattern(folded)} escape '\\'`;
      const count = await db
        .selectFrom('animal')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .$if(Boolean(folded), (qb) => qb.where(matching))
        .executeTakeFirstOrThrow();
      const total = Number(count.total);
      const limit = query.limit;
      const offset = offsetOf(query);
      if (total === 0 || offset >= total) return { animals: [], total };

      const page = !folded || total > sparseMatches
        ? animals().$if(Boolean(folded), (qb) => qb.where(matching))
        : db
            .with(
              (cte) => cte('matches').materialized(),
              (qb) => qb.selectFrom('animal').select('animal.id as match_id').where(matching),
            )
            .selectFrom('matches')
            .crossJoin('animal')
            .innerJoin('category', 'category.id', 'animal.category_id')
            .whereRef('animal.id', '=', 'matches.match_id')
            .select(ANIMAL_COLUMNS);
      // The order of src/lib/search-rules.ts (shared with the static build's browser search).
      const ordered = SORT_COLUMNS[query.sort].reduce((qb, column) => qb.orderBy(`animal.${column}`), page);
      const rows = await ordered
        .$if(limit !== undefined, (qb) => qb.limit(limit!).offset(offset))
        .execute();
      return { animals: rows.map(toAnimal), total };
    },

    async saveContactMessage(message: ContactMessage): Promise<ContactReceipt> {
      const receipt = { _id: newId(), createdAt: new Date().toISOString() };
      await db
        .insertInto('contact_message')
        .values({
          id: receipt._id,
          subject: withoutNul(message.subject),
          message: withoutNul(message.message),
          created_at: receipt.createdAt,
        })
        .execute();
      return receipt;
    },
  };
  return catalogue;
}

export type Catalogue = ReturnType<typeof createCatalogue>;
