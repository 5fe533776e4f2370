/**
 * Every catalogue query, written once for both dialects. Answers are the API's
 * entities (src/lib/schemas.ts), so pages and the API hand them on as they are.
 */
import { SHOWN_TO_SHOPPERS } from './shown-to-shoppers.ts';
import type { Selectable } from 'kysely';
import { pageOffset, SORT_COLUMNS } from '../../../lib/search-rules.ts';
import {
  ID_PATTERN,
  SLUG_PATTERN,
  type Animal,
  type Category,
  type CategoryDetail,
  type PageQuery,
} from '../../../lib/schemas.ts';
import type { CategoryTable, ShopDatabase } from '../tables.ts';
import { ANIMAL_COLUMNS, toAnimal } from './animal-rows.ts';
import { createAnimalSearch } from '../search/animal-search.ts';
import { createAnimalSuggest } from '../search/animal-suggest.ts';
import type { CatalogueVersion } from '../catalogue-index/catalogue-version.ts';
import { createCatalogueIndexKeeper, type CatalogueIndexOptions } from '../catalogue-index/catalogue-index-keeper.ts';
import { createTotals, MAX_CACHED_TOTALS } from '../search/totals-per-version.ts';

export function toCategory(row: Selectable<CategoryTable>): Category {
  return { _id: row.id, slug: row.slug, name: row.name, description: row.description, img: row.img };
}

/** Rows to skip for a page: none without a limit (the whole list), else (page - 1) × limit. */
function offsetOf(paging: PageQuery): number {
  return pageOffset(paging);
}

interface CatalogueOptions {
  /**
   * Tests set this to 0 (always walk the index) or Infinity (always find the matches first, up to
   * that many); otherwise findMatchesFirst decides.
   */
  sparseMatches?: number;
  /** Tests set this to 0: a text's matches always counted and sorted in SQL (../search/animal-search.ts MATCHES_READ_AT_ONCE). */
  matchesReadAtOnce?: number;
  /** Most matches kept read across texts (../search/animal-search.ts MATCHES_KEPT); tests set 0 to keep none. */
  matchesKept?: number;
  /** Tests set this to 0: suggestions always sort the words' rows (../search/animal-suggest.ts MERGED_WORDS). */
  suggestMergeUpTo?: number;
  /** Most totals cached (../search/totals-per-version.ts); 0 counts every time. */
  cachedTotals?: number;
  /** The process's catalogue-version reader (../catalogue-index/catalogue-version.ts), shared with the answer cache. */
  catalogueVersion?: CatalogueVersion;
  /** The search's catalogue index in memory (../catalogue-index/catalogue-index-keeper.ts); tests set `mostAnimals: 0` to search in SQL alone. */
  catalogueIndex?: CatalogueIndexOptions;
}

export function createCatalogue(
  db: ShopDatabase,
  {
    sparseMatches,
    matchesReadAtOnce,
    matchesKept,
    suggestMergeUpTo,
    cachedTotals = MAX_CACHED_TOTALS,
    catalogueVersion,
    catalogueIndex,
  }: CatalogueOptions = {},
) {
  const animals = () =>
    db
      .selectFrom('animal')
      .innerJoin('category', 'category.id', 'animal.category_id')
      .select(ANIMAL_COLUMNS)
      .where(SHOWN_TO_SHOPPERS);
  const totals = createTotals(db, cachedTotals, catalogueVersion);
  const index = createCatalogueIndexKeeper(db, catalogueIndex);
  const search = createAnimalSearch(db, totals, { sparseMatches, matchesReadAtOnce, matchesKept, index });
  const suggestions = createAnimalSuggest(db, totals, { mergeUpTo: suggestMergeUpTo, index });
  const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).total);

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
      const total = await (
        await totals.current()
      ).of(`category\u0000${category._id}`, () =>
        countOf(
          db
            .selectFrom('animal')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
            .where('animal.category_id', '=', category._id)
            .where(SHOWN_TO_SHOPPERS),
        ),
      );
      const offset = offsetOf(paging);
      if (total === 0 || offset >= total) return { category, animals: [], total };
      // Ids first (from the category index alone), then their rows: a deep page reads 24 rows, not all it skips.
      const rows = await db
        .with(
          (cte) => cte('matches').materialized(),
          (qb) =>
            qb
              .selectFrom('animal')
              .select('animal.id as match_id')
              .where('animal.category_id', '=', category._id)
              .where(SHOWN_TO_SHOPPERS)
              .$call((qb) => SORT_COLUMNS.name.reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
              .$if(paging.limit !== undefined, (inner) => inner.limit(paging.limit!).offset(offset)),
        )
        .selectFrom('matches')
        .crossJoin('animal')
        .innerJoin('category', 'category.id', 'animal.category_id')
        .whereRef('animal.id', '=', 'matches.match_id')
        .select(ANIMAL_COLUMNS)
        .$call((qb) => SORT_COLUMNS.name.reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
        .execute();
      return { category, animals: rows.map(toAnimal), total };
    },

    /**
     * The current slug of a category the owner renamed from `slug` (its old address answers with a
     * permanent redirect there); undefined when no category ever had that slug.
     */
    async renamedCategory(slug: string): Promise<string | undefined> {
      if (!SLUG_PATTERN.test(slug)) return undefined;
      const row = await db
        .selectFrom('category_redirect')
        .innerJoin('category', 'category.id', 'category_redirect.category_id')
        .select('category.slug')
        .where('category_redirect.old_slug', '=', slug)
        .executeTakeFirst();
      return row?.slug;
    },

    /** An animal by id; undefined for an unknown or malformed id. */
    async findAnimal(id: string): Promise<Animal | undefined> {
      if (!ID_PATTERN.test(id)) return undefined;
      const row = await animals().where('animal.id', '=', id).executeTakeFirst();
      return row && toAnimal(row);
    },

    /** The search (../search/animal-search.ts). */
    searchAnimals: search.searchAnimals,

    /** Reads the search's catalogue index of the current version, if one is kept (../catalogue-index/catalogue-index-keeper.ts). */
    readSearchIndex: search.readSearchIndex,

    /** The last reading of the search's catalogue index: when, and how long it took. */
    searchIndexReading: () => index.lastReading(),

    /** Settles when no reading of the search's catalogue index is under way (before the database closes). */
    whenSearchIndexRead: () => index.whenRead(),

    /** Suggestions for the header's search field (../search/animal-suggest.ts). */
    suggest: (text: string) => suggestions.suggest(text),
  };
  return catalogue;
}

export type Catalogue = ReturnType<typeof createCatalogue>;
