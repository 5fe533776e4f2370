/** Every catalogue query, written once for both dialects; answers are the API's entities. */
import { SHOWN_TO_SHOPPERS } from './shown-to-shoppers.ts';
import type { Selectable } from 'kysely';
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
import { createAnimalSearch } from '../../search/index.ts';
import { readCatalogueVersion, type CatalogueVersion } from '../../search/index.ts';
import { createCatalogueIndexKeeper, type CatalogueIndexOptions } from '../../search/index.ts';

export function toCategory(row: Selectable<CategoryTable>): Category {
  return { _id: row.id, slug: row.slug, name: row.name, description: row.description, img: row.img };
}

interface CatalogueOptions {
  /** The process's catalogue-version reader (../../search/catalogue-version.ts), shared with the response cache; none: read per list. */
  catalogueVersion?: CatalogueVersion;
  /** The catalogue index in memory (../../search/catalogue-index-keeper.ts). */
  catalogueIndex?: CatalogueIndexOptions;
}

export function createCatalogue(db: ShopDatabase, { catalogueVersion, catalogueIndex }: CatalogueOptions = {}) {
  const animals = () =>
    db
      .selectFrom('animal')
      .innerJoin('category', 'category.id', 'animal.category_id')
      .select(ANIMAL_COLUMNS)
      .where(SHOWN_TO_SHOPPERS);
  const index = createCatalogueIndexKeeper(db, catalogueIndex);
  const lists = createAnimalSearch(db, catalogueVersion ?? (() => readCatalogueVersion(db)), index);

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

    /** A category with one page of its animals (name order) and how many it has; undefined for an unknown slug. */
    async findCategoryDetail(slug: string, paging: PageQuery = {}): Promise<CategoryDetail | undefined> {
      const category = await catalogue.findCategory(slug);
      if (!category) return undefined;
      return { category, ...(await lists.categoryPage(category.slug, paging)) };
    },

    /** The current slug of a category renamed from `slug`, for its redirect; undefined when none ever had it. */
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

    /**
     * The animals of `ids` that shoppers are shown, in the order asked (a favourites list): an unknown,
     * hidden or malformed id is left out.
     */
    async findAnimals(ids: readonly string[]): Promise<Animal[]> {
      const wanted = [...new Set(ids.filter((id) => ID_PATTERN.test(id)))];
      if (wanted.length === 0) return [];
      const rows = await animals().where('animal.id', 'in', wanted).execute();
      const byId = new Map(rows.map((row) => [row.id, toAnimal(row)]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },

    searchAnimals: lists.searchAnimals,

    readSearchIndex: lists.readSearchIndex,

    /** The catalogue index at catalogue `version` or later: the admin's table reads it too. */
    indexAt: (version: string) => index.at(version),

    /** The last reading of the search's catalogue index: when, and how long it took. */
    searchIndexReading: () => index.lastReading(),

    /** Settles when no reading of the search's catalogue index is under way (before the database closes). */
    whenSearchIndexRead: () => index.whenRead(),

    suggest: lists.suggest,

    /** The animals most like an animal, for its page (../../search/animal-search.ts). */
    similarAnimals: lists.similar,
  };
  return catalogue;
}

export type Catalogue = ReturnType<typeof createCatalogue>;
